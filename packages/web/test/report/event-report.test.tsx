import { noAlertRules } from '@drinkflow/domain/alerts';
import type { EventoDetail } from '@drinkflow/domain/events';
import type { EventTopUps } from '@drinkflow/domain/topups';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventReportPage } from '@/features/report/pages/event-report-page';
import { type ApiRoutes, failure, serveApi } from '../support/api-stub';
import { anAlert, anEvent, anOrganizer } from '../support/entities';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';
import { busyNight, noDrinks } from '../support/statistics';

inMadridTimeZone();

const organizer = anOrganizer();
const boda: EventoDetail = {
  ...anEvent(),
  contadores: { tiposTicket: 1, pedidosActivos: 2, ticketsEscaneados: 3 },
};
const night = busyNight({
  rechazos: { agotado: 1, intervalo: 3, desconocido: 1, invalidado: 0 },
  deshechos: 2,
  porBarra: [
    { barra: 'Terraza', consumos: 6, rechazos: 4, deshechos: 2 },
    { barra: 'Sin barra', consumos: 3, rechazos: 1, deshechos: 0 },
  ],
});

const zero = { recargas: 0, bebidas: 0, importe: 0 };
const noTopUps: EventTopUps = {
  total: zero,
  porMetodo: [
    { metodo: 'efectivo', ...zero },
    { metodo: 'tarjeta', ...zero },
    { metodo: 'invitacion', ...zero },
  ],
  recargas: [],
};
const topUp = (id: number, values: Partial<EventTopUps['recargas'][number]>) => ({
  id,
  ticketId: 40 + id,
  bebidas: 1,
  importe: null,
  metodo: null,
  nota: null,
  creadoPor: { nombre: 'Marta' },
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

const routes = {
  'GET /api/auth/me': { user: organizer },
  'GET /api/eventos/1/recargas': noTopUps,
  'GET /api/evento/1': boda,
  'GET /api/stats/1': night,
  'GET /api/eventos/1/alertas': {
    reglas: { ...noAlertRules, minutosSinEscanear: 20 },
    alertas: [anAlert()],
  },
} satisfies ApiRoutes;

function renderReport(url = '/organizer/estadisticas/1/informe') {
  signIn(organizer);
  return renderRoutes(
    [
      { path: '/organizer/estadisticas/:eventoId/informe', element: <EventReportPage /> },
      { path: '/organizer/estadisticas', element: <h1>Estadísticas</h1> },
    ],
    url,
  );
}

/** Each row of the table named `name`, as its cells' texts. */
async function rowsOf(name: string) {
  const table = await screen.findByRole('table', { name: new RegExp(`^${name}`) });
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
}

/** Non-breaking spaces (Intl's euros) as plain ones. */
const spaces = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/** The figure under the term `title` and its note. */
function figure(title: string) {
  const term = within(screen.getByLabelText('Cifras del evento'))
    .getAllByRole('term')
    .find((element) => element.textContent === title)!;
  return Array.from(term.parentElement!.querySelectorAll('dd')).map((dd) => dd.textContent);
}

describe('event report page', () => {
  beforeEach(stubResizeObserver);

  it('heads the report with the event, its dates in Spanish format and its place', async () => {
    serveApi(routes);
    renderReport();
    expect(await screen.findByRole('heading', { level: 1, name: 'Informe del evento' })).toBeInTheDocument();
    expect(screen.getByText('Boda Ana y Luis')).toBeInTheDocument();
    expect(screen.getByText('04/07/2030 20:00')).toBeInTheDocument();
    expect(screen.getByText('05/07/2030 04:00')).toBeInTheDocument();
    expect(screen.getByText('Sevilla')).toBeInTheDocument();
    expect(screen.getByText('Generado:').nextElementSibling?.textContent).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    expect(document.title).toBe('Informe — Boda Ana y Luis | DrinkFlow');
  });

  it('shows the figures, the drinks undone among them, and the performance summary', async () => {
    serveApi(routes);
    renderReport();
    await screen.findByRole('heading', { name: 'Informe del evento' });
    expect(figure('Total Consumos')).toEqual(['9', 'Bebidas servidas']);
    expect(figure('Total Asistentes')).toEqual(['4', 'Personas con tickets']);
    expect(figure('Promedio por Asistente')).toEqual(['2,25', 'Bebidas por persona']);
    expect(figure('Hora Pico')).toEqual(['23:00', '6 consumos']);
    expect(figure('Deshechos')).toEqual(['2', 'Consumos anulados']);
    expect(figure('Conflictos offline')).toEqual(['0', 'Servidos sin conexión fuera de las reglas']);
    const summary = screen.getByRole('region', { name: 'Resumen de rendimiento' });
    expect(summary).toHaveTextContent('ActividadEvento Activo');
    expect(summary).toHaveTextContent('ConsumoAlto Consumo');
    expect(summary).toHaveTextContent('TamañoEvento Pequeño');
  });

  it('counts the drinks served offline that the rules would have refused (docs/rules/offline-and-field.md)', async () => {
    serveApi({ ...routes, 'GET /api/stats/1': { ...night, conflictosOffline: 12_500 } });
    renderReport();
    await screen.findByRole('heading', { name: 'Informe del evento' });
    expect(figure('Conflictos offline')).toEqual(['12.500', 'Servidos sin conexión fuera de las reglas']);
  });

  it('lists the peak hours and every chart’s figures as tables', async () => {
    serveApi(routes);
    renderReport();
    expect(await rowsOf('Horas pico')).toEqual([
      ['Hora', 'Consumos'],
      ['23:00', '6'],
      ['00:00', '3'],
    ]);
    expect(await rowsOf('Consumos por hora')).toEqual([
      ['Hora', 'Consumos'],
      ['04/07/2030 23:00', '6'],
      ['05/07/2030 00:00', '3'],
    ]);
    expect(await rowsOf('Bebidas')).toEqual([
      ['Bebida', 'Consumos'],
      ['Cerveza', '5'],
      ['Copa', '4'],
    ]);
    expect(await rowsOf('Estado de los tickets')).toEqual([
      ['Estado', 'Tickets'],
      ['Activos', '2'],
      ['Agotados', '2'],
      ['Invalidados', '0'],
      ['Caducados', '0'],
    ]);
    expect(await rowsOf('Consumos por barra')).toEqual([
      ['Barra', 'Consumos', 'Rechazos', 'Deshechos'],
      ['Terraza', '6', '4', '2'],
      ['Sin barra', '3', '1', '0'],
    ]);
  });

  it('ends with the alerts fired during the event', async () => {
    serveApi(routes);
    renderReport();
    const alerts = await screen.findByRole('region', { name: 'Alertas' });
    expect(within(alerts).getByRole('listitem')).toHaveTextContent(
      'Barra sin escanearLa barra «Terraza» lleva 25 minutos sin escanear (umbral: 20 minutos).05/07/2030 00:40',
    );
  });

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

  it('names the refusals in Spanish, most frequent first, and leaves out reasons without any', async () => {
    serveApi(routes);
    renderReport();
    expect(await rowsOf('Rechazos por motivo')).toEqual([
      ['Motivo', 'Rechazos'],
      ['Antes del intervalo entre bebidas', '3'],
      ['desconocido', '1'],
      ['Límite de bebidas alcanzado', '1'],
    ]);
  });

  it('says Sin datos in the tables and charts of an event without drinks', async () => {
    serveApi({ ...routes, 'GET /api/stats/1': noDrinks() });
    renderReport();
    expect(await rowsOf('Horas pico')).toEqual([['Hora', 'Consumos'], ['Sin datos']]);
    expect(await rowsOf('Consumos por hora')).toEqual([['Hora', 'Consumos'], ['Sin datos']]);
    expect(await rowsOf('Rechazos por motivo')).toEqual([['Motivo', 'Rechazos'], ['Sin datos']]);
    expect(figure('Hora Pico')).toEqual(['--:--', 'Sin datos']);
    const charts = screen.getByRole('region', { name: 'Gráficos' });
    expect(within(charts).getAllByText('Sin datos')).toHaveLength(3);
  });

  it('prints with the browser and links back to the event’s statistics', async () => {
    serveApi(routes);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderReport();
    await user.click(await screen.findByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Volver a estadísticas' })).toHaveAttribute(
      'href',
      '/organizer/estadisticas?evento=1',
    );
  });

  it('says the event was not found when it is not the organizer’s', async () => {
    serveApi({ ...routes, 'GET /api/evento/1': failure(404, { message: 'x', error: 'not_found' }) });
    renderReport();
    expect(await screen.findByRole('heading', { name: 'Evento no encontrado' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a estadísticas' })).toBeInTheDocument();
  });

  it('says the event was not found for an address without a valid event id', async () => {
    serveApi(routes);
    renderReport('/organizer/estadisticas/abc/informe');
    expect(await screen.findByRole('heading', { name: 'Evento no encontrado' })).toBeInTheDocument();
  });

  it('shows an error with a retry that loads the report', async () => {
    let statsCalls = 0;
    serveApi({
      ...routes,
      'GET /api/stats/1': () =>
        ++statsCalls === 1 ? failure(500, { message: 'x', error: 'internal' }) : night,
    });
    const { user } = renderReport();
    expect(await screen.findByText('No se pudo cargar el informe.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Informe del evento' })).toBeInTheDocument();
    expect(figure('Total Consumos')).toEqual(['9', 'Bebidas servidas']);
  });
});
