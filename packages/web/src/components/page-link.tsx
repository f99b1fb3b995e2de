import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';

export type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * The app's router renders its Link through this (app/router.tsx). Pages built on their own,
 * without the router (landing.html, login.html), have none: their links load the next page whole.
 */
export const RouterLinkContext = createContext<((props: PageLinkProps) => ReactNode) | null>(null);

/** A link that moves inside the app when the router is there, and is a plain link otherwise. */
export function PageLink({ to, ...props }: PageLinkProps) {
  const renderRouterLink = useContext(RouterLinkContext);
  if (renderRouterLink) return renderRouterLink({ to, ...props });
  return <a href={to} {...props} />;
}
