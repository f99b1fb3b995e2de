import { noAlertRules } from '@drinkflow/domain/alerts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { StatisticsPage } from '@/features/stats/pages/statistics-page';
import { type ApiRoutes, failure, serveApi } from '../support/api-stub';
import { anEvent, anOrganizer } from '../support/entities';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';
import { busyNight, noDrinks, serveWithStream, sseBody, streamCalls } from '../support/statistics';

inMadridTimeZone();

const organizer = anOrganizer();
const eventos = [anEvent(), anEvent({ id: 2, nombre: 'Festival', fechaInicio: '2030-08-01T18:00:00.000Z' })];

const routes = {
  'GET /api/auth/me': { user: organizer },
  'GET /api/eventos/7': eventos,
  'GET /api/stats/1': noDrinks(),
  'GET /api/stats/2': busyNight(),
  'GET /api/eventos/1/alertas': { reglas: noAlertRules, alertas: [] },
  'GET /api/eventos/2/alertas': { reglas: noAlertRules, alertas: [] },
} satisfies ApiRoutes;

function renderStats(url = '/organizer/estadisticas') {
  signIn(organizer);
  return renderRoutes(
    [
      { path: '/organizer/estadisticas', element: <StatisticsPage /> },
      { path: '/organizer/eventos', element: <h1>Mis Eventos</h1> },
      { path: '/organizer/tipos-ticket', element: <h1>Tipos de Ticket</h1> },
    ],
    url,
  );
}

/** The card whose heading is `title`. */
const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('div.rounded-xl') as HTMLElement;

describe('statistics page', () => {
  beforeEach(stubResizeObserver);

  it('asks for an event when none was chosen, with a way to the events', async () => {
    serveWithStream(routes, []);
    renderStats();
    expect(await screen.findByRole('heading', { name: 'Selecciona un Evento' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Mis Eventos' })).toHaveAttribute(
      'href',
      '/organizer/eventos',
    );
    expect(screen.getByLabelText('Evento')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Festival — 01/08/2030 20:00' })).toBeInTheDocument();
    expect(screen.queryByText('En directo')).not.toBeInTheDocument();
  });

  it('asks for an event when the organizer has none yet', async () => {
    serveApi({ ...routes, 'GET /api/eventos/7': [] });
    renderStats();
    expect(await screen.findByRole('heading', { name: 'Selecciona un Evento' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Mis Eventos' })).toBeInTheDocument();
  });

  it('shows the four cards, --:-- and Sin datos for an event without drinks', async () => {
    serveWithStream(routes, []);
    renderStats('/organizer/estadisticas?evento=1');
    await screen.findByRole('heading', { name: 'Total Consumos' });
    expect(within(card('Total Consumos')).getByText('0')).toBeInTheDocument();
    expect(within(card('Total Consumos')).getByText('Bebidas servidas en total')).toBeInTheDocument();
    expect(within(card('Total Asistentes')).getByText('4')).toBeInTheDocument();
    expect(within(card('Total Asistentes')).getByText('Personas con tickets')).toBeInTheDocument();
    expect(within(card('Promedio por Asistente')).getByText('0')).toBeInTheDocument();
    expect(within(card('Hora Pico')).getByText('--:--')).toBeInTheDocument();
    expect(within(card('Hora Pico')).getByText('Sin datos')).toBeInTheDocument();
    expect(within(card('Horas Pico')).getByText('Sin datos')).toBeInTheDocument();
    expect(within(card('Resumen de Rendimiento')).getByText('Sin Actividad')).toBeInTheDocument();
    expect(screen.getByText('Bajo Consumo')).toBeInTheDocument();
    expect(screen.getByText('Evento Pequeño')).toBeInTheDocument();
    expect(localStorage.getItem('selectedEventoId')).toBe('1');
  });

  it('ranks the peak hours with bars scaled to the busiest, and summarises the night', async () => {
    serveWithStream(routes, []);
    renderStats('/organizer/estadisticas?evento=2');
    const list = await screen.findByRole('list', { name: 'Horas pico' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['#1 23:006 consumos', '#2 00:003 consumos']);
    expect(
      within(list)
        .getAllByTestId('peak-bar')
        .map((bar) => bar.style.width),
    ).toEqual(['100%', '50%']);
    expect(within(card('Hora Pico')).getByText('23:00')).toBeInTheDocument();
    expect(within(card('Promedio por Asistente')).getByText('2,25')).toBeInTheDocument();
    expect(screen.getByText('Evento Activo')).toBeInTheDocument();
    expect(screen.getByText('Alto Consumo')).toBeInTheDocument();
  });

  it('gives every chart a table with the same figures', async () => {
    serveWithStream(routes, []);
    renderStats('/organizer/estadisticas?evento=2');
    const timeline = await screen.findByRole('table', { name: 'Consumos por hora' });
    expect(
      within(timeline)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['HoraConsumos', '04/07/2030 23:006', '05/07/2030 00:003']);
    expect(
      within(screen.getByRole('table', { name: 'Bebidas más servidas' })).getByText('Cerveza'),
    ).toBeInTheDocument();
    const states = screen.getByRole('table', { name: 'Estado de los tickets' });
    expect(
      within(states)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['EstadoTickets', 'Activos2', 'Agotados2']);
    const bars = screen.getByRole('table', { name: 'Consumos por barra' });
    expect(within(bars).getAllByRole('row')[1]).toHaveTextContent('Terraza91');
  });

  it('shows the drinks undone at the bars, in total and per bar (docs/rules/offline-and-field.md)', async () => {
    const undone = busyNight({
      deshechos: 3,
      porBarra: [{ barra: 'Terraza', consumos: 9, rechazos: 1, deshechos: 3 }],
    });
    serveWithStream({ ...routes, 'GET /api/stats/2': undone }, []);
    renderStats('/organizer/estadisticas?evento=2');
    await screen.findByRole('heading', { name: 'Deshechos' });
    expect(within(card('Deshechos')).getByText('3')).toBeInTheDocument();
    expect(within(card('Deshechos')).getByText('Consumos anulados en las barras')).toBeInTheDocument();
    const bars = await screen.findByRole('table', { name: 'Consumos por barra' });
    expect(
      within(bars)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['BarraConsumosRechazosDeshechos', 'Terraza913']);
  });

  it('says Sin datos instead of an empty chart', async () => {
    serveWithStream(routes, []);
    renderStats('/organizer/estadisticas?evento=1');
    await screen.findByRole('heading', { name: 'Consumos por hora' });
    expect(within(card('Consumos por hora')).getByText('Sin datos')).toBeInTheDocument();
    expect(within(card('Bebidas más servidas')).getByText('Sin datos')).toBeInTheDocument();
    expect(within(card('Consumos por barra')).getByText('Sin datos')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Estado de los tickets' })).toBeInTheDocument();
  });

  it('links to the event’s ticket types to change limits during the event', async () => {
    serveWithStream(routes, []);
    renderStats('/organizer/estadisticas?evento=2');
    expect(await screen.findByRole('link', { name: 'Ajustar límites' })).toHaveAttribute(
      'href',
      '/organizer/tipos-ticket?evento=2',
    );
  });

  it('shows an error with a retry when the figures cannot load', async () => {
    serveWithStream({ ...routes, 'GET /api/stats/1': failure(500, { message: 'x', error: 'internal' }) }, []);
    renderStats('/organizer/estadisticas?evento=1');
    expect(await screen.findByText('No se pudieron cargar las estadísticas.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('statistics page, live', () => {
  beforeEach(stubResizeObserver);

  it('opens the stream with the session in the Authorization header and updates the figures', async () => {
    const stream = sseBody();
    const fetchMock = serveWithStream(routes, [stream]);
    renderStats('/organizer/estadisticas?evento=1');
    await screen.findByRole('heading', { name: 'Total Consumos' });
    await waitFor(() => expect(streamCalls(fetchMock)).toHaveLength(1));
    const [url, init] = streamCalls(fetchMock)[0]!;
    expect(url).toBe('/api/stats/1/stream');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer t');

    stream.write(': ping\n\n');
    stream.stats(noDrinks());
    expect(await screen.findByText('En directo')).toBeInTheDocument();

    stream.stats(busyNight());
    await waitFor(() => expect(within(card('Total Consumos')).getByText('9')).toBeInTheDocument());
    expect(within(card('Hora Pico')).getByText('23:00')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Consumos por hora' })).toHaveTextContent(
      '04/07/2030 23:006',
    );
  });

  it('reconnects by itself after the stream fails or ends, and says so meanwhile', async () => {
    const second = sseBody();
    const fetchMock = serveWithStream(routes, [
      Response.json({ message: 'x', error: 'internal' }, { status: 503 }),
      second,
    ]);
    renderStats('/organizer/estadisticas?evento=1');
    expect(await screen.findByText('Reconectando…')).toBeInTheDocument();
    await waitFor(() => expect(streamCalls(fetchMock)).toHaveLength(2), { timeout: 3_000 });
    second.stats(busyNight());
    expect(await screen.findByText('En directo')).toBeInTheDocument();
    await waitFor(() => expect(within(card('Total Consumos')).getByText('9')).toBeInTheDocument());

    second.end();
    expect(await screen.findByText('Reconectando…')).toBeInTheDocument();
  });

  it('stops when the session is no longer valid', async () => {
    const fetchMock = serveWithStream(routes, [
      Response.json({ message: 'x', error: 'unauthorized' }, { status: 401 }),
    ]);
    renderStats('/organizer/estadisticas?evento=1');
    expect(await screen.findByText('Sin conexión en directo')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(streamCalls(fetchMock)).toHaveLength(1);
  });
});
