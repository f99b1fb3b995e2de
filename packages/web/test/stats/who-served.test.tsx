import { noAlertRules } from '@drinkflow/domain/alerts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { StatisticsPage } from '@/features/stats/pages/statistics-page';
import type { ApiRoutes } from '../support/api-stub';
import { anEvent, anOrganizer } from '../support/entities';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';
import { busyNight, serveWithStream } from '../support/statistics';

// docs/rules/statistics.md (per device and per person): the statistics page's 'Por dispositivo'
// and 'Por persona' tables.

inMadridTimeZone();

const organizer = anOrganizer();

function renderStats(stats: ReturnType<typeof busyNight>) {
  serveWithStream(
    {
      'GET /api/auth/me': { user: organizer },
      'GET /api/eventos/7': [anEvent()],
      'GET /api/stats/1': stats,
      'GET /api/eventos/1/alertas': { reglas: noAlertRules, alertas: [] },
    } satisfies ApiRoutes,
    [],
  );
  signIn(organizer);
  return renderRoutes(
    [{ path: '/organizer/estadisticas', element: <StatisticsPage /> }],
    '/organizer/estadisticas?evento=1',
  );
}

/** Each row of the table named `name`, as its cells' texts. */
async function rowsOf(name: string) {
  const table = await screen.findByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
}

describe('statistics page, who served it', () => {
  beforeEach(stubResizeObserver);

  it('lists each device with its bar, drinks, refusals and busiest minute, and each person', async () => {
    renderStats(
      busyNight({
        porDispositivo: [
          {
            dispositivoId: 3,
            nombre: 'Móvil Terraza',
            barra: 'Terraza',
            consumos: 1234,
            rechazos: 2,
            maxPorMinuto: 7,
          },
          {
            dispositivoId: 5,
            nombre: 'Tablet Pista',
            barra: null,
            consumos: 4,
            rechazos: 0,
            maxPorMinuto: 3,
          },
        ],
        porPersona: [
          { usuarioId: 11, nombre: 'Lucía Fernández', consumos: 1236, rechazos: 2 },
          { usuarioId: 12, nombre: 'Mario', consumos: 2, rechazos: 0 },
        ],
      }),
    );

    expect(await screen.findByRole('heading', { name: 'Por dispositivo' })).toBeInTheDocument();
    // On a phone the bar is a line under the device's name; from 640 px a column of its own.
    expect(await rowsOf('Por dispositivo')).toEqual([
      ['Dispositivo', 'Barra', 'Consumos', 'Rechazos', 'Máx./min'],
      ['Móvil TerrazaTerraza', 'Terraza', '1234', '2', '7'],
      ['Tablet PistaSin barra', 'Sin barra', '4', '0', '3'],
    ]);
    // Scoped to this table: the page's other tables (refusals by bar…) have a 'Barra' column too.
    const devices = screen.getByRole('table', { name: 'Por dispositivo' });
    expect(within(devices).getByRole('columnheader', { name: 'Barra' })).toHaveClass(
      'hidden',
      'sm:table-cell',
    );
    expect(await rowsOf('Por persona')).toEqual([
      ['Persona', 'Consumos', 'Rechazos'],
      ['Lucía Fernández', '1236', '2'],
      ['Mario', '2', '0'],
    ]);
  });

  it('says Sin datos when no device recorded anything, and for answers without the lists', async () => {
    renderStats(busyNight({ porDispositivo: [], porPersona: undefined }));

    expect(await rowsOf('Por dispositivo')).toEqual([
      ['Dispositivo', 'Barra', 'Consumos', 'Rechazos', 'Máx./min'],
      ['Sin datos'],
    ]);
    expect(await rowsOf('Por persona')).toEqual([['Persona', 'Consumos', 'Rechazos'], ['Sin datos']]);
  });
});
