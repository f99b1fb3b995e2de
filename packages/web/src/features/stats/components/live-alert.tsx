import { useState } from 'react';
import { useEventAlerts } from '@/hooks/use-alerts';
import { NewAlertBanner } from './new-alert-banner';

/**
 * Announces the newest alert that fired while the page was open (the live stream brings it);
 * alerts already on record when the page loaded are only listed.
 */
export function LiveAlert({ eventoId }: { eventoId: number }) {
  const alerts = useEventAlerts(eventoId);
  const [known, setKnown] = useState<ReadonlySet<number> | null>(null);
  const list = alerts.data?.alertas;
  if (list && known === null) setKnown(new Set(list.map((alert) => alert.id)));
  const fresh = known === null ? undefined : list?.find((alert) => !known.has(alert.id));
  if (!fresh || !list) return null;
  return <NewAlertBanner alert={fresh} onDismiss={() => setKnown(new Set(list.map((alert) => alert.id)))} />;
}
