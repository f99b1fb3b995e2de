import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { screen } from '@testing-library/react';
import { TicketTypeEditPage } from '@/features/ticket-types/pages/ticket-type-edit-page';
import { TicketTypesPage } from '@/features/ticket-types/pages/ticket-types-page';
import type { ApiRoutes } from '../support/api-stub';
import { anEvent, anOrganizer, aTicketType } from '../support/entities';
import { renderRoutes, signIn } from '../support/render-app';

/* Two events of one organizer and their ticket types, as the ticket-type pages load them. */

const organizer = anOrganizer();
const eventos = [anEvent(), anEvent({ id: 2, nombre: 'Festival', ubicacion: 'Madrid' })];
export const boda = aTicketType();
export const cerveza = aTicketType({
  id: 12,
  nombre: 'Cerveza cada 30 min',
  modo: 'intervalos_controlados',
  maxDrinks: 16,
  durationMinutes: 480,
  drinkIntervalMinutes: 30,
  drinkType: 'cerveza',
});
const festival = aTicketType({
  id: 21,
  eventoId: 2,
  nombre: 'Barra Libre',
  modo: 'temporal',
  maxDrinks: null,
  durationMinutes: 120,
  drinkType: 'todo',
});
export const withEvent = (tipo: TipoTicket): TipoTicket => {
  const { nombre, ubicacion } = eventos.find((evento) => evento.id === tipo.eventoId)!;
  return { ...tipo, evento: { nombre, ubicacion } };
};

export const baseRoutes = {
  'GET /api/auth/me': { user: organizer },
  'GET /api/eventos/7': eventos,
  'GET /api/tipos-ticket/all/organizer': [boda, cerveza, festival].map(withEvent),
  'GET /api/tipos-ticket/1': [boda, cerveza],
  'GET /api/tipos-ticket/2': [festival],
} satisfies ApiRoutes;

export function renderAt(url: string) {
  signIn(organizer);
  return renderRoutes(
    [
      { path: '/organizer/tipos-ticket', element: <TicketTypesPage /> },
      { path: '/organizer/tipos-ticket/:id/editar', element: <TicketTypeEditPage /> },
    ],
    url,
  );
}

export const columnNames = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);
