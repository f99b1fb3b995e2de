import { topUpMetodoLabels, type EventTopUps, type RecargaDeEvento } from '@drinkflow/domain/topups';
import { formatCount } from '@/lib/format-count';
import { formatDateTime, formatEuros } from '@/lib/format';
import { topUpMethodsTable, topUpTotalRow } from '../utils/top-up-tables';
import { ReportTable } from './report-table';

const drinks = (n: number) => `+${formatCount(n)}`;

const amount = (recarga: RecargaDeEvento) => (recarga.importe === null ? '—' : formatEuros(recarga.importe));
const method = (recarga: RecargaDeEvento) => (recarga.metodo ? topUpMetodoLabels[recarga.metodo] : '—');

/** What the list holds: all the top-ups, or only the newest (the CSV has them all). */
function listNote({ recargas, total }: EventTopUps) {
  return total.recargas > recargas.length
    ? `Las ${formatCount(recargas.length)} más recientes de ${formatCount(total.recargas)}, de la más antigua a la más reciente; todas en la exportación de recargas (CSV)`
    : 'De la más antigua a la más reciente';
}

/**
 * Every listed top-up as a table of six columns: when, whose ticket, how many drinks, how much,
 * how paid and the note. From 640 px, and so on A4 paper (the sheet is about 700 px wide).
 */
function TopUpTable({ topUps }: { topUps: EventTopUps }) {
  const header = 'px-1.5 py-1 font-semibold text-slate-700';
  const cell = 'px-1.5 py-1 align-top';
  return (
    <table className="hidden w-full border-collapse text-sm sm:table">
      <caption className="pb-1 text-left">
        <span className="block font-semibold text-slate-900">Recargas registradas</span>
        <span className="block text-xs text-slate-600">{listNote(topUps)}</span>
      </caption>
      <thead>
        <tr className="border-b-2 border-slate-300">
          <th scope="col" className={`${header} text-left`}>
            Fecha
          </th>
          <th scope="col" className={`${header} text-left`}>
            Titular / ticket
          </th>
          <th scope="col" className={`${header} text-right`}>
            Bebidas
          </th>
          <th scope="col" className={`${header} text-right`}>
            Importe
          </th>
          <th scope="col" className={`${header} text-left`}>
            Método
          </th>
          <th scope="col" className={`${header} text-left`}>
            Nota
          </th>
        </tr>
      </thead>
      <tbody>
        {topUps.recargas.map((recarga) => (
          <tr key={recarga.id} className="break-inside-avoid border-b border-slate-200">
            <td className={`${cell} tabular-nums`}>{formatDateTime(recarga.createdAt)}</td>
            <td className={`${cell} wrap-anywhere text-slate-900`}>
              {recarga.titular}
              <span className="block text-slate-600">Ticket #{recarga.ticketId}</span>
            </td>
            <td className={`${cell} text-right tabular-nums`}>{drinks(recarga.bebidas)}</td>
            <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{amount(recarga)}</td>
            <td className={cell}>{method(recarga)}</td>
            <td className={`${cell} wrap-anywhere`}>{recarga.nota ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The same top-ups on a phone: one block each, whose lines wrap instead of six narrow columns. */
function TopUpCards({ topUps }: { topUps: EventTopUps }) {
  return (
    <div className="space-y-1 sm:hidden">
      <h3 id="informe-recargas-lista" className="text-sm font-semibold text-slate-900">
        Recargas registradas
      </h3>
      <p className="text-xs text-slate-600">{listNote(topUps)}</p>
      <ol
        aria-labelledby="informe-recargas-lista"
        className="divide-y divide-slate-200 border-y border-slate-300"
      >
        {topUps.recargas.map((recarga) => (
          <li key={recarga.id} className="space-y-0.5 py-1.5 text-sm">
            <p className="flex flex-wrap justify-between gap-x-2 tabular-nums">
              <span className="text-slate-600">{formatDateTime(recarga.createdAt)}</span>
              <span className="font-semibold text-slate-900">
                {drinks(recarga.bebidas)} · {amount(recarga)} · {method(recarga)}
              </span>
            </p>
            <p className="wrap-anywhere text-slate-900">
              {recarga.titular} <span className="text-slate-600">· Ticket #{recarga.ticketId}</span>
            </p>
            {recarga.nota && <p className="wrap-anywhere text-slate-700">{recarga.nota}</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The event's top-ups (docs/rules/festivals.md): drinks added and euros taken by payment method, then each
 * top-up. Kept, with one line, when there were none: a report that always has the same sections
 * says "none" rather than leaving the reader to wonder whether top-ups were left out.
 */
export function ReportTopUps({ topUps }: { topUps: EventTopUps }) {
  return (
    <section aria-labelledby="informe-recargas" className="space-y-2">
      <h2 id="informe-recargas" className="break-after-avoid text-lg font-bold text-slate-900">
        Recargas
      </h2>
      {topUps.total.recargas === 0 ? (
        <p className="text-sm text-slate-600">No se registraron recargas en este evento.</p>
      ) : (
        <>
          <div className="sm:max-w-md">
            <ReportTable
              title="Recargas por método de pago"
              description="Bebidas añadidas e importe cobrado"
              data={topUpMethodsTable(topUps)}
              footer={topUpTotalRow(topUps)}
            />
          </div>
          <TopUpTable topUps={topUps} />
          <TopUpCards topUps={topUps} />
        </>
      )}
    </section>
  );
}
