import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RouterLinkContext, type PageLinkProps } from '@/components/page-link';

const renderRouterLink = (props: PageLinkProps) => <Link {...props} />;

/** Inside the router: every PageLink below moves within the app instead of loading a page. */
export function RouterLinks({ children }: { children: ReactNode }) {
  return <RouterLinkContext value={renderRouterLink}>{children}</RouterLinkContext>;
}
