import type { User } from '@drinkflow/domain/auth';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_MODE_HINT } from '@/components/demo-mode-tag';
import { AdminPage } from '@/features/admin/pages/admin-page';
import { LoginPage } from '@/features/auth/pages/login-page';
import { OrganizerLayout } from '@/features/organizer/components/organizer-layout';
import { publicConfigQuery } from '@/lib/config';
import { serveApi } from './support/api-stub';
import { anAdmin, anOrganizer } from './support/entities';
import { renderRoutes, signIn } from './support/render-app';

const organizerShell: RouteObject = {
  path: '/organizer',
  element: <OrganizerLayout />,
  children: [{ path: 'eventos', element: <h1>Mis Eventos</h1> }],
};

// Where the badge appears: the login page, and the signed-in shells of organizers and admins.
const shells: { name: string; url: string; route: RouteObject; user?: User }[] = [
  { name: 'login page', url: '/login', route: { path: '/login', element: <LoginPage /> } },
  { name: 'organizer layout', url: '/organizer/eventos', route: organizerShell, user: anOrganizer() },
  { name: 'admin page', url: '/admin', route: { path: '/admin', element: <AdminPage /> }, user: anAdmin() },
];

function renderShell({ url, route, user }: (typeof shells)[number], demo: boolean) {
  // The organizer layout opens its menu by the viewport width; jsdom has no matchMedia.
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
  serveApi({ 'GET /api/config': { demo }, ...(user && { 'GET /api/auth/me': { user } }) });
  if (user) signIn(user);
  return renderRoutes([route], url);
}

describe.each(shells)('demo mode badge on the $name', (shell) => {
  it('reads “Modo demostración” and explains it when the server is in demo mode', async () => {
    renderShell(shell, true);
    expect(await screen.findByText('Modo demostración')).toBeVisible();
    const badge = screen.getByTitle(DEMO_MODE_HINT);
    // Screen readers get the tooltip's explanation as text.
    expect(badge).toHaveTextContent(`Modo demostración. ${DEMO_MODE_HINT}`);
  });

  it('is absent when the server is not in demo mode', async () => {
    const { queryClient } = renderShell(shell, false);
    await waitFor(() =>
      expect(queryClient.getQueryState(publicConfigQuery.queryKey)?.status).toBe('success'),
    );
    expect(screen.queryByText('Modo demostración')).not.toBeInTheDocument();
    expect(screen.queryByTitle(DEMO_MODE_HINT)).not.toBeInTheDocument();
  });
});
