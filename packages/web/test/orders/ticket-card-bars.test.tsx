import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TicketCard } from '@/features/orders/components/ticket-card';
import { serveApi } from '../support/api-stub';
import { anOrganizer, aTicket, aTicketType } from '../support/entities';
import { renderRoutes, signIn } from '../support/render-app';

// docs/decisions/065: the order detail's ticket card says where a ticket is valid.

function renderCard(barrasPermitidas: string[] | null) {
  serveApi({ 'GET /api/tickets/1/recargas': [] });
  signIn(anOrganizer());
  const ticket = aTicket({ tipoTicket: aTicketType({ barrasPermitidas }) });
  renderRoutes(
    [{ path: '/', element: <TicketCard ticket={ticket} now={new Date('2030-07-04T20:00:00Z')} /> }],
    '/',
  );
}

describe('the ticket card', () => {
  it("says 'Válido solo en: VIP, Terraza' for a type that names bars", async () => {
    renderCard(['VIP', 'Terraza']);
    expect(await screen.findByText('Válido solo en: VIP, Terraza')).toBeInTheDocument();
  });

  it('says nothing of bars for a type valid at every bar', async () => {
    renderCard(null);
    await screen.findByRole('article', { name: 'Ticket #1' });
    expect(screen.queryByText(/Válido solo en/)).not.toBeInTheDocument();
  });
});
