import type { Key, ReactNode } from 'react';

/** One field of a row: a table column on wide screens, a labelled field on a phone's card. */
export interface DataListColumn<T> {
  /** The column header, and the field's label on a card. */
  header: string;
  cell(item: T): ReactNode;
  /** Classes for the table cell, e.g. `whitespace-nowrap`. */
  className?: string;
  /** Left out of the card, e.g. the name the card already shows as its title. */
  hideInCard?: boolean;
}

/** Where an item's actions are drawn: a table row (compact) or a card (large touch targets). */
export type DataListLayout = 'table' | 'card';

export interface DataListProps<T> {
  /** The accessible name of the table and of the card list, e.g. 'Eventos'. */
  label: string;
  items: readonly T[];
  columns: readonly DataListColumn<T>[];
  rowKey(item: T): Key;
  /** The card's heading (its accessible name), e.g. the item's name. */
  cardTitle(item: T): ReactNode;
  /** A line under the card's heading, e.g. the place. */
  cardSubtitle?(item: T): ReactNode;
  /** Every action of the item; the same actions must be offered in both layouts. */
  renderActions?(item: T, layout: DataListLayout): ReactNode;
  actionsHeader?: string;
  /** The heading level of each card's title, to follow the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** Placeholder rows while the items load. */
  loading?: boolean;
  /** Extra classes for the <table>, e.g. a minimum width. */
  tableClassName?: string;
  /** Extra classes for the card list, e.g. padding when the table sits flush in a card. */
  cardsClassName?: string;
}
