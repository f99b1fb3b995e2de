import { noAlertRules } from '@drinkflow/domain/alerts';
import type { ConflictoOffline } from '@drinkflow/domain/stats';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { StatisticsPage } from '@/features/stats/pages/statistics-page';
import type { ApiRoutes } from '../support/api-stub';
import { anEvent, anOrganizer } from '../support/entities';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { renderRoutes, signIn } from '../support/render-app';
import { stubResizeObserver } from '../support/resize-observer';
import { busyNight, serveWithStream } from '../support/statistics';

// docs/rules/offline-and-field.md (docs/decisions/036): drinks served offline that the rules would have refused are
// counted and listed on the statistics page, only when there are any.

inMadridTimeZone();

const organizer = anOrganizer();

const conflict = (patch: Partial<ConflictoOffline> = {}): ConflictoOffline => ({
  id: 1,
  escaneadoEn: '2030-07-04T21:40:00.000Z',
  ticketId: 42,
  titular: 'Lucía Fernández',
  tipoTicket: 'Entrada general',
  barra: 'Terraza',
  reason: 'agotado',
  ...patch,
});

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

describe('statistics page, offline conflicts', () => {
  beforeEach(stubResizeObserver);

  it('shows no conflicts section when there are none', async () => {
    renderStats(busyNight());
    await screen.findByRole('heading', { name: 'Total Consumos' });
    expect(screen.queryByRole('heading', { name: 'Conflictos offline' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Conflictos offline' })).not.toBeInTheDocument();
  });

  it('counts the conflicts and lists each: reason, ticket, holder, type, time (dd/MM/yyyy HH:mm) and bar', async () => {
    renderStats(
      busyNight({
        conflictosOffline: 2,
        conflictos: [
          conflict(),
          conflict({
            id: 2,
            escaneadoEn: '2030-07-04T20:05:00.000Z',
            ticketId: 43,
            titular: 'Bruno Gil',
            tipoTicket: 'Barra libre',
            barra: null,
            reason: 'intervalo',
          }),
        ],
      }),
    );
    const section = await screen.findByRole('region', { name: 'Conflictos offline' });
    expect(section).toHaveTextContent('2 consumos servidos sin conexión que las reglas habrían rechazado');
    const items = within(
      within(section).getByRole('list', { name: 'Conflictos offline recientes' }),
    ).getAllByRole('listitem');
    expect(items.map((item) => Array.from(item.querySelectorAll('p'), (p) => p.textContent))).toEqual([
      [
        'Límite de bebidas alcanzado',
        'Ticket #42 · Lucía Fernández · Entrada general',
        '04/07/2030 23:40 · Terraza',
      ],
      [
        'Antes del intervalo entre bebidas',
        'Ticket #43 · Bruno Gil · Barra libre',
        '04/07/2030 22:05 · Sin barra',
      ],
    ]);
    expect(within(section).queryByText(/más recientes/)).not.toBeInTheDocument();
  });

  it('says how many it lists when the answer holds only the newest', async () => {
    renderStats(
      busyNight({
        conflictosOffline: 1234,
        conflictos: Array.from({ length: 100 }, (_, index) => conflict({ id: index + 1 })),
      }),
    );
    const section = await screen.findByRole('region', { name: 'Conflictos offline' });
    expect(section).toHaveTextContent('1234 consumos servidos sin conexión');
    expect(within(section).getByText('Se muestran los 100 más recientes de 1234.')).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')).toHaveLength(100);
  });

  it('uses the singular for one conflict, and wraps long names instead of scrolling sideways', async () => {
    const long = 'Nombre-muy-largo-sin-espacios-que-no-cabe-en-un-movil-de-360-pixeles';
    renderStats(busyNight({ conflictosOffline: 1, conflictos: [conflict({ titular: long, barra: long })] }));
    const section = await screen.findByRole('region', { name: 'Conflictos offline' });
    expect(section).toHaveTextContent('1 consumo servido sin conexión que las reglas habrían rechazado');
    // No table and no fixed width: every line may break anywhere.
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    for (const line of within(section).getByRole('listitem').querySelectorAll('p')) {
      expect(line.className).toContain('wrap-anywhere');
    }
  });
});
