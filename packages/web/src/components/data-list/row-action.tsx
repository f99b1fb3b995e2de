import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { DataListLayout } from './data-list-types';

interface RowActionProps {
  layout: DataListLayout;
  icon: LucideIcon;
  /** The visible text, e.g. 'Editar'. */
  label: string;
  /** The item's name: the accessible name is "Editar Boda de Marta". */
  itemName: string;
  /** A link to this path; otherwise a button. */
  to?: string;
  onClick?(): void;
  disabled?: boolean;
  destructive?: boolean;
}

/** One action of a DataList item: compact in a table row, outlined to tap on a card. */
export function RowAction({
  layout,
  icon: Icon,
  label,
  itemName,
  to,
  destructive,
  ...button
}: RowActionProps) {
  const props = {
    variant: layout === 'table' ? ('ghost' as const) : ('outline' as const),
    size: 'sm' as const,
    className: destructive ? 'text-red-700 hover:bg-red-50 hover:text-red-800' : undefined,
    title: layout === 'table' ? label : undefined,
  };
  // In a table the text gives way to the icon (its name stays spoken and shown on hover) until the
  // screen is wide enough for every column: with all events shown, the orders table overflowed 1280 px.
  const content = (
    <>
      <Icon className="h-4 w-4" aria-hidden />
      <span className={layout === 'table' ? 'max-2xl:sr-only' : undefined}>{label}</span>
    </>
  );
  const name = `${label} ${itemName}`;
  return to ? (
    <Button asChild {...props}>
      <Link to={to} aria-label={name}>
        {content}
      </Link>
    </Button>
  ) : (
    <Button {...props} aria-label={name} {...button}>
      {content}
    </Button>
  );
}
