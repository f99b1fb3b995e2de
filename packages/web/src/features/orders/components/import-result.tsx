import type { ImportResult } from '@drinkflow/domain/guest-import';
import { importedText } from '../utils/import-texts';

/**
 * What an import did, kept in the dialog when it invalidated tickets: the organizer sees whose
 * (refunds and cancellations in the shop) before closing.
 */
export function ImportResultView({ result }: { result: ImportResult }) {
  return (
    <section aria-labelledby="import-result-title" className="space-y-3">
      <h3 id="import-result-title" className="text-base font-semibold text-slate-900">
        Importación terminada
      </h3>
      <p className="text-sm text-slate-700">{importedText(result)}</p>
      {result.anulados.length > 0 && (
        <div className="space-y-2">
          <h4 className="text-sm font-semibold text-slate-900">Tickets anulados</h4>
          <ul
            aria-label="Tickets anulados"
            className="divide-y divide-slate-200 rounded-md border border-slate-200"
          >
            {result.anulados.map((anulado) => (
              <li
                key={anulado.pedidoId}
                className="flex flex-wrap justify-between gap-x-3 px-3 py-2 text-sm [overflow-wrap:anywhere]"
              >
                <span className="min-w-0 font-medium text-slate-900">{anulado.nombreCompleto}</span>
                <span className="text-slate-600">
                  {anulado.tickets} {anulado.tickets === 1 ? 'ticket' : 'tickets'} · pedido n.º{' '}
                  {anulado.pedidoId}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
