import type { Recarga } from '@drinkflow/domain/topups';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AddDrinksButton } from '@/components/top-ups/top-up-dialog';
import { type ApiRoutes, created, failure, sentBodies, serveApi } from '../support/api-stub';
import { anOrganizer } from '../support/entities';
import { renderRoutes, signIn } from '../support/render-app';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { stubResizeObserver } from '../support/resize-observer';

// docs/rules/festivals.md: 'Añadir bebidas' adds drinks to one ticket's limit, with the server's checks.

const organizer = anOrganizer();
const stored: Recarga = {
  id: 1,
  ticketId: 5,
  bebidas: 2,
  importe: 12.5,
  metodo: 'tarjeta',
  nota: 'Pagó en barra',
  creadoPor: { nombre: organizer.nombre },
  paraHoy: false,
  createdAt: '2030-07-04T21:40:00.000Z',
};

inMadridTimeZone();

/** A ticket without a per-day limit: the dialog's read of its day answers `hoy: null`. */
const noDailyLimit: ApiRoutes = { 'GET /api/tickets/5/recargas/hoy': { hoy: null } };

async function openDialog(routes: ApiRoutes = { 'POST /api/tickets/5/recargas': created(stored) }) {
  const fetchMock = serveApi({ 'GET /api/auth/me': { user: organizer }, ...noDailyLimit, ...routes });
  signIn(organizer);
  const onAdded = vi.fn();
  const { user } = renderRoutes(
    [{ path: '/', element: <AddDrinksButton ticketId={5} onAdded={onAdded} /> }],
    '/',
  );
  await user.click(await screen.findByRole('button', { name: 'Añadir bebidas' }));
  const dialog = await screen.findByRole('dialog', { name: 'Añadir bebidas' });
  return { fetchMock, user, dialog, onAdded };
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\*?$`));

describe('add drinks dialog', () => {
  beforeEach(stubResizeObserver);

  it('offers the drinks, the amount, the payment method and a note', async () => {
    const { dialog } = await openDialog();
    expect(field(dialog, 'Bebidas')).toBeRequired();
    expect(field(dialog, 'Importe (€)')).not.toBeRequired();
    const metodo = field(dialog, 'Método');
    expect(
      within(metodo)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sin indicar', 'Efectivo', 'Tarjeta', 'Invitación']);
    expect(field(dialog, 'Nota')).toBeInTheDocument();
  });

  it('refuses missing or out-of-range drinks and a 3-decimal amount in Spanish, sending nothing', async () => {
    const { fetchMock, user, dialog } = await openDialog();
    const submit = within(dialog).getByRole('button', { name: 'Añadir bebidas' });
    await user.click(submit);
    const rangeMessage = 'Las bebidas de la recarga deben ser un número entero entre 1 y 50';
    expect(await within(dialog).findByText(rangeMessage)).toBeInTheDocument();
    expect(field(dialog, 'Bebidas')).toHaveAttribute('aria-invalid', 'true');

    await user.type(field(dialog, 'Bebidas'), '51');
    await user.type(field(dialog, 'Importe (€)'), '1,005');
    await user.click(submit);
    expect(await within(dialog).findByText(rangeMessage)).toBeInTheDocument();
    expect(within(dialog).getByText('El importe no puede tener más de 2 decimales')).toBeInTheDocument();

    await user.clear(field(dialog, 'Importe (€)'));
    await user.type(field(dialog, 'Importe (€)'), '-3');
    await user.click(submit);
    expect(
      await within(dialog).findByText('El importe debe ser un número mayor o igual que 0'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/tickets/5/recargas')).toHaveLength(0);
  });

  it('sends the top-up with a comma amount, closes and tells the caller', async () => {
    const { fetchMock, user, dialog, onAdded } = await openDialog();
    await user.type(field(dialog, 'Bebidas'), '2');
    await user.type(field(dialog, 'Importe (€)'), '12,5');
    await user.selectOptions(field(dialog, 'Método'), 'Tarjeta');
    await user.type(field(dialog, 'Nota'), '  Pagó en barra ');
    await user.click(within(dialog).getByRole('button', { name: 'Añadir bebidas' }));
    expect(await screen.findByText('Bebidas añadidas')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/tickets/5/recargas')).toEqual([
      { bebidas: 2, importe: 12.5, metodo: 'tarjeta', nota: 'Pagó en barra' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onAdded).toHaveBeenCalledWith(stored);
  });

  it('leaves out what was not given', async () => {
    const { fetchMock, user, dialog } = await openDialog();
    await user.type(field(dialog, 'Bebidas'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Añadir bebidas' }));
    expect(await screen.findByText('Bebidas añadidas')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/tickets/5/recargas')).toEqual([{ bebidas: 1 }]);
  });

  it('shows the server’s refusal and stays open', async () => {
    const { user, dialog } = await openDialog({
      'POST /api/tickets/5/recargas': failure(400, {
        message: 'Las recargas solo aplican a tickets con límite de bebidas',
        error: 'validation_error',
      }),
    });
    await user.type(field(dialog, 'Bebidas'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Añadir bebidas' }));
    expect(
      await screen.findAllByText('Las recargas solo aplican a tickets con límite de bebidas'),
    ).not.toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Añadir bebidas' })).toBeInTheDocument();
  });

  describe('a ticket with a per-day limit (docs/decisions/063)', () => {
    const day = (bebidasHoy: number) => ({
      'GET /api/tickets/5/recargas/hoy': {
        hoy: { bebidasHoy, maxDrinksPerDay: 2, limiteHoy: 2, proximoCorte: '2030-11-28T05:00:00.000Z' },
      },
      'POST /api/tickets/5/recargas': created({ ...stored, paraHoy: true }),
    });
    const usableToday = (dialog: HTMLElement) =>
      within(dialog).findByRole('checkbox', { name: 'Usables también hoy' });

    it('at today’s limit, says "Hoy: 2 de 2" and sends the drinks as usable today by default', async () => {
      const { fetchMock, user, dialog } = await openDialog(day(2));
      expect(await usableToday(dialog)).toBeChecked();
      expect(within(dialog).getByText('Hoy: 2 de 2')).toBeInTheDocument();
      await user.type(field(dialog, 'Bebidas'), '2');
      await user.click(within(dialog).getByRole('button', { name: 'Añadir bebidas' }));
      expect(await screen.findByText('Bebidas añadidas')).toBeInTheDocument();
      expect(sentBodies(fetchMock, 'POST /api/tickets/5/recargas')).toEqual([{ bebidas: 2, paraHoy: true }]);
    });

    it('unchecked, says from when the drinks can be used and sends paraHoy false', async () => {
      const { fetchMock, user, dialog } = await openDialog(day(2));
      const checkbox = await usableToday(dialog);
      await user.click(checkbox);
      expect(checkbox).not.toBeChecked();
      expect(checkbox).toHaveAccessibleDescription('Podrá usarlas a partir del 28/11 a las 06:00');
      await user.type(field(dialog, 'Bebidas'), '1');
      await user.click(within(dialog).getByRole('button', { name: 'Añadir bebidas' }));
      expect(await screen.findByText('Bebidas añadidas')).toBeInTheDocument();
      expect(sentBodies(fetchMock, 'POST /api/tickets/5/recargas')).toEqual([{ bebidas: 1, paraHoy: false }]);
    });

    it('with drinks left today, leaves the box unchecked', async () => {
      const { dialog } = await openDialog(day(1));
      expect(await usableToday(dialog)).not.toBeChecked();
      expect(within(dialog).getByText('Hoy: 1 de 2')).toBeInTheDocument();
    });

    it('offers no box for a ticket without a per-day limit', async () => {
      const { dialog } = await openDialog();
      await within(dialog).findByRole('button', { name: 'Añadir bebidas' });
      expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
      expect(within(dialog).queryByText(/^Hoy:/)).not.toBeInTheDocument();
    });
  });
});
