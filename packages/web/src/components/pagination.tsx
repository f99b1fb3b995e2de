import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format-count';

/** Page numbers to show: all up to 5 pages, else first, last and the current neighbourhood. */
export function pageItems(current: number, total: number): (number | 'ellipsis')[] {
  if (total <= 5) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set(
    [1, total, current - 1, current, current + 1].filter((page) => page >= 1 && page <= total),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | 'ellipsis')[] = [];
  sorted.forEach((page, index) => {
    if (index > 0 && page - sorted[index - 1]! > 1) items.push('ellipsis');
    items.push(page);
  });
  return items;
}

/** What is counted, in singular and plural: { one: 'evento', other: 'eventos' }. */
export interface CountNoun {
  one: string;
  other: string;
}

/**
 * The footer's count in natural Spanish: "Mostrando 1 evento", "Mostrando 3 eventos" (all on one
 * page), "Mostrando 1 a 10 de 25 eventos", "Mostrando el evento 21 de 21" (a last page of one).
 */
export function showingText(page: number, pageSize: number, total: number, noun: CountNoun): string {
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  if (total <= pageSize) return `Mostrando ${formatCount(total)} ${total === 1 ? noun.one : noun.other}`;
  if (from === to) return `Mostrando el ${noun.one} ${formatCount(from)} de ${formatCount(total)}`;
  return `Mostrando ${formatCount(from)} a ${formatCount(to)} de ${formatCount(total)} ${noun.other}`;
}

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  noun: CountNoun;
  onPageChange(page: number): void;
  /** false when the list prints its own count above (the orders footer): then "Página X de Y" only. */
  showCount?: boolean;
}

export function Pagination({ page, pageSize, total, noun, onPageChange, showCount = true }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label="Paginación"
      className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row"
    >
      {showCount && (
        <p className="hidden text-sm text-slate-700 sm:block">{showingText(page, pageSize, total, noun)}</p>
      )}
      <p className={showCount ? 'text-sm text-slate-700 sm:hidden' : 'text-sm text-slate-700'}>
        Página {page} de {pages}
      </p>
      <div className="flex items-center gap-1">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft className="h-4 w-4" aria-hidden />
          Anterior
        </Button>
        <div className="hidden items-center gap-1 sm:flex">
          {pageItems(page, pages).map((item, index) =>
            item === 'ellipsis' ? (
              <span key={`e${index}`} className="px-2 text-slate-600" aria-hidden>
                …
              </span>
            ) : (
              <Button
                key={item}
                size="sm"
                variant={item === page ? 'default' : 'ghost'}
                aria-label={`Página ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPageChange(item)}
              >
                {item}
              </Button>
            ),
          )}
        </div>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Siguiente
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
