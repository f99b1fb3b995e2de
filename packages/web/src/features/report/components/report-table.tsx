import type { ChartData } from '@/features/stats';
import { formatCount } from '@/lib/format-count';
import { cn } from '@/lib/utils';

/**
 * One of the report's tables, named by its caption. Compact and without a scroll box: long texts
 * wrap, so the table fits a phone and the printed page. A row never splits across two sheets.
 */
export function ReportTable({
  title,
  description,
  data,
  footer,
}: {
  title: string;
  description?: string;
  data: ChartData;
  /** A totals row under the rows, in bold. */
  footer?: ChartData['rows'][number];
}) {
  const cells = (row: ChartData['rows'][number]) =>
    row.map((cell, index) => (
      <td
        key={index}
        className={cn('px-2 py-1', index > 0 ? 'text-right tabular-nums' : 'wrap-anywhere text-slate-900')}
      >
        {typeof cell === 'number' ? formatCount(cell) : cell}
      </td>
    ));
  return (
    <div className="min-w-0 break-inside-avoid">
      <table className="w-full border-collapse text-sm">
        <caption className="pb-1 text-left">
          <span className="block font-semibold text-slate-900">{title}</span>
          {description && <span className="block text-xs text-slate-600">{description}</span>}
        </caption>
        <thead>
          <tr className="border-b-2 border-slate-300">
            {data.columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={cn(
                  'px-2 py-1 font-semibold text-slate-700',
                  index > 0 ? 'text-right' : 'text-left',
                )}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.rows.length === 0 ? (
            <tr>
              <td colSpan={data.columns.length} className="px-2 py-1 text-slate-600">
                Sin datos
              </td>
            </tr>
          ) : (
            data.rows.map((row, rowIndex) => (
              <tr key={rowIndex} className="break-inside-avoid border-b border-slate-200">
                {cells(row)}
              </tr>
            ))
          )}
        </tbody>
        {footer && (
          <tfoot>
            <tr className="border-t-2 border-slate-300 font-semibold">{cells(footer)}</tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
