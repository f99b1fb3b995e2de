import type { EventStats } from '@drinkflow/domain/stats';
import { scanReasonLabel, SIN_BARRA } from '@drinkflow/domain/stats-summary';
import { formatCount } from '@/lib/format-count';
import { formatDateTime } from '@/lib/format';

/** What the list holds: every conflict, or only the newest (the scan export has them all). */
function listNote(listed: number, total: number) {
  return listed < total
    ? `Los ${formatCount(listed)} más recientes de ${formatCount(total)}, del más reciente al más antiguo; todos en la exportación de escaneos (CSV)`
    : 'Del más reciente al más antiguo';
}

/**
 * The drinks served offline that the rules, knowing every drink, would have refused
 * (docs/rules/offline-and-field.md, docs/decisions/067), listed as the statistics page lists them:
 * why, the ticket, its holder and type, when and at which bar. A list rather than a table, so it
 * reads on a 360 px phone and on A4 alike. Kept, with one line, when there were none: every report
 * has the same sections.
 */
export function ReportOfflineConflicts({ stats }: { stats: EventStats }) {
  const total = stats.conflictosOffline ?? 0;
  const conflicts = stats.conflictos ?? [];
  return (
    <section aria-labelledby="informe-conflictos" className="space-y-2">
      <h2 id="informe-conflictos" className="break-after-avoid text-lg font-bold text-slate-900">
        Conflictos offline
      </h2>
      {total === 0 ? (
        <p className="text-sm text-slate-600">No hubo conflictos offline en este evento.</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {formatCount(total)}{' '}
            {total === 1
              ? 'consumo servido sin conexión que las reglas habrían rechazado'
              : 'consumos servidos sin conexión que las reglas habrían rechazado'}
            . <span className="text-xs text-slate-600">{listNote(conflicts.length, total)}.</span>
          </p>
          <ol
            aria-label="Conflictos offline registrados"
            className="divide-y divide-slate-200 border-y border-slate-300"
          >
            {conflicts.map((conflict) => (
              <li key={conflict.id} className="min-w-0 break-inside-avoid space-y-0.5 py-1.5 text-sm">
                <p className="font-semibold wrap-anywhere text-slate-900">
                  {scanReasonLabel(conflict.reason)}
                </p>
                <p className="wrap-anywhere text-slate-900">
                  {conflict.titular}{' '}
                  <span className="text-slate-600">
                    · Ticket #{conflict.ticketId} · {conflict.tipoTicket}
                  </span>
                </p>
                <p className="text-xs wrap-anywhere text-slate-600">
                  <time dateTime={conflict.escaneadoEn}>{formatDateTime(conflict.escaneadoEn)}</time> ·{' '}
                  {conflict.barra ?? SIN_BARRA}
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
