import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OrganizerLayout } from '@/features/organizer/components/organizer-layout';
import { serveApi } from './support/api-stub';
import { anOrganizer } from './support/entities';
import { renderRoutes, signIn } from './support/render-app';

const organizer = anOrganizer({ nombre: 'Olga', apellido: 'Martínez' });

/** A window of this width as far as the layout's media query is concerned. */
function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/\d+/.exec(query)![0]),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderLayoutAt(url: string) {
  signIn(organizer);
  serveApi({ 'GET /api/auth/me': { user: organizer }, 'GET /api/config': { demo: false } });
  return renderRoutes(
    [{ path: '/organizer', element: <OrganizerLayout />, children: [{ path: '*', element: <p>Página</p> }] }],
    url,
  );
}

const currentItem = () =>
  within(screen.getByRole('complementary', { name: 'Menú del organizador' }))
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('OrganizerLayout', () => {
  it.each([
    ['/organizer/eventos', 'Mis Eventos'],
    ['/organizer/evento/4', 'Mis Eventos'],
    ['/organizer/evento/4/editar', 'Mis Eventos'],
    ['/organizer/tipos-ticket?evento=4', 'Tipos de Ticket'],
    ['/organizer/tipos-ticket/9/editar', 'Tipos de Ticket'],
    ['/organizer/pedido/12', 'Pedidos'],
    ['/organizer/perfil', 'Mi Perfil'],
  ])('marks the section of %s (%s) as the current page', (url, item) => {
    windowWidth(1366);
    renderLayoutAt(url);
    expect(currentItem()).toEqual([item]);
  });

  it('shows the brand in the header once the wide-screen menu is hidden', async () => {
    windowWidth(1366);
    const { user } = renderLayoutAt('/organizer/eventos');
    const header = screen.getByRole('banner');
    expect(within(header).getByText('DrinkFlow')).toHaveClass('lg:hidden');
    await user.click(screen.getByRole('button', { name: 'Ocultar menú' }));
    expect(within(header).getByText('DrinkFlow')).not.toHaveClass('lg:hidden');
    expect(within(header).getByText('Olga Martínez')).toBeInTheDocument();
  });

  it('closes the phone drawer with Escape and gives the focus back to the menu button', async () => {
    windowWidth(390);
    const { user } = renderLayoutAt('/organizer/eventos');
    const menu = screen.getByRole('complementary', { name: 'Menú del organizador' });
    expect(menu).toHaveClass('invisible');
    await user.click(screen.getByRole('button', { name: 'Mostrar menú' }));
    expect(menu).not.toHaveClass('invisible');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cerrar menú' })).toHaveFocus());

    await user.keyboard('{Escape}');
    expect(menu).toHaveClass('invisible');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mostrar menú' })).toHaveFocus());
  });

  it('keeps the wide-screen menu open on Escape', async () => {
    windowWidth(1366);
    const { user } = renderLayoutAt('/organizer/eventos');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('complementary', { name: 'Menú del organizador' })).not.toHaveClass('invisible');
  });

  it('starts with a skip link to the main content', async () => {
    windowWidth(1366);
    const { user } = renderLayoutAt('/organizer/eventos');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Saltar al contenido' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
