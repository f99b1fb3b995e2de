import { noAlertRules } from '@drinkflow/domain/alerts';
import type { EventoDetail } from '@drinkflow/domain/events';
import type { EventTopUps } from '@drinkflow/domain/topups';
import { screen, within } from '@testing-library/react';
import { EventReportPage } from '@/features/report/pages/event-report-page';
import type { ApiRoutes } from '../support/api-stub';
import { anAlert, anEvent, anOrganizer } from '../support/entities';
import { renderRoutes, signIn } from '../support/render-app';
import { busyNight } from '../support/statistics';

/* One event's busy night as the report loads it: the event, its statistics, its alerts and no top-ups. */

const organizer = anOrganizer();
const boda: EventoDetail = {
  ...anEvent(),
  contadores: { tiposTicket: 1, pedidosActivos: 2, ticketsEscaneados: 3 },
};
export const night = busyNight({
  rechazos: { agotado: 1, intervalo: 3, desconocido: 1, invalidado: 0 },
  deshechos: 2,
  porBarra: [
    { barra: 'Terraza', consumos: 6, rechazos: 4, deshechos: 2 },
    { barra: 'Sin barra', consumos: 3, rechazos: 1, deshechos: 0 },
  ],
  porDispositivo: [
    {
      dispositivoId: 3,
      nombre: 'Móvil Terraza',
      barra: 'Terraza',
      consumos: 6,
      rechazos: 4,
      maxPorMinuto: 2,
    },
    {
      dispositivoId: 4,
      nombre: 'Tablet de la entrada',
      barra: null,
      consumos: 1,
      rechazos: 1,
      maxPorMinuto: 1,
    },
  ],
  porPersona: [{ usuarioId: 11, nombre: 'Lucía Fernández', consumos: 7, rechazos: 5 }],
});

export const zero = { recargas: 0, bebidas: 0, importe: 0 };
const noTopUps: EventTopUps = {
  total: zero,
  porMetodo: [
    { metodo: 'efectivo', ...zero },
    { metodo: 'tarjeta', ...zero },
    { metodo: 'invitacion', ...zero },
  ],
  recargas: [],
};
export const routes = {
  'GET /api/auth/me': { user: organizer },
  'GET /api/eventos/1/recargas': noTopUps,
  'GET /api/evento/1': boda,
  'GET /api/stats/1': night,
  'GET /api/eventos/1/alertas': {
    reglas: { ...noAlertRules, minutosSinEscanear: 20 },
    alertas: [anAlert()],
  },
} satisfies ApiRoutes;

export function renderReport(url = '/organizer/estadisticas/1/informe') {
  signIn(organizer);
  return renderRoutes(
    [
      { path: '/organizer/estadisticas/:eventoId/informe', element: <EventReportPage /> },
      { path: '/organizer/estadisticas', element: <h1>Estadísticas</h1> },
    ],
    url,
  );
}

/** Each row of the table named `name`, as its cells' texts. */
export async function rowsOf(name: string) {
  const table = await screen.findByRole('table', { name: new RegExp(`^${name}`) });
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
}

/** Non-breaking spaces (Intl's euros) as plain ones. */
export const spaces = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/** The figure under the term `title` and its note. */
export function figure(title: string) {
  const term = within(screen.getByLabelText('Cifras del evento'))
    .getAllByRole('term')
    .find((element) => element.textContent === title)!;
  return Array.from(term.parentElement!.querySelectorAll('dd')).map((dd) => dd.textContent);
}
