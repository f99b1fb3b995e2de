import type { EventTopUps } from '@drinkflow/domain/topups';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, serveApi } from '../support/api-stub';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { stubResizeObserver } from '../support/resize-observer';
import { figure, night, renderReport, routes, rowsOf, spaces, zero } from './report-fixtures';

inMadridTimeZone();

const topUp = (id: number, values: Partial<EventTopUps['recargas'][number]>) => ({
  id,
  ticketId: 40 + id,
  bebidas: 1,
  importe: null,
  metodo: null,
  nota: null,
  creadoPor: { nombre: 'Marta' },
  paraHoy: false,
  createdAt: '2030-07-04T20:00:00.000Z',
  titular: 'Ana Pérez',
  tipoTicket: 'Pulsera',
  ...values,
});
const someTopUps: EventTopUps = {
  total: { recargas: 3, bebidas: 6, importe: 17.5 },
  porMetodo: [
    { metodo: 'efectivo', recargas: 1, bebidas: 2, importe: 12.5 },
    { metodo: 'tarjeta', recargas: 1, bebidas: 3, importe: 5 },
    { metodo: 'invitacion', ...zero },
    { metodo: null, recargas: 1, bebidas: 1, importe: 0 },
  ],
  recargas: [
    topUp(1, {
      bebidas: 2,
      importe: 12.5,
      metodo: 'efectivo',
      nota: 'Pagó en la taquilla',
      createdAt: '2030-07-04T21:15:00.000Z',
    }),
    topUp(2, {
      bebidas: 3,
      importe: 5,
      metodo: 'tarjeta',
      titular: 'Luis Gómez',
      createdAt: '2030-07-04T22:40:00.000Z',
    }),
    topUp(3, { createdAt: '2030-07-04T23:05:00.000Z' }),
  ],
};

describe('event report page', () => {
  beforeEach(stubResizeObserver);

  it('adds the top-ups: a figure, the totals by payment method and each top-up (docs/rules/festivals.md)', async () => {
    serveApi({
      ...routes,
      'GET /api/stats/1': { ...night, recargas: { bebidas: 6, importe: 17.5 } },
      'GET /api/eventos/1/recargas': someTopUps,
    });
    renderReport();
    const section = await screen.findByRole('region', { name: 'Recargas' });
    expect(figure('Recargas').map(spaces)).toEqual(['6', 'Bebidas añadidas · 17,50 €']);
    const methods = await rowsOf('Recargas por método de pago');
    expect(methods.map((row) => row.map(spaces))).toEqual([
      ['Método', 'Recargas', 'Bebidas', 'Importe'],
      ['Efectivo', '1', '2', '12,50 €'],
      ['Tarjeta', '1', '3', '5,00 €'],
      ['Invitación', '0', '0', '0,00 €'],
      ['Sin indicar', '1', '1', '0,00 €'],
      ['Total', '3', '6', '17,50 €'],
    ]);
    const list = await rowsOf('Recargas registradas');
    expect(list.map((row) => row.map(spaces))).toEqual([
      ['Fecha', 'Titular / ticket', 'Bebidas', 'Importe', 'Método', 'Nota'],
      ['04/07/2030 23:15', 'Ana PérezTicket #41', '+2', '12,50 €', 'Efectivo', 'Pagó en la taquilla'],
      ['05/07/2030 00:40', 'Luis GómezTicket #42', '+3', '5,00 €', 'Tarjeta', ''],
      ['05/07/2030 01:05', 'Ana PérezTicket #43', '+1', '—', '—', ''],
    ]);
    expect(section).toHaveTextContent('De la más antigua a la más reciente');
    // On a phone the same top-ups are blocks of wrapping lines instead of six columns.
    const cards = within(section).getByRole('list', { name: 'Recargas registradas' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((item) => spaces(item.textContent)),
    ).toEqual([
      '04/07/2030 23:15+2 · 12,50 € · EfectivoAna Pérez · Ticket #41Pagó en la taquilla',
      '05/07/2030 00:40+3 · 5,00 € · TarjetaLuis Gómez · Ticket #42',
      '05/07/2030 01:05+1 · — · —Ana Pérez · Ticket #43',
    ]);
    // Before the alerts, which stay last.
    const alerts = screen.getByRole('region', { name: 'Alertas' });
    expect(section.compareDocumentPosition(alerts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says in one line that there were no top-ups, without empty tables', async () => {
    serveApi({ ...routes, 'GET /api/stats/1': { ...night, recargas: { bebidas: 0, importe: 0 } } });
    renderReport();
    const section = await screen.findByRole('region', { name: 'Recargas' });
    expect(section).toHaveTextContent('No se registraron recargas en este evento.');
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    expect(figure('Recargas').map(spaces)).toEqual(['0', 'Bebidas añadidas · 0,00 €']);
  });

  it('says when the list holds only the newest top-ups and where the rest are', async () => {
    serveApi({
      ...routes,
      'GET /api/eventos/1/recargas': {
        ...someTopUps,
        total: { recargas: 1_250, bebidas: 2_000, importe: 9_000 },
      },
    });
    renderReport();
    const table = await screen.findByRole('table', { name: /^Recargas registradas/ });
    expect(table).toHaveTextContent(
      'Las 3 más recientes de 1250, de la más antigua a la más reciente; todas en la exportación de recargas (CSV)',
    );
  });

  it('shows an error with a retry when the top-ups do not load', async () => {
    let calls = 0;
    serveApi({
      ...routes,
      'GET /api/eventos/1/recargas': () =>
        ++calls === 1 ? failure(500, { message: 'x', error: 'internal' }) : someTopUps,
    });
    const { user } = renderReport();
    expect(await screen.findByText('No se pudo cargar el informe.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await rowsOf('Recargas registradas')).toHaveLength(4);
  });
});
