import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { DataListCards } from './data-list-cards';
import type { DataListProps } from './data-list-types';

const SKELETON_ROWS = 3;

/**
 * A list of records: a table when the list has room for one, cards on phones and narrow panes.
 * Both are rendered and CSS shows one. The switch is a container query on the list's own width
 * (56rem), not a viewport breakpoint: at 1024 px the organizer sidebar leaves the page about 720 px,
 * as narrow as a tablet without it, and the same component can sit in a dialog or a side panel.
 */
export function DataList<T>({
  label,
  items,
  columns,
  rowKey,
  renderActions,
  actionsHeader = 'Acciones',
  loading = false,
  tableClassName,
  cardsClassName,
  ...cardProps
}: DataListProps<T>) {
  const cellCount = columns.length + (renderActions ? 1 : 0);
  return (
    <div className="@container">
      <div className="hidden @4xl:block">
        <Table aria-label={label} aria-busy={loading || undefined} className={tableClassName}>
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHead key={column.header}>{column.header}</TableHead>
              ))}
              {renderActions && <TableHead className="text-right">{actionsHeader}</TableHead>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {loading
              ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                  <TableRow key={row}>
                    {Array.from({ length: cellCount }, (_, cell) => (
                      <TableCell key={cell}>
                        <Skeleton className="h-5 w-full" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : items.map((item) => (
                  <TableRow key={rowKey(item)}>
                    {columns.map((column) => (
                      <TableCell key={column.header} className={column.className}>
                        {column.cell(item)}
                      </TableCell>
                    ))}
                    {renderActions && (
                      <TableCell className="text-right">{renderActions(item, 'table')}</TableCell>
                    )}
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </div>
      <div className={cn('@4xl:hidden', cardsClassName)}>
        <DataListCards
          label={label}
          items={loading ? [] : items}
          columns={columns}
          rowKey={rowKey}
          renderActions={renderActions}
          loading={loading}
          skeletons={SKELETON_ROWS}
          {...cardProps}
        />
      </div>
    </div>
  );
}
