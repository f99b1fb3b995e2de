import { eventBarMessages } from '@drinkflow/domain/event-bars';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { CreateTicketTypeForm } from '@/features/ticket-types/components/create-ticket-type-form';
import { festivalTexts } from '@/features/ticket-types/utils/festival-text';
import { createQueryClient } from '@/lib/query-client';
import { created, sentBodies, serveApi } from '../support/api-stub';
import { anEvent, aTicketType } from '../support/entities';

// docs/rules/festivals.md in the ticket type form: "Máximo por día" and "Barras permitidas".

function renderForm(barras: string[]) {
  const fetchMock = serveApi({ 'POST /api/tipos-ticket': created(aTicketType({ id: 9, eventoId: 3 })) });
  const onCreated = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CreateTicketTypeForm evento={anEvent({ id: 3, barras })} onCancel={vi.fn()} onCreated={onCreated} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onCreated, fetchMock };
}

const submit = () => screen.getByRole('button', { name: 'Crear Tipo de Ticket' });

describe('ticket type form: per-day limit and allowed bars', () => {
  it('sends the daily limit and the checked bars', async () => {
    const { user, onCreated, fetchMock } = renderForm(['VIP', 'Terraza']);
    await user.type(screen.getByLabelText('Nombre'), 'Pulsera VIP');
    await user.type(screen.getByLabelText('Máximo por día'), '2');
    await user.click(screen.getByRole('checkbox', { name: 'VIP' }));
    await user.click(submit());
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(sentBodies(fetchMock, 'POST /api/tipos-ticket')).toEqual([
      expect.objectContaining({ maxDrinksPerDay: 2, barrasPermitidas: ['VIP'] }),
    ]);
  });

  it('sends null for both when left empty: no daily limit, every bar', async () => {
    const { user, onCreated, fetchMock } = renderForm(['VIP', 'Terraza']);
    expect(screen.getByText('Ninguna marcada: válido en todas las barras.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nombre'), 'General');
    await user.click(submit());
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(sentBodies(fetchMock, 'POST /api/tipos-ticket')).toEqual([
      expect.objectContaining({ maxDrinksPerDay: null, barrasPermitidas: null }),
    ]);
  });

  it('refuses a daily limit outside 1–50 with the domain’s message', async () => {
    const { user, fetchMock } = renderForm([]);
    await user.type(screen.getByLabelText('Nombre'), 'General');
    await user.type(screen.getByLabelText('Máximo por día'), '60');
    await user.click(submit());
    expect(await screen.findByText(eventBarMessages.maxDrinksPerDay)).toBeInTheDocument();
    expect(screen.getByLabelText('Máximo por día')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers no bars when the event has none', () => {
    renderForm([]);
    expect(screen.queryByRole('group', { name: 'Barras permitidas' })).not.toBeInTheDocument();
  });
});

describe('festivalTexts', () => {
  it('reads "4 al día" and "Solo: VIP, Terraza"', () => {
    expect(festivalTexts({ maxDrinksPerDay: 4, barrasPermitidas: ['VIP', 'Terraza'] })).toEqual([
      '4 al día',
      'Solo: VIP, Terraza',
    ]);
    expect(festivalTexts({ maxDrinksPerDay: null, barrasPermitidas: null })).toEqual([]);
  });
});
