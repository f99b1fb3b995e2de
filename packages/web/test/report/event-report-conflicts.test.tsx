import type { ConflictoOffline } from '@drinkflow/domain/stats';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveApi } from '../support/api-stub';
import { inMadridTimeZone } from '../support/madrid-time-zone';
import { stubResizeObserver } from '../support/resize-observer';
import { night, renderReport, routes } from './report-fixtures';

inMadridTimeZone();

// docs/rules/offline-and-field.md, docs/decisions/067: the report lists the offline conflicts the
// statistics list (ticket, holder, type, bar, reason), besides counting them.

const conflict = (id: number, patch: Partial<ConflictoOffline> = {}): ConflictoOffline => ({
  id,
  escaneadoEn: '2030-07-04T21:40:00.000Z',
  ticketId: 40 + id,
  titular: 'Lucía Fernández',
  tipoTicket: 'Bono 2 Copas',
  barra: 'Terraza',
  reason: 'agotado',
  ...patch,
});

const section = async () => {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Conflictos offline' });
  return heading.closest('section')!;
};

describe('the report’s offline conflicts', () => {
  beforeEach(stubResizeObserver);

  it('lists each conflict: why, holder, ticket and type, when and at which bar (none: Sin barra)', async () => {
    const conflictos = [
      conflict(2, { reason: 'intervalo', titular: 'Mario Ruiz', barra: null, ticketId: 7 }),
      conflict(1),
    ];
    serveApi({ ...routes, 'GET /api/stats/1': { ...night, conflictosOffline: 2, conflictos } });
    renderReport();

    const list = within(await section()).getByRole('list', { name: 'Conflictos offline registrados' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Antes del intervalo entre bebidasMario Ruiz · Ticket #7 · Bono 2 Copas04/07/2030 23:40 · Sin barra',
      'Límite de bebidas alcanzadoLucía Fernández · Ticket #41 · Bono 2 Copas04/07/2030 23:40 · Terraza',
    ]);
    expect(await section()).toHaveTextContent(
      '2 consumos servidos sin conexión que las reglas habrían rechazado. Del más reciente al más antiguo.',
    );
  });

  it('says when it lists only the newest, and where the rest are', async () => {
    serveApi({
      ...routes,
      'GET /api/stats/1': { ...night, conflictosOffline: 150, conflictos: [conflict(1)] },
    });
    renderReport();
    expect(await section()).toHaveTextContent(
      'Los 1 más recientes de 150, del más reciente al más antiguo; todos en la exportación de escaneos (CSV).',
    );
  });

  it('keeps the section with one line when there were none', async () => {
    serveApi(routes);
    renderReport();
    const none = await section();
    expect(none).toHaveTextContent('No hubo conflictos offline en este evento.');
    expect(within(none).queryByRole('list')).not.toBeInTheDocument();
  });
});
