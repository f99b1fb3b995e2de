import { mapGuestHeader } from '@drinkflow/domain/guest-import';
import { describe, expect, it } from 'vitest';
import { guestTemplateCsv } from '@/features/orders/utils/guest-template';
import { importedText } from '@/features/orders/utils/import-texts';
import { activeFilterCount, noOrderFilters, ordersUrl } from '@/features/orders/utils/order-filters';
import { createOrderFormSchema, newOrderValues } from '@/features/orders/utils/order-form';
import { ordersSelection } from '@/features/orders/utils/order-selection';
import {
  displayedTicketStatus,
  drinksLeftText,
  effectiveStateAddsTo,
  scanCountText,
} from '@/features/orders/utils/ticket-status';
import { ALL_EVENTS, resolveSelection } from '@/lib/event-selection';
import { anImportResult } from './import-fixtures';

const now = new Date('2030-07-04T22:00:00.000Z');
const ticket = (patch: {
  estado?: 'activo' | 'invalidado';
  totalConsumos?: number;
  validoHasta?: string;
}) => ({
  estado: patch.estado ?? 'activo',
  totalConsumos: patch.totalConsumos ?? 0,
  tipoTicket: { validoHasta: patch.validoHasta ?? '2030-07-05T02:00:00.000Z' },
});

describe('displayed ticket status (docs/rules/states-and-flows.md)', () => {
  it.each([
    {
      shown: 'Expirado',
      patch: { validoHasta: '2030-07-04T21:59:59.000Z', estado: 'invalidado', totalConsumos: 3 },
    },
    { shown: 'Inválido', patch: { estado: 'invalidado', totalConsumos: 3 } },
    { shown: 'Escaneado', patch: { totalConsumos: 1 } },
    { shown: 'Activo', patch: {} },
    { shown: 'Activo', patch: { validoHasta: now.toISOString() } },
  ] as const)('$shown for $patch', ({ shown, patch }) => {
    expect(displayedTicketStatus(ticket(patch), now)).toBe(shown);
  });

  it('adds the effective state only beside «Escaneado», where it says more', () => {
    expect((['Expirado', 'Inválido', 'Escaneado', 'Activo'] as const).filter(effectiveStateAddsTo)).toEqual([
      'Escaneado',
    ]);
  });

  it('says the drinks left as the guest page does, and the drinks used in words', () => {
    const porCantidad = { modo: 'por_cantidad', maxDrinks: 12 } as const;
    expect(drinksLeftText(0, porCantidad)).toBe('Quedan 12 de 12 bebidas');
    expect(drinksLeftText(2, porCantidad)).toBe('Quedan 10 de 12 bebidas (2 usadas)');
    expect(drinksLeftText(11, porCantidad)).toBe('Queda 1 de 12 bebidas (11 usadas)');
    expect(drinksLeftText(1, porCantidad, 3)).toBe('Quedan 14 de 15 bebidas (1 usada)');
    // Offline drinks past the limit never read as negative.
    expect(drinksLeftText(13, porCantidad)).toBe('Quedan 0 de 12 bebidas (13 usadas)');
    expect(drinksLeftText(0, { modo: 'temporal', maxDrinks: null })).toBe('Sin límite de bebidas');
    expect(drinksLeftText(3, { modo: 'temporal', maxDrinks: null })).toBe('Sin límite de bebidas (3 usadas)');
  });

  it('counts scans in Spanish', () => {
    expect([0, 1, 2].map(scanCountText)).toEqual([
      'No escaneado aún',
      'Escaneado 1 vez',
      'Escaneado 2 veces',
    ]);
  });
});

describe('order filters', () => {
  it('counts search, type and the date range one each', () => {
    expect(activeFilterCount(noOrderFilters)).toBe(0);
    expect(activeFilterCount({ ...noOrderFilters, search: '  ' })).toBe(0);
    expect(
      activeFilterCount({ search: 'ana', ticketTypeId: '3', desde: '2030-07-01', hasta: '2030-07-02' }),
    ).toBe(3);
    expect(activeFilterCount({ ...noOrderFilters, hasta: '2030-07-02' })).toBe(1);
  });

  it('asks the server for one page of one event or of all events, with only the set filters', () => {
    expect(ordersUrl({ selection: 4, page: 2, limit: 20, filters: noOrderFilters })).toBe(
      '/pedidos/4?page=2&limit=20',
    );
    expect(
      ordersUrl({
        selection: ALL_EVENTS,
        page: 1,
        limit: 20,
        filters: { search: ' ana & co ', ticketTypeId: '7', desde: '2030-07-01', hasta: '' },
      }),
    ).toBe('/pedidos/all/organizer?page=1&limit=20&search=ana+%26+co&ticketTypeId=7&desde=2030-07-01');
  });
});

describe('create order form', () => {
  const schema = createOrderFormSchema(4);
  const valid = { ...newOrderValues, nombreCompleto: 'Ana', email: 'ana@example.com', ticketTypeId: '9' };

  it('sends the event, the type as a number and the quantity, 1 when it is not a number', () => {
    expect(schema.parse({ ...valid, quantity: '3' })).toMatchObject({
      eventoId: 4,
      ticketTypeId: 9,
      quantity: 3,
    });
    expect(schema.parse({ ...valid, quantity: '' }).quantity).toBe(1);
    expect(schema.parse({ ...valid, quantity: 'tres' }).quantity).toBe(1);
    expect(schema.parse(valid).telefono).toBeNull();
  });

  it('refuses 0 or 11 tickets and an unchosen type', () => {
    const messages = (values: typeof valid) =>
      schema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages({ ...valid, quantity: '11' })).toEqual([
      ['quantity', 'La cantidad debe estar entre 1 y 10 tickets'],
    ]);
    expect(messages({ ...valid, quantity: '0' })).toHaveLength(1);
    expect(messages({ ...valid, ticketTypeId: '' })).toEqual([
      ['ticketTypeId', 'Debe seleccionar un tipo de ticket'],
    ]);
  });
});

describe('orders event selection', () => {
  const storage = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });

  it('shows nothing until an event is chosen, then the remembered choice', () => {
    expect(resolveSelection(null, [1, 2], storage({}), ordersSelection)).toBeNull();
    expect(resolveSelection(null, [1, 2], storage({ 'pedidos-selected-evento': '2' }), ordersSelection)).toBe(
      2,
    );
    expect(
      resolveSelection(null, [1, 2], storage({ 'pedidos-show-all-events': 'true' }), ordersSelection),
    ).toBe(ALL_EVENTS);
    expect(
      resolveSelection('1', [1, 2], storage({ 'pedidos-show-all-events': 'true' }), ordersSelection),
    ).toBe(1);
    // The ticket types' memory is another list's.
    expect(resolveSelection(null, [1, 2], storage({ selectedEventoId: '2' }), ordersSelection)).toBeNull();
  });
});

describe('guest list template', () => {
  it('is UTF-8 with a BOM, `;`-separated, with the columns the import reads and the event’s types', () => {
    const csv = guestTemplateCsv(['Barra Libre', 'Cerveza']);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, first, second] = csv.slice(1).split('\r\n');
    expect(mapGuestHeader(header!.split(';'))).toEqual({
      fields: ['nombreCompleto', 'email', 'telefono', 'tipoTicket', 'cantidad'],
      missing: [],
    });
    expect(first!.split(';')[3]).toBe('Barra Libre');
    expect(second!.split(';')[3]).toBe('Cerveza');
  });

  it('uses the one type twice, or a placeholder when the event has none', () => {
    expect(guestTemplateCsv(['VIP']).split('\r\n')[2]).toContain(';VIP;');
    expect(guestTemplateCsv([]).split('\r\n')[1]).toContain(';General;');
  });
});

describe('import result text', () => {
  it('says what was created and what was left out', () => {
    expect(
      importedText(
        anImportResult({ pedidosCreados: 1, ticketsCreados: 1, filasOmitidas: 0, duplicadosOmitidos: 0 }),
      ),
    ).toBe('Se ha creado 1 pedido con 1 ticket.');
    expect(
      importedText(
        anImportResult({ pedidosCreados: 48, ticketsCreados: 60, filasOmitidas: 1, duplicadosOmitidos: 0 }),
      ),
    ).toBe('Se han creado 48 pedidos con 60 tickets. Se omitió 1 fila con errores.');
  });
});

describe('import result text with duplicates', () => {
  it('says how many duplicates were left out', () => {
    expect(
      importedText(
        anImportResult({ pedidosCreados: 2, ticketsCreados: 2, filasOmitidas: 0, duplicadosOmitidos: 1 }),
      ),
    ).toBe('Se han creado 2 pedidos con 2 tickets. Se omitió 1 duplicado.');
    expect(
      importedText(
        anImportResult({ pedidosCreados: 1, ticketsCreados: 3, filasOmitidas: 2, duplicadosOmitidos: 5 }),
      ),
    ).toBe(
      'Se ha creado 1 pedido con 3 tickets. Se omitieron 2 filas con errores. Se omitieron 5 duplicados.',
    );
  });
});
