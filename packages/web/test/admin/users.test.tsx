import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiRoutes, failure, requestedUrls, sentBodies } from '../support/api-stub';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { stubResizeObserver } from '../support/resize-observer';
import { admin, anAdminUser, usersPage } from './admin-fixtures';
import { renderAdmin } from './render-admin';

inMadridTimeZone();

const olga = anAdminUser();
const pedro = anAdminUser({ id: 21, nombre: 'Pedro', apellido: null, email: 'pedro@x.es', rol: 'scanner' });
const ines = anAdminUser({ id: 22, nombre: 'Inés', apellido: 'Vidal', email: 'ines@x.es', activo: false });
const me = anAdminUser({ id: admin.id, nombre: 'Ana', apellido: 'Admin', email: admin.email, rol: 'admin' });

const usersRoute = { 'GET /api/admin/users': usersPage([olga, pedro, ines, me]) } satisfies ApiRoutes;
const openUsers = (routes: ApiRoutes = {}) =>
  renderAdmin({ ...usersRoute, ...routes }, '/admin?seccion=usuarios');

const lastQuery = (fetchMock: ReturnType<typeof renderAdmin>['fetchMock']) =>
  Object.fromEntries(
    new URL(requestedUrls(fetchMock, 'GET /api/admin/users').at(-1)!, 'http://x').searchParams,
  );

describe('users section', () => {
  beforeEach(stubResizeObserver);

  it('lists the users with their role, state and sign-up date', async () => {
    openUsers();
    expect(screen.getByRole('heading', { level: 2, name: 'Gestión de Usuarios' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Olga Ruiz/ });
    expect(within(row).getByText('olga@x.es')).toBeInTheDocument();
    expect(within(row).getByRole('combobox', { name: 'Rol de Olga Ruiz' })).toHaveValue('organizer');
    expect(within(row).getByText('Activa')).toBeInTheDocument();
    expect(within(row).getByText('01/06/2030 12:00')).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Inés Vidal/ })).getByText('Desactivada'),
    ).toBeInTheDocument();
    expect(screen.getByText('Mostrando 4 usuarios')).toBeInTheDocument();
  });

  it('searches on the server once the typing pauses, from page 1', async () => {
    const { fetchMock, user } = openUsers();
    await screen.findByRole('row', { name: /Olga Ruiz/ });
    await user.type(screen.getByLabelText('Buscar usuarios'), 'olga');
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ page: '1', limit: '20', search: 'olga' }));
  });

  it('says when no user matches the search', async () => {
    const { user } = openUsers({
      'GET /api/admin/users': (_body, _init, url) =>
        url.searchParams.get('search') ? usersPage([]) : usersPage([olga]),
    });
    await screen.findByRole('row', { name: /Olga Ruiz/ });
    await user.type(screen.getByLabelText('Buscar usuarios'), 'nadie');
    expect(await screen.findByText('Ningún usuario coincide con «nadie».')).toBeInTheDocument();
  });

  it('pages on the server', async () => {
    const many = Array.from({ length: 20 }, (_, index) =>
      anAdminUser({ id: 100 + index, nombre: `Usuario ${index + 1}` }),
    );
    const { fetchMock, user } = openUsers({ 'GET /api/admin/users': usersPage(many, 45) });
    expect(await screen.findByText('Mostrando 1 a 20 de 45 usuarios')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ page: '3' }));
  });

  it('changes a role with the select only once the change is confirmed', async () => {
    const { fetchMock, user } = openUsers({
      'PATCH /api/admin/users/20': { ...olga, rol: 'scanner' },
    });
    const row = await screen.findByRole('row', { name: /Olga Ruiz/ });
    await user.selectOptions(within(row).getByRole('combobox', { name: 'Rol de Olga Ruiz' }), 'scanner');
    const dialog = await screen.findByRole('alertdialog', { name: '¿Cambiar el rol?' });
    expect(dialog).toHaveTextContent('Olga Ruiz pasará de Organizador a Personal de barra.');
    expect(sentBodies(fetchMock, `PATCH /api/admin/users/${olga.id}`)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar rol' }));
    expect(await screen.findByText('Rol actualizado')).toBeInTheDocument();
    expect(screen.getByText('Olga Ruiz ahora es Personal de barra.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `PATCH /api/admin/users/${olga.id}`)).toEqual([{ rol: 'scanner' }]);
  });

  it('disables an account only after confirming, and the list is read again', async () => {
    const { fetchMock, user } = openUsers({
      'PATCH /api/admin/users/20': { ...olga, activo: false },
    });
    const row = await screen.findByRole('row', { name: /Olga Ruiz/ });
    await user.click(within(row).getByRole('button', { name: 'Desactivar Olga Ruiz' }));
    let dialog = await screen.findByRole('alertdialog', { name: '¿Desactivar cuenta?' });
    expect(dialog).toHaveTextContent(
      'no podrá iniciar sesión y sus sesiones abiertas se cerrarán al momento',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(sentBodies(fetchMock, `PATCH /api/admin/users/${olga.id}`)).toEqual([]);

    const reads = requestedUrls(fetchMock, 'GET /api/admin/users').length;
    await user.click(within(row).getByRole('button', { name: 'Desactivar Olga Ruiz' }));
    dialog = await screen.findByRole('alertdialog', { name: '¿Desactivar cuenta?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Cuenta desactivada')).toBeInTheDocument();
    expect(screen.getByText('Olga Ruiz ya no puede iniciar sesión.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, `PATCH /api/admin/users/${olga.id}`)).toEqual([{ activo: false }]);
    expect(requestedUrls(fetchMock, 'GET /api/admin/users').length).toBeGreaterThan(reads);
  });

  it('enables a disabled account', async () => {
    const { fetchMock, user } = openUsers({
      'PATCH /api/admin/users/22': { ...ines, activo: true },
    });
    const row = await screen.findByRole('row', { name: /Inés Vidal/ });
    await user.click(within(row).getByRole('button', { name: 'Activar Inés Vidal' }));
    expect(await screen.findByText('Cuenta activada')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `PATCH /api/admin/users/${ines.id}`)).toEqual([{ activo: true }]);
  });

  it('offers no change of the signed-in admin’s own account', async () => {
    openUsers();
    const row = await screen.findByRole('row', { name: /Ana Admin/ });
    expect(within(row).getByText('(tú)')).toBeInTheDocument();
    expect(within(row).getByRole('combobox', { name: 'Rol de Ana Admin' })).toBeDisabled();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row).getByText('Tu cuenta')).toBeInTheDocument();
  });

  it('shows the server’s reason when a change is refused', async () => {
    const { user } = openUsers({
      'PATCH /api/admin/users/21': failure(409, {
        message: 'Los datos han cambiado mientras se guardaba.',
        error: 'conflict',
      }),
    });
    const row = await screen.findByRole('row', { name: /Pedro/ });
    await user.selectOptions(within(row).getByRole('combobox', { name: 'Rol de Pedro' }), 'organizer');
    const dialog = await screen.findByRole('alertdialog', { name: '¿Cambiar el rol?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar rol' }));
    expect(await screen.findByText('No se pudo guardar el cambio')).toBeInTheDocument();
    expect(screen.getByText('Los datos han cambiado mientras se guardaba.')).toBeInTheDocument();
  });

  it('gives every action on a phone’s card too', async () => {
    openUsers();
    const card = await screen.findByRole('article', { name: 'Olga Ruiz' });
    expect(within(card).getByRole('combobox', { name: 'Rol de Olga Ruiz' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Desactivar Olga Ruiz' })).toBeInTheDocument();
    expect(within(card).getByText('olga@x.es')).toBeInTheDocument();
  });
});
