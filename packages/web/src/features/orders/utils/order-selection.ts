import { paths } from '@/app/paths';
import type { EventSelection, SelectionMemory } from '@/lib/event-selection';

/** docs/rules/constants.md keys; nothing is shown until the organizer picks an event or 'todos' (docs/rules/screens.md). */
export const ordersSelection: SelectionMemory<null> = {
  showAllKey: 'pedidos-show-all-events',
  eventoIdKey: 'pedidos-selected-evento',
  fallback: null,
};

/** The order list showing this selection; without one, the list finds the remembered choice. */
export const ordersPath = (selection?: EventSelection | null) =>
  selection === undefined || selection === null
    ? paths.organizer.orders
    : `${paths.organizer.orders}?evento=${selection}`;

/** An order's detail page, carrying the list's selection so that its back button returns to it. */
export const orderPath = (id: number, selection: EventSelection) =>
  `${paths.organizer.order(id)}?evento=${selection}`;
