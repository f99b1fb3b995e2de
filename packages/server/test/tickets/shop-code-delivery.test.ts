import { Writable } from 'node:stream';
import type { Pedido, Ticket } from '@drinkflow/domain/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import {
  emailOptions,
  emailTestApp,
  eventually,
  parse,
  startMailSink,
  type MailSink,
} from '../email/mail-sink';
import { call } from '../support/api';
import { openTestDatabase } from '../support/database';
import { expectGuest, guestGet, tokenOf } from '../support/guest-ticket';
import { ownedEvent, type OwnedEvent } from '../support/orders';
import { expectPdf, qrCodesOfPdf } from '../support/pdf';
import { insertOrder, insertTicket } from '../support/stored-rows';
import type { TestApp } from '../support/test-app';

// docs/decisions/069: a ticket imported with a shop's code shows, prints and emails that code as its
// QR, so the guest carries one code for door and bar; 'Regenerar QR' replaces it with a new one.

let database: Database;
let sink: MailSink;
let t: TestApp;
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, next) {
    logLines.push(chunk.toString('utf8'));
    next();
  },
});

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startMailSink();
  t = await emailTestApp(database, emailOptions(sink), logStream);
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
  await database?.close();
});

const EVENTBRITE_BARCODE = '00042071234567890123';
const PRETIX_SECRET = 'xpxs8b3mvd8wzqm5ujc8h9h3c9w3z2ap';

/** An imported order of a new event: two tickets whose QR codes are the shop's codes. */
async function importedOrder(nombreCompleto: string) {
  const owned = await ownedEvent(t);
  const pedido = await insertOrder(t.db, owned.evento.id, nombreCompleto);
  const barcode = await insertTicket(t.db, pedido.id, owned.tipo.id, 'activo', EVENTBRITE_BARCODE);
  const secret = await insertTicket(t.db, pedido.id, owned.tipo.id, 'activo', PRETIX_SECRET);
  return { owned, pedido, barcode, secret };
}

const orderOf = async (owned: OwnedEvent, pedidoId: number) => {
  const res = await call(t, owned.owner, 'GET', `/api/pedido/${pedidoId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Pedido>();
};

describe('a ticket whose QR code is a shop’s code', () => {
  it('shows it on the guest page, prints it in the PDF and emails it, and logs it nowhere', async () => {
    const { owned, pedido, barcode, secret } = await importedOrder('Marta Ruiz');

    expectGuest(await guestGet(t, barcode.guestToken), { titular: 'Marta Ruiz', qrCode: EVENTBRITE_BARCODE });
    expectGuest(await guestGet(t, secret.guestToken), { qrCode: PRETIX_SECRET });
    const ticketPdf = expectPdf(
      await call(t, owned.owner, 'GET', `/api/tickets/${barcode.id}/pdf`),
      `ticket-${barcode.id}.pdf`,
    );
    expect(await qrCodesOfPdf(ticketPdf)).toEqual([EVENTBRITE_BARCODE]);

    const sent = await call(t, owned.owner, 'POST', `/api/pedidos/${pedido.id}/enviar`);
    expect(sent.statusCode, sent.body).toBe(202);
    await eventually(async () => (await orderOf(owned, pedido.id)).envio.estado === 'enviado', 'enviado');
    const mail = await parse(sink.to(pedido.email)[0]!);
    expect(mail.attachments).toHaveLength(1);
    expect(await qrCodesOfPdf(mail.attachments[0]!.content)).toEqual([EVENTBRITE_BARCODE, PRETIX_SECRET]);

    const logs = logLines.join('');
    expect(logs).not.toContain(EVENTBRITE_BARCODE);
    expect(logs).not.toContain(PRETIX_SECRET);
  });

  it('Regenerar QR replaces the shop’s code with a new one on the guest page and in the PDF', async () => {
    const { owned, barcode } = await importedOrder('Iker Etxeberria');

    const res = await call(t, owned.owner, 'PATCH', `/api/tickets/${barcode.id}/regenerate-qr`);
    expect(res.statusCode, res.body).toBe(200);
    const regenerated = res.json<Ticket>();

    expect(regenerated.qrCode).not.toBe(EVENTBRITE_BARCODE);
    expect((await guestGet(t, barcode.guestToken)).statusCode).toBe(404);
    expectGuest(await guestGet(t, tokenOf(regenerated.enlaceInvitado)), { qrCode: regenerated.qrCode });
    const pdf = expectPdf(
      await call(t, owned.owner, 'GET', `/api/tickets/${barcode.id}/pdf`),
      `ticket-${barcode.id}.pdf`,
    );
    expect(await qrCodesOfPdf(pdf)).toEqual([regenerated.qrCode]);
  });
});
