import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventDetailPage } from '@/features/events/pages/event-detail-page';
import { anEventDetail, organizerRoutes, serveDeviceApi } from '../devices/devices-api';
import { anOrganizer } from '../support/entities';
import { renderRoutes, signIn } from '../support/render-app';

// docs/rules/events.md#event-detail: the event's bars and its 'Corte diario', when they concern it.

function renderDetail(patch: Parameters<typeof anEventDetail>[0]) {
  signIn(anOrganizer());
  serveDeviceApi(organizerRoutes(anEventDetail(patch)));
  return renderRoutes(
    [{ path: '/organizer/evento/:id', element: <EventDetailPage /> }],
    '/organizer/evento/1',
  );
}

const info = async () => {
  const title = await screen.findByText('Información del evento');
  return within(title.closest('[class*="rounded"]') as HTMLElement);
};

describe('event detail: bars and daily cut-off', { timeout: 20_000 }, () => {
  it('lists a festival’s bars and says when each festival day ends', async () => {
    renderDetail({
      barras: ['Barra Norte', 'Barra Sur', 'VIP'],
      corteDiario: '07:30',
      fechaInicio: '2030-07-04T10:00:00.000Z',
      fechaFin: '2030-07-07T04:00:00.000Z',
    });
    const card = await info();
    expect(card.getByText('Barras (3)')).toBeInTheDocument();
    const bars = card.getByRole('list', { name: 'Barras del evento' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Barra Norte', 'Barra Sur', 'VIP']);
    expect(card.getByText('Corte diario')).toBeInTheDocument();
    expect(card.getByText('07:30')).toBeInTheDocument();
    expect(card.getByText('Hora en que termina cada día del festival')).toBeInTheDocument();
  });

  it('shows the cut-off of a multi-day event without bars', async () => {
    renderDetail({ fechaInicio: '2030-07-04T10:00:00.000Z', fechaFin: '2030-07-06T04:00:00.000Z' });
    const card = await info();
    expect(card.getByText('06:00')).toBeInTheDocument();
    expect(card.queryByRole('list', { name: 'Barras del evento' })).not.toBeInTheDocument();
  });

  it('says nothing of bars or cut-off for an evening’s event with neither', async () => {
    renderDetail({});
    const card = await info();
    expect(card.getByText('Tipo')).toBeInTheDocument();
    expect(card.queryByText('Corte diario')).not.toBeInTheDocument();
    expect(card.queryByText(/^Barras/)).not.toBeInTheDocument();
  });
});
