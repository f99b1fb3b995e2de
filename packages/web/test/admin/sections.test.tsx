import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { stubResizeObserver } from '../support/resize-observer';
import { aDemoRequest } from './admin-fixtures';
import { renderAdmin } from './render-admin';

inMadridTimeZone();

const menu = () => screen.getByRole('navigation', { name: 'Secciones del panel' });

describe('admin panel sections', () => {
  beforeEach(stubResizeObserver);

  it('switches sections in place from the menu, marking the current one', async () => {
    const { router, user } = renderAdmin({
      'GET /api/admin/demo-requests': { demoRequests: [], total: 0, page: 1, limit: 20 },
    });
    expect(within(menu()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    for (const title of ['Organizadores', 'Todos los Eventos', 'Permisos y Roles', 'Configuración Global']) {
      await user.click(within(menu()).getByRole('link', { name: title }));
      expect(router.state.location.pathname).toBe('/admin');
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
      expect(screen.getByText('Sección en desarrollo')).toBeInTheDocument();
      expect(within(menu()).getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');
    }
    await user.click(within(menu()).getByRole('link', { name: 'Solicitudes de Demo' }));
    expect(await screen.findByText('Todavía no hay solicitudes de demo.')).toBeInTheDocument();
  });

  it('collapses the menu to its icons, keeping each section’s name', async () => {
    const { user } = renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Contraer menú' }));
    const link = within(menu()).getByRole('link', { name: 'Gestión de Usuarios' });
    expect(link).toHaveAttribute('title', 'Gestión de Usuarios');
    expect(screen.getByRole('button', { name: 'Expandir menú' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists the demo requests with everything the visitor sent', async () => {
    renderAdmin(
      {
        'GET /api/admin/demo-requests': {
          demoRequests: [
            aDemoRequest(),
            aDemoRequest({ id: 4, name: 'Luis Gil', phone: null, message: null }),
          ],
          total: 2,
          page: 1,
          limit: 20,
        },
      },
      '/admin?seccion=solicitudes',
    );
    const row = await screen.findByRole('row', { name: /Carmen Romero/ });
    for (const text of [
      'carmen@x.es',
      '+34 612 345 678',
      'Boda',
      '1200',
      '12/09/2030',
      '04/07/2030 20:05',
      'Queremos barra libre controlada.',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByRole('link', { name: 'carmen@x.es' })).toHaveAttribute(
      'href',
      'mailto:carmen@x.es',
    );
    expect(screen.getByText('Mostrando 2 solicitudes')).toBeInTheDocument();
  });
});
