import type { EventStats } from '@drinkflow/domain/stats';
import { scanReasonLabel, SIN_BARRA } from '@drinkflow/domain/stats-summary';
import { WifiOff } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/format-count';
import { formatDateTime } from '@/lib/format';

/** What the count counts, singular or plural. */
const countNote = (n: number) =>
  n === 1
    ? 'consumo servido sin conexión que las reglas habrían rechazado'
    : 'consumos servidos sin conexión que las reglas habrían rechazado';

/**
 * Drinks served offline that the rules, knowing every drink, would have refused (docs/rules/offline-and-field.md):
 * how many, and the newest of them (when, ticket, holder, type, bar, why). Shown only when there
 * are any; a list rather than a table, so it reads on a 360 px phone without sideways scrolling.
 */
export function OfflineConflicts({ stats }: { stats: EventStats }) {
  const total = stats.conflictosOffline ?? 0;
  const conflicts = stats.conflictos ?? [];
  if (total === 0) return null;
  return (
    <section aria-labelledby="conflictos-offline">
      <Card className="border-amber-300">
        <CardHeader>
          <div className="flex items-center justify-between gap-2">
            <CardTitle id="conflictos-offline">Conflictos offline</CardTitle>
            <WifiOff className="h-5 w-5 shrink-0 text-amber-700" aria-hidden />
          </div>
          <CardDescription>
            <span className="text-2xl font-bold text-slate-900 tabular-nums">{formatCount(total)}</span>{' '}
            {countNote(total)}
          </CardDescription>
          {conflicts.length < total && (
            <p className="text-xs text-slate-600">
              Se muestran los {formatCount(conflicts.length)} más recientes de {formatCount(total)}.
            </p>
          )}
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-200" aria-label="Conflictos offline recientes">
            {conflicts.map((conflict) => (
              <li key={conflict.id} className="min-w-0 space-y-0.5 py-3">
                <p className="font-medium wrap-anywhere text-slate-900">{scanReasonLabel(conflict.reason)}</p>
                <p className="text-sm wrap-anywhere text-slate-700">
                  Ticket #{conflict.ticketId} · {conflict.titular} · {conflict.tipoTicket}
                </p>
                <p className="text-xs wrap-anywhere text-slate-600">
                  <time dateTime={conflict.escaneadoEn}>{formatDateTime(conflict.escaneadoEn)}</time> ·{' '}
                  {conflict.barra ?? SIN_BARRA}
                </p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
