import { usePublicConfig } from '@/lib/config';
import { DemoModeTag } from './demo-mode-tag';

/** The demo tag when the server says it runs in demo mode (GET /api/config). */
export function DemoModeBadge({ className }: { className?: string }) {
  const { data } = usePublicConfig();
  if (!data?.demo) return null;
  return <DemoModeTag className={className} />;
}
