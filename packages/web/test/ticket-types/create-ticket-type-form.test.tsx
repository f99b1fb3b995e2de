import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { CreateTicketTypeForm } from '@/features/ticket-types/components/create-ticket-type-form';
import { formatDateTime, toDateTimeLocal } from '@/lib/format';
import { createQueryClient } from '@/lib/query-client';
import { type ApiRoutes, created, failure, sentBodies, serveApi } from '../support/api-stub';
import { anEvent, aTicketType } from '../support/entities';

const evento = anEvent({ id: 3 });

function renderForm(routes: ApiRoutes = {}) {
  const fetchMock = serveApi(routes);
  const onCreated = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CreateTicketTypeForm evento={evento} onCancel={vi.fn()} onCreated={onCreated} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onCreated, fetchMock };
}

const field = (name: string | RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Crear Tipo de Ticket' });

async function replace(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('create ticket type form', () => {
  it('starts por cantidad with 4 drinks for the whole event and all drinks', () => {
    renderForm();
    expect(screen.getByRole('radio', { name: /Por Cantidad/ })).toBeChecked();
    expect(field('Máximo de bebidas')).toHaveValue(4);
    expect(field('Tipo de bebida')).toHaveValue('todo');
    expect(screen.getByText('Válido durante todo el evento')).toBeInTheDocument();
    expect(
      screen.getByText(`${formatDateTime(evento.fechaInicio)} – ${formatDateTime(evento.fechaFin)}`),
    ).toBeInTheDocument();
  });

  it('fills in each mode’s defaults and derives valid-to and the drink count', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: /Intervalos Controlados/ }));
    expect(field('Duración (minutos)')).toHaveValue(180);
    expect(field('Intervalo entre bebidas (minutos)')).toHaveValue(30);
    expect(field('Máximo de bebidas')).toHaveValue('6');
    expect(field('Máximo de bebidas')).toHaveAttribute('readonly');
    expect(screen.getByText('Cálculo automático')).toBeInTheDocument();
    expect(field('Válido desde')).toHaveValue(toDateTimeLocal(evento.fechaInicio));
    expect(field('Válido hasta')).toHaveValue(formatDateTime('2030-07-04T21:00:00.000Z'));

    await replace(user, field('Intervalo entre bebidas (minutos)'), '45');
    expect(field('Máximo de bebidas')).toHaveValue('4');

    await user.click(screen.getByRole('radio', { name: /Barra Libre/ }));
    expect(screen.queryByLabelText('Intervalo entre bebidas (minutos)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Máximo de bebidas')).not.toBeInTheDocument();
    await replace(user, field('Duración (minutos)'), '90');
    expect(field('Válido hasta')).toHaveValue(formatDateTime('2030-07-04T19:30:00.000Z'));

    await user.click(screen.getByRole('radio', { name: /Por Cantidad/ }));
    expect(field('Máximo de bebidas')).toHaveValue(4);
    expect(screen.queryByLabelText('Duración (minutos)')).not.toBeInTheDocument();
  });

  it('shows the dialog bounds and refuses to send an invalid form', async () => {
    const { user, fetchMock } = renderForm();
    await user.type(field('Nombre'), 'Cerveza controlada');
    await user.click(screen.getByRole('radio', { name: /Intervalos Controlados/ }));
    await replace(user, field('Duración (minutos)'), '50');
    await replace(user, field('Intervalo entre bebidas (minutos)'), '4');
    await user.click(submit());
    expect(await screen.findByText('La duración debe estar entre 60 y 1440 minutos')).toBeInTheDocument();
    expect(screen.getByText('El intervalo debe estar entre 5 y 180 minutos')).toBeInTheDocument();
    expect(screen.getByText('Errores en el formulario')).toBeInTheDocument();
    expect(screen.getByText('Por favor, corrige los errores antes de continuar.')).toBeInTheDocument();
    expect(field('Intervalo entre bebidas (minutos)')).toHaveAttribute('aria-invalid', 'true');

    await replace(user, field('Duración (minutos)'), '120');
    await replace(user, field('Intervalo entre bebidas (minutos)'), '20');
    await waitFor(() =>
      expect(screen.queryByText('El intervalo debe estar entre 5 y 180 minutos')).not.toBeInTheDocument(),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the validity window inside the event period', async () => {
    const { user } = renderForm();
    await user.type(field('Nombre'), 'Barra libre');
    await user.click(screen.getByRole('radio', { name: /Barra Libre/ }));
    await replace(user, field('Válido desde'), toDateTimeLocal('2030-07-05T01:00:00.000Z'));
    await user.click(submit());
    expect(
      await screen.findByText('La fecha de fin del ticket debe estar dentro del período del evento'),
    ).toBeInTheDocument();
    await replace(user, field('Válido desde'), toDateTimeLocal('2030-07-04T17:00:00.000Z'));
    expect(
      await screen.findByText('La fecha de inicio del ticket debe estar dentro del período del evento'),
    ).toBeInTheDocument();
  });

  it('creates the ticket type and reports it', async () => {
    const { user, onCreated, fetchMock } = renderForm({
      'POST /api/tipos-ticket': created(aTicketType({ id: 9, eventoId: 3, nombre: 'Barra libre VIP' })),
    });
    await user.type(field('Nombre'), 'Barra libre VIP');
    await user.click(screen.getByRole('button', { name: 'Cerveza' }));
    await user.click(screen.getByRole('radio', { name: /Barra Libre/ }));
    await user.click(submit());
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(sentBodies(fetchMock, 'POST /api/tipos-ticket')).toEqual([
      {
        eventoId: 3,
        nombre: 'Barra libre VIP',
        modo: 'temporal',
        maxDrinks: null,
        durationMinutes: 120,
        drinkIntervalMinutes: null,
        drinkType: 'cerveza',
        validoDesde: evento.fechaInicio,
        validoHasta: '2030-07-04T20:00:00.000Z',
        maxDrinksPerDay: null,
        barrasPermitidas: null,
      },
    ]);
    expect(screen.getByText('Tipo de ticket creado')).toBeInTheDocument();
  });

  it('shows the server’s field messages and its message in the toast', async () => {
    const { user, onCreated } = renderForm({
      'POST /api/tipos-ticket': failure(400, {
        message: 'Datos no válidos',
        error: 'validation_error',
        details: [{ field: 'drinkType', message: 'Tipo de bebida rechazado' }],
      }),
    });
    await user.type(field('Nombre'), 'Bono');
    await user.click(submit());
    expect(await screen.findByText('Tipo de bebida rechazado')).toBeInTheDocument();
    expect(screen.getByText('Error al crear tipo de ticket')).toBeInTheDocument();
    expect(screen.getByText('Datos no válidos')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
