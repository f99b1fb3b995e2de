import { alertMessages, noAlertRules, type EventAlerts } from '@drinkflow/domain/alerts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { StatisticsPage } from '@/features/stats/pages/statistics-page';
import { type ApiRoutes, failure, sentBodies } from '../support/api-stub';
import { anAlert, anEvent, anOrganizer } from '../support/entities';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';
import { noDrinks, serveWithStream, sseBody } from '../support/statistics';

inMadridTimeZone();

const organizer = anOrganizer();

const sharedQr = anAlert({
  id: 11,
  tipo: 'qr_compartido',
  cantidad: 4,
  umbral: 3,
  ticketId: 42,
  titular: 'Lucía Fernández',
  barra: null,
  disparadaEn: '2030-07-04T21:15:00.000Z',
});
const silentBar = anAlert();

const routes = (alerts: EventAlerts) =>
  ({
    'GET /api/auth/me': { user: organizer },
    'GET /api/eventos/7': [anEvent()],
    'GET /api/stats/1': noDrinks(),
    'GET /api/eventos/1/alertas': alerts,
  }) satisfies ApiRoutes;

function renderStats() {
  signIn(organizer);
  return renderRoutes(
    [{ path: '/organizer/estadisticas', element: <StatisticsPage /> }],
    '/organizer/estadisticas?evento=1',
  );
}

const alertsEvent = (alerts: EventAlerts) => `event: alertas\ndata: ${JSON.stringify(alerts)}\n\n`;

describe('alerts on the statistics page', () => {
  beforeEach(stubResizeObserver);

  it('lists the alerts on record with their text and dd/MM/yyyy HH:mm, without announcing them', async () => {
    serveWithStream(routes({ reglas: noAlertRules, alertas: [silentBar, sharedQr] }), []);
    renderStats();

    const list = await screen.findByRole('list', { name: 'Alertas disparadas' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Barra sin escanearLa barra «Terraza» lleva 25 minutos sin escanear (umbral: 20 minutos).05/07/2030 00:40',
      'Posible QR compartidoEl ticket #42 de Lucía Fernández tuvo 4 escaneos rechazados en 10 minutos (umbral: más de 3).04/07/2030 23:15',
    ]);
    expect(screen.queryByText(/Nueva alerta/)).not.toBeInTheDocument();
  });

  it('says Sin alertas, and announces an alert the live stream brings', async () => {
    const stream = sseBody();
    serveWithStream(routes({ reglas: { ...noAlertRules, rechazosPorTicket: 3 }, alertas: [] }), [stream]);
    renderStats();
    expect(await screen.findByText('Sin alertas.')).toBeInTheDocument();

    stream.write(alertsEvent({ reglas: { ...noAlertRules, rechazosPorTicket: 3 }, alertas: [sharedQr] }));

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Nueva alerta: Posible QR compartido');
    expect(banner).toHaveTextContent('El ticket #42 de Lucía Fernández tuvo 4 escaneos rechazados');
    expect(
      within(screen.getByRole('list', { name: 'Alertas disparadas' })).getAllByRole('listitem'),
    ).toHaveLength(1);

    await userEvent.click(within(banner).getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('shows the saved thresholds, checks them before sending, and saves them (empty = off)', async () => {
    const saved = {
      rechazosPorTicket: 5,
      consumosPorHora: null,
      minutosSinEscanear: 30,
      deshechosPorBarra: 4,
    };
    const fetchMock = serveWithStream(
      {
        ...routes({ reglas: { ...noAlertRules, consumosPorHora: 400 }, alertas: [] }),
        'PUT /api/eventos/1/alertas/reglas': { reglas: saved, alertas: [] },
      },
      [],
    );
    renderStats();
    const perHour = await screen.findByLabelText('Consumiciones en una hora (más de)');
    expect(perHour).toHaveValue('400');
    const refusals = screen.getByLabelText('Escaneos rechazados de un mismo ticket en 10 minutos (más de)');
    const silence = screen.getByLabelText('Minutos de una barra sin escanear');
    const undos = screen.getByLabelText('Consumos deshechos en una barra en 10 minutos (más de)');

    await userEvent.type(refusals, '2,5');
    await userEvent.type(silence, '1441');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar umbrales' }));
    expect(screen.getByText(alertMessages.rechazosPorTicket)).toBeInTheDocument();
    expect(screen.getByText(alertMessages.minutosSinEscanear)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT /api/eventos/1/alertas/reglas')).toEqual([]);

    await userEvent.clear(refusals);
    await userEvent.type(refusals, '5');
    await userEvent.clear(silence);
    await userEvent.type(silence, '30');
    await userEvent.clear(perHour);
    await userEvent.type(undos, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar umbrales' }));

    await waitFor(() => expect(sentBodies(fetchMock, 'PUT /api/eventos/1/alertas/reglas')).toEqual([saved]));
    expect(screen.queryByText(alertMessages.rechazosPorTicket)).not.toBeInTheDocument();
  });

  it('shows the server’s field message when it refuses a threshold', async () => {
    serveWithStream(
      {
        ...routes({ reglas: noAlertRules, alertas: [] }),
        'PUT /api/eventos/1/alertas/reglas': failure(400, {
          error: 'validation_error',
          message: 'Datos inválidos',
          details: [{ field: 'consumosPorHora', message: alertMessages.consumosPorHora }],
        }),
      },
      [],
    );
    renderStats();
    await userEvent.type(await screen.findByLabelText('Consumiciones en una hora (más de)'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar umbrales' }));

    expect(await screen.findByText(alertMessages.consumosPorHora)).toBeInTheDocument();
  });
});
