import { noAlertRules } from '@drinkflow/domain/alerts';
import type { EventoDetail } from '@drinkflow/domain/events';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventReportPage } from '@/features/report/pages/event-report-page';
import { failure, serveApi, type ApiRoutes } from '../fixtures/api-stub';
import { anAlert, anEvent, anOrganizer } from '../fixtures/entities';
import { inMadridTimeZone } from '../fixtures/madrid-time-zone';
import { renderRoutes, signIn } from '../fixtures/render-app';
import { stubResizeObserver } from '../fixtures/resize-observer';
import { busyNight, noDrinks } from '../stats/stats-fixtures';

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

const routes = {
  'GET /api/auth/me': { user: organizer },
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

  it('counts the drinks served offline that the rules would have refused (DECISIONS §12)', async () => {
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
