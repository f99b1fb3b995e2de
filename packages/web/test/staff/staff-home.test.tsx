import type { PairedDevice } from '@drinkflow/domain/devices';
import { screen, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { devicePairingFor } from '@/features/scanner';
import { StaffHomePage } from '@/features/staff/pages/staff-home-page';
import { failure } from '../support/api-stub';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { renderRoutes, signIn } from '../support/render-app';
import { aStaffEvent, sentTo, serveTeamApi } from '../team/team-api-stub';

inMadridTimeZone();
const nora = { id: 90, nombre: 'Nora', apellido: 'Gil', email: 'nora@x.es', rol: 'scanner' as const };
const boda = aStaffEvent();
const feria = aStaffEvent({
  id: 2,
  nombre: 'Feria de Abril',
  estado: 'próximo',
  rol: 'supervisor',
  fechaInicio: '2030-04-20T10:00:00.000Z',
  fechaFin: '2030-04-27T22:00:00.000Z',
});
const paired: PairedDevice = {
  token: 'device-token',
  dispositivo: { id: 5, nombre: 'Nora Gil · Navegador', barra: null },
  evento: {
    id: 1,
    nombre: 'Boda Ana y Luis',
    ubicacion: 'Sevilla',
    fechaInicio: boda.fechaInicio,
    fechaFin: boda.fechaFin,
  },
  apiKey: 'clave-boda',
};

function ScannerStandIn() {
  return <h1>Escáner {useParams().apiKey}</h1>;
}

function renderHome() {
  signIn(nora);
  return renderRoutes(
    [
      { path: '/barra', element: <StaffHomePage /> },
      { path: '/scanner/:apiKey', element: <ScannerStandIn /> },
    ],
    '/barra',
  );
}

describe('the staff home, Mis eventos', () => {
  it("lists the person's events in the API's order with their dates, state and role", async () => {
    serveTeamApi({ 'GET /api/auth/me': { user: nora }, 'GET /api/barra/eventos': [boda, feria] });
    renderHome();
    const list = await screen.findByRole('list', { name: 'Mis eventos' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Boda Ana y Luis',
      'Feria de Abril',
    ]);
    expect(items[0]).toHaveTextContent('04/07/2030 20:00 – 05/07/2030 04:00');
    expect(within(items[0]!).getByText('Activo')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Barra')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Próximo')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Supervisor')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ir al panel' })).not.toBeInTheDocument();
  });

  it("pairs this browser for the person, keeps the device's token and opens the event's scanner", async () => {
    const fetchMock = serveTeamApi({
      'GET /api/auth/me': { user: nora },
      'GET /api/barra/eventos': [boda],
      'POST /api/eventos/1/dispositivos/propio': paired,
    });
    const { router, user } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'Abrir escáner de Boda Ana y Luis' }));
    expect(await screen.findByRole('heading', { name: 'Escáner clave-boda' })).toBeInTheDocument();
    const [body] = sentTo(fetchMock, 'POST /api/eventos/1/dispositivos/propio') as [{ nombre: string }];
    expect(body.nombre).toMatch(/^Nora Gil · /);
    expect(devicePairingFor('clave-boda')?.token).toBe('device-token');

    // Back on the list, the browser keeps its pairing instead of adding another device.
    await router.navigate('/barra');
    await user.click(await screen.findByRole('button', { name: 'Abrir escáner de Boda Ana y Luis' }));
    expect(await screen.findByRole('heading', { name: 'Escáner clave-boda' })).toBeInTheDocument();
    expect(sentTo(fetchMock, 'POST /api/eventos/1/dispositivos/propio')).toHaveLength(1);
  });

  it("says why when the scanner can't be opened", async () => {
    serveTeamApi({
      'GET /api/auth/me': { user: nora },
      'GET /api/barra/eventos': [boda],
      'POST /api/eventos/1/dispositivos/propio': failure(404, {
        error: 'not_found',
        message: 'Evento no encontrado',
      }),
    });
    const { router, user } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'Abrir escáner de Boda Ana y Luis' }));
    expect(await screen.findByText('No se pudo abrir el escáner')).toBeInTheDocument();
    expect(screen.getByText('Evento no encontrado')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/barra');
  });

  it('explains that an organizer must add the person to a team when there is no event', async () => {
    serveTeamApi({ 'GET /api/auth/me': { user: nora }, 'GET /api/barra/eventos': [] });
    renderHome();
    expect(
      await screen.findByRole('heading', { name: 'Todavía no estás en ningún equipo' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Un organizador tiene que añadirte al equipo de su evento/)).toHaveTextContent(
      'nora@x.es',
    );
  });
});
