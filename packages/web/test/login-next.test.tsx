import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequireRole } from '@/app/guards';
import { areaRoles } from '@/app/next-path';
import { LoginPage } from '@/features/auth/pages/login-page';
import { RegisterPage } from '@/features/auth/pages/register-page';
import { serveApi } from './support/api-stub';
import { anOrganizer } from './support/entities';
import { renderRoutes } from './support/render-app';

const organizer = anOrganizer();

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  {
    element: <RequireRole roles={areaRoles.organizer} deniedMessage="Solo organizadores." />,
    children: [
      { path: '/organizer', element: <h1>Inicio del organizador</h1> },
      { path: '/organizer/evento/:id', element: <h1>Detalle del evento</h1> },
    ],
  },
  {
    element: <RequireRole roles={areaRoles.admin} deniedMessage="Solo administradores." />,
    children: [{ path: '/admin', element: <h1>Panel</h1> }],
  },
];

function renderAt(url: string) {
  serveApi({
    'GET /api/config': { demo: false },
    'POST /api/auth/login': { user: organizer, token: 't' },
  });
  return renderRoutes(routes, url);
}

async function signInThroughForm(user: ReturnType<typeof renderAt>['user']) {
  await user.type(screen.getByLabelText('Email'), organizer.email);
  await user.type(screen.getByLabelText('Contraseña'), 'secreto');
  await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
}

const where = (router: ReturnType<typeof renderAt>['router']) =>
  router.state.location.pathname + router.state.location.search;

describe('signing in from a guarded page', () => {
  it('asks to sign in, then opens the page that was asked for, with its query', async () => {
    const { router, user } = renderAt('/organizer/evento/4?vista=api');
    await waitFor(() => expect(where(router)).toBe('/login?next=%2Forganizer%2Fevento%2F4%3Fvista%3Dapi'));
    await signInThroughForm(user);
    expect(await screen.findByRole('heading', { name: 'Detalle del evento' })).toBeInTheDocument();
    expect(where(router)).toBe('/organizer/evento/4?vista=api');
  });

  it('sends an organizer who asked for the admin panel to their own home', async () => {
    const { router, user } = renderAt('/admin');
    await waitFor(() => expect(where(router)).toBe('/login?next=%2Fadmin'));
    await signInThroughForm(user);
    expect(await screen.findByRole('heading', { name: 'Inicio del organizador' })).toBeInTheDocument();
  });

  it('keeps the page asked for on the way to the register page and back', async () => {
    const { router, user } = renderAt('/login?next=%2Forganizer%2Fevento%2F4');
    await user.click(screen.getByRole('link', { name: 'Regístrate' }));
    expect(where(router)).toBe('/register?next=%2Forganizer%2Fevento%2F4');
    await user.click(screen.getByRole('link', { name: 'Inicia sesión' }));
    expect(where(router)).toBe('/login?next=%2Forganizer%2Fevento%2F4');
  });
});
