import { useId } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { DataListProps } from './data-list-types';

type DataListCardsProps<T> = Omit<
  DataListProps<T>,
  'actionsHeader' | 'loading' | 'tableClassName' | 'cardsClassName'
> & { loading: boolean; skeletons: number };

/** The phone layout of a DataList: one card per item, every field labelled, every action below. */
export function DataListCards<T>({ label, items, loading, skeletons, ...card }: DataListCardsProps<T>) {
  return (
    <ul aria-label={label} aria-busy={loading || undefined} className="space-y-3">
      {loading
        ? Array.from({ length: skeletons }, (_, index) => (
            <li key={index}>
              <Skeleton className="h-36 w-full rounded-lg" />
            </li>
          ))
        : items.map((item) => (
            <li key={card.rowKey(item)}>
              <ItemCard item={item} {...card} />
            </li>
          ))}
    </ul>
  );
}

type ItemCardProps<T> = Omit<DataListCardsProps<T>, 'label' | 'items' | 'loading' | 'skeletons'> & {
  item: T;
};

function ItemCard<T>({
  item,
  columns,
  cardTitle,
  cardSubtitle,
  renderActions,
  headingLevel = 3,
}: ItemCardProps<T>) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    // Long names and places wrap anywhere rather than push the card wider than the phone.
    <article
      aria-labelledby={titleId}
      className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4 [overflow-wrap:anywhere]"
    >
      <div>
        <Heading id={titleId} className="text-base font-semibold text-slate-900">
          {cardTitle(item)}
        </Heading>
        {cardSubtitle && <p className="text-sm text-slate-600">{cardSubtitle(item)}</p>}
      </div>
      {/* As many columns of at least 7rem as fit: two on a phone, more on a tablet. */}
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,7rem),1fr))] gap-x-3 gap-y-2">
        {columns
          .filter((column) => !column.hideInCard)
          .map((column) => (
            <div key={column.header} className="min-w-0">
              <dt className="text-xs font-medium text-slate-600">{column.header}</dt>
              {/* Badges keep one line in the table; here they may wrap. */}
              <dd className="text-sm text-slate-900 [&_*]:whitespace-normal">{column.cell(item)}</dd>
            </div>
          ))}
      </dl>
      {renderActions && (
        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3">
          {renderActions(item, 'card')}
        </div>
      )}
    </article>
  );
}
