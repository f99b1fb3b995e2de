import { describe, expect, it } from 'vitest';
import { ordersQuery } from '../src/orders';

type Schema = {
  safeParse: (value: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } };
};

const issuesOf = (schema: Schema, body: unknown) =>
  schema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('ordersQuery', () => {
  it('defaults to the first page of 20 with no filters', () => {
    expect(ordersQuery.parse({})).toEqual({ page: 1, limit: 20 });
  });

  it('coerces the query-string values and trims the search', () => {
    expect(
      ordersQuery.parse({
        page: '3',
        limit: '100',
        search: '  ana ',
        ticketTypeId: '9',
        desde: ' 2026-07-04 ',
        hasta: '2026-07-05T02:00:00.000Z',
      }),
    ).toEqual({
      page: 3,
      limit: 100,
      search: 'ana',
      ticketTypeId: 9,
      desde: '2026-07-04',
      hasta: '2026-07-05T02:00:00.000Z',
    });
  });

  it('treats an empty search or date as absent', () => {
    const parsed = ordersQuery.parse({ search: '   ', desde: '', hasta: '  ' });
    expect(parsed).toEqual({ page: 1, limit: 20, search: undefined, desde: undefined, hasta: undefined });
  });

  it('accepts page 1 and up only, as whole numbers', () => {
    expect(ordersQuery.parse({ page: '1' }).page).toBe(1);
    for (const page of ['0', '-1', '1.5', 'abc']) {
      expect(issuesOf(ordersQuery, { page }), page).toEqual([
        ['page', 'La página debe ser un número entero desde 1'],
      ]);
    }
  });

  it('accepts a limit from 1 to 100 only, as whole numbers', () => {
    expect(ordersQuery.parse({ limit: '1' }).limit).toBe(1);
    expect(ordersQuery.parse({ limit: 100 }).limit).toBe(100);
    for (const limit of ['0', '101', '2.5', 'x']) {
      expect(issuesOf(ordersQuery, { limit }), limit).toEqual([
        ['limit', 'El límite debe ser un número entero entre 1 y 100'],
      ]);
    }
  });

  it('limits the search to 200 characters', () => {
    expect(ordersQuery.parse({ search: ` ${'s'.repeat(200)} ` }).search).toBe('s'.repeat(200));
    expect(issuesOf(ordersQuery, { search: 's'.repeat(201) })).toEqual([
      ['search', 'La búsqueda es demasiado larga'],
    ]);
  });

  it('requires a positive whole ticketTypeId filter', () => {
    expect(ordersQuery.parse({ ticketTypeId: '1' }).ticketTypeId).toBe(1);
    for (const ticketTypeId of ['0', '-3', '1.5', 'abc']) {
      expect(issuesOf(ordersQuery, { ticketTypeId }), ticketTypeId).toEqual([
        ['ticketTypeId', 'Debe seleccionar un tipo de ticket'],
      ]);
    }
  });

  it('accepts real calendar days and ISO instants as dates', () => {
    for (const value of ['2026-02-28', '2024-02-29', '2026-12-31', '2026-01-01', '2026-07-04T18:00+02:00']) {
      expect(ordersQuery.parse({ desde: value, hasta: value }), value).toEqual({
        page: 1,
        limit: 20,
        desde: value,
        hasta: value,
      });
    }
  });

  it('rejects days that do not exist and other text, on the field given', () => {
    for (const value of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-01-00',
      '2026-1-01',
      'x2026-01-01',
      '2026-01-01x',
      '04/07/2026',
      'ayer',
      '2026-07-04T25:00:00Z',
    ]) {
      expect(issuesOf(ordersQuery, { desde: value }), value).toEqual([
        ['desde', 'La fecha "desde" no es válida'],
      ]);
      expect(issuesOf(ordersQuery, { hasta: value }), value).toEqual([
        ['hasta', 'La fecha "hasta" no es válida'],
      ]);
    }
  });
});
