import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InvitationPage } from '@/features/team/pages/invitation-page';
import { TOKEN_KEY, USER_KEY } from '@/lib/api';
import { failure } from '../support/api-stub';
import { anOrganizer } from '../support/entities';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { renderRoutes, signIn } from '../support/render-app';
import { anInvitation, sentTo, serveTeamApi } from './team-api-stub';

inMadridTimeZone();
const TOKEN = 'abcdefghijklmnopqrstuvwxyz';
const created = { id: 90, nombre: 'Nora', apellido: 'Gil', email: 'nuevo@x.es', rol: 'scanner' as const };

function renderInvitation() {
  return renderRoutes(
    [
      { path: '/invitacion/:token', element: <InvitationPage /> },
      { path: '/barra', element: <h1>Mis eventos</h1> },
      { path: '/login', element: <h1>Login</h1> },
      { path: '/organizer/evento/:id', element: <h1>Detalle</h1> },
    ],
    `/invitacion/${TOKEN}`,
  );
}

describe('the invitation page', () => {
  it('shows the event, organizer, role and email, and creates the account that joins', async () => {
    const fetchMock = serveTeamApi({
      [`GET /api/invitaciones/${TOKEN}`]: anInvitation(),
      [`POST /api/invitaciones/${TOKEN}/aceptar`]: { user: created, token: 'session-token' },
    });
    const { router, user } = renderInvitation();
    expect(await screen.findByRole('heading', { name: 'Invitación al equipo' })).toBeInTheDocument();
    expect(screen.getByText('Olga Ruiz', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Boda Ana y Luis', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('04/07/2030 20:00 – 05/07/2030 04:00')).toBeInTheDocument();
    expect(screen.getByText('Barra')).toBeInTheDocument();
    expect(screen.getByText('nuevo@x.es', { selector: 'dd' })).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Crear cuenta' });
    await user.type(within(form).getByLabelText(/^Nombre/), 'Nora');
    await user.type(within(form).getByLabelText(/^Apellido/), 'Gil');
    await user.type(within(form).getByLabelText(/^Contraseña/), 'secreta1');
    await user.click(within(form).getByRole('button', { name: 'Crear cuenta y unirme' }));

    expect(await screen.findByRole('heading', { name: 'Mis eventos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/barra');
    expect(sentTo(fetchMock, `POST /api/invitaciones/${TOKEN}/aceptar`)).toEqual([
      { nombre: 'Nora', apellido: 'Gil', password: 'secreta1' },
    ]);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('session-token');
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(created);
  });

  it('checks the fields first and shows the API refusals on them', async () => {
    const fetchMock = serveTeamApi({
      [`GET /api/invitaciones/${TOKEN}`]: anInvitation(),
      [`POST /api/invitaciones/${TOKEN}/aceptar`]: failure(400, {
        error: 'validation_error',
        message: 'Datos inválidos',
        details: [{ field: 'password', message: 'La contraseña no puede exceder 200 caracteres.' }],
      }),
    });
    const { user } = renderInvitation();
    const form = await screen.findByRole('form', { name: 'Crear cuenta' });
    await user.type(within(form).getByLabelText(/^Contraseña/), '123');
    await user.click(within(form).getByRole('button', { name: 'Crear cuenta y unirme' }));
    expect(within(form).getByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(within(form).getByText('La contraseña debe tener al menos 6 caracteres.')).toBeInTheDocument();
    expect(sentTo(fetchMock, `POST /api/invitaciones/${TOKEN}/aceptar`)).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Nombre/), 'Nora');
    await user.type(within(form).getByLabelText(/^Contraseña/), '456');
    await user.click(within(form).getByRole('button', { name: 'Crear cuenta y unirme' }));
    expect(
      await within(form).findByText('La contraseña no puede exceder 200 caracteres.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('says clearly when the invitation is not valid, used or expired', async () => {
    serveTeamApi({
      [`GET /api/invitaciones/${TOKEN}`]: failure(404, {
        error: 'not_found',
        message: 'La invitación no es válida, ya se usó o ha caducado.',
      }),
    });
    renderInvitation();
    expect(await screen.findByRole('heading', { name: 'Invitación no disponible' })).toBeInTheDocument();
    expect(screen.getByText('La invitación no es válida, ya se usó o ha caducado.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('asks to sign in, coming back here, when the email already has an account', async () => {
    serveTeamApi({ [`GET /api/invitaciones/${TOKEN}`]: anInvitation({ cuentaExiste: true }) });
    const { router, user } = renderInvitation();
    await user.click(await screen.findByRole('link', { name: 'Iniciar sesión para unirme' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?next=%2Finvitacion%2F${TOKEN}`);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('joins with the session of the invited email', async () => {
    const olga = anOrganizer({ email: 'Olga@X.es' });
    signIn(olga);
    const fetchMock = serveTeamApi({
      'GET /api/auth/me': { user: olga },
      [`GET /api/invitaciones/${TOKEN}`]: anInvitation({
        email: 'olga@x.es',
        rol: 'supervisor',
        cuentaExiste: true,
      }),
      [`POST /api/invitaciones/${TOKEN}/aceptar`]: {},
    });
    const { router, user } = renderInvitation();
    await user.click(await screen.findByRole('button', { name: 'Unirme al equipo' }));
    expect(await screen.findByRole('heading', { name: 'Detalle' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/organizer/evento/1');
    expect(sentTo(fetchMock, `POST /api/invitaciones/${TOKEN}/aceptar`)).toEqual([{}]);
  });

  it('tells a person signed in with another email to use the invited one', async () => {
    const olga = anOrganizer();
    signIn(olga);
    const fetchMock = serveTeamApi({
      'GET /api/auth/me': { user: olga },
      [`GET /api/invitaciones/${TOKEN}`]: anInvitation({ cuentaExiste: true }),
      'POST /api/auth/logout': undefined,
    });
    const { user } = renderInvitation();
    expect(await screen.findByText(/La invitación es para otro email/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unirme al equipo' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión y usar otra cuenta' }));
    expect(await screen.findByRole('link', { name: 'Iniciar sesión para unirme' })).toBeInTheDocument();
    expect(sentTo(fetchMock, `POST /api/invitaciones/${TOKEN}/aceptar`)).toHaveLength(0);
  });
});
