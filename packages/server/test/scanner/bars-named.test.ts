import type { TicketDetail } from '@drinkflow/domain/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventos, tiposTicket } from '../../src/db/schema';
import { call } from '../support/api';
import { expectGuest, guestGet, tokenOf } from '../support/guest-ticket';
import { expectPdf, textOfPdfPages } from '../support/pdf';
import { scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';

// docs/decisions/065: where a ticket is valid is said wherever the ticket is — the scanner's event
// answer says whether the bar must be chosen first, the guest page, the ticket JSON and the PDF
// name the type's bars.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());

/** An event with the bars VIP and Terraza; its one ticket type valid at `barrasPermitidas`. */
async function barsEvent(barrasPermitidas: string[] | null) {
  const setup = await scannerSetup(t);
  await t.db
    .update(eventos)
    .set({ barras: ['VIP', 'Terraza'] })
    .where(eq(eventos.id, setup.evento.id));
  await t.db.update(tiposTicket).set({ barrasPermitidas }).where(eq(tiposTicket.id, setup.tipo.id));
  return setup;
}

describe('the scanner’s event answer', () => {
  it('says the bar must be chosen first when some ticket type names bars, and not otherwise', async () => {
    const everywhere = await barsEvent(null);
    const open = await everywhere.scanner.event();
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({ barras: ['VIP', 'Terraza'], barraObligatoria: false });

    const vip = await barsEvent(['VIP']);
    expect((await vip.scanner.event()).json()).toMatchObject({ barraObligatoria: true });
  });
});

describe('Válido solo en', () => {
  it('gives the guest page, the ticket JSON and the PDF the bars of a type that names them', async () => {
    const { owner, ticket, pedido } = await barsEvent(['VIP', 'Terraza']);
    const guest = expectGuest(await guestGet(t, tokenOf(ticket.enlaceInvitado)));
    expect(guest.tipoTicket.barrasPermitidas).toEqual(['VIP', 'Terraza']);

    const listed = await call(t, owner, 'GET', `/api/tickets/${pedido.id}`);
    expect(listed.json<TicketDetail[]>()[0]!.tipoTicket.barrasPermitidas).toEqual(['VIP', 'Terraza']);

    const pdf = expectPdf(
      await call(t, owner, 'GET', `/api/tickets/${ticket.id}/pdf`),
      `ticket-${ticket.id}.pdf`,
    );
    const [page] = await textOfPdfPages(pdf);
    expect(page).toContain('Válido solo en: VIP, Terraza');
  });

  it('says nothing of bars for a type valid at every bar', async () => {
    const { owner, ticket } = await barsEvent(null);
    const guest = expectGuest(await guestGet(t, tokenOf(ticket.enlaceInvitado)));
    expect(guest.tipoTicket).not.toHaveProperty('barrasPermitidas');
    const pdf = expectPdf(
      await call(t, owner, 'GET', `/api/tickets/${ticket.id}/pdf`),
      `ticket-${ticket.id}.pdf`,
    );
    expect((await textOfPdfPages(pdf))[0]).not.toContain('Válido solo en');
  });
});
