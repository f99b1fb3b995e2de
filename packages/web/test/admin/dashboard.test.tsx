import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure } from '../support/api-stub';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { stubResizeObserver } from '../support/resize-observer';
import { aSummary } from './admin-fixtures';
import { renderAdmin } from './render-admin';

inMadridTimeZone();

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('admin dashboard', () => {
  beforeEach(stubResizeObserver);

  it('shows the four real figures of the server', async () => {
    renderAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Panel de Administración' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
    // Spanish groups thousands from five digits on: 12.345, but 5678.
    expect(await screen.findByText('12.345')).toBeInTheDocument();
    expect(figure('Total Usuarios')).toHaveTextContent('12.345');
    expect(figure('Eventos Activos')).toHaveTextContent('3');
    expect(figure('Organizadores')).toHaveTextContent('12');
    expect(figure('Total Consumos')).toHaveTextContent('5678');
  });

  it('lists the recent activity with its dates as dd/MM/yyyy HH:mm in Madrid time', async () => {
    renderAdmin();
    const list = await screen.findByRole('list', { name: 'Actividad Reciente' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Nuevo usuario: Olga Ruiz (Organizador)');
    // 18:05 UTC in July is 20:05 in Madrid (summer time); 09:30 UTC in January is 10:30.
    expect(items[0]).toHaveTextContent('04/07/2030 20:05');
    expect(items[1]).toHaveTextContent('Consumo de copa en «Boda de Marta» (Barra 1)');
    expect(items[1]).toHaveTextContent('10/01/2030 10:30');
  });

  it('says when there is no activity yet', async () => {
    renderAdmin({ 'GET /api/admin/summary': aSummary({ actividad: [] }) });
    expect(await screen.findByText('Todavía no hay actividad.')).toBeInTheDocument();
  });

  it('offers to retry when the summary cannot be loaded', async () => {
    renderAdmin({
      'GET /api/admin/summary': failure(500, { message: 'Error interno', error: 'internal_error' }),
    });
    expect(await screen.findByText('No se pudo cargar el resumen del panel.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('leads to the users and the demo requests from its quick actions', async () => {
    const { router, user } = renderAdmin({
      'GET /api/admin/users': { users: [], total: 0, page: 1, limit: 20 },
    });
    await user.click(await screen.findByRole('link', { name: 'Gestionar usuarios' }));
    expect(router.state.location.pathname).toBe('/admin');
    expect(router.state.location.search).toBe('?seccion=usuarios');
    expect(screen.getByRole('heading', { level: 2, name: 'Gestión de Usuarios' })).toBeInTheDocument();
  });
});
