import type { Evento } from '@drinkflow/domain/events';
import type { ImportPreview } from '@drinkflow/domain/guest-import';
import type { Recarga } from '@drinkflow/domain/topups';
import { MULTI_LINE_TEXT_MESSAGE, SINGLE_LINE_TEXT_MESSAGE } from '@drinkflow/domain/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectFieldError, postCsv } from '../support/api';
import { eventBody } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueAddress, uniqueEmail } from '../support/unique-values';
import { createOrder, ownedEvent, type OwnedEvent } from '../support/orders';

// docs/decisions/052: a note takes line breaks and tabs only; a guest list's one-line cells take
// neither (the one-line fields of the API are in control-characters.test.ts).

let t: TestApp;
let owned: OwnedEvent;
let ticketId: number;

beforeAll(async () => {
  t = await createTestApp();
  owned = await ownedEvent(t);
  const pedido = await createOrder(t, owned.owner, owned);
  ticketId = pedido.tickets[0]!.id;
});
afterAll(() => t.close());

/** A demo request with this message, from its own address: demo requests are limited per address. */
const demoRequest = (message: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/demo-request',
    payload: { name: 'Ana', email: uniqueEmail(), message, acceptTerms: true },
    remoteAddress: uniqueAddress(),
  });

describe('multi-line fields', () => {
  const note = 'Primera línea\nSegunda línea\r\n\tcon sangría';

  it('keep line breaks (LF and CRLF) and tabs in event notes, top-up notes and demo messages', async () => {
    const evento = await call(t, owned.owner, 'POST', '/api/eventos', eventBody({ notas: note }));
    expect(evento.statusCode, evento.body).toBe(201);
    expect(evento.json<Evento>().notas).toBe(note);

    const recarga = await call(t, owned.owner, 'POST', `/api/tickets/${ticketId}/recargas`, {
      bebidas: 1,
      nota: note,
    });
    expect(recarga.statusCode, recarga.body).toBe(201);
    expect(recarga.json<Recarga>().nota).toBe(note);

    const demo = await demoRequest(note);
    expect(demo.statusCode, demo.body).toBe(201);
    expect(demo.json<{ message: string }>().message).toBe(note);
  });

  it.each([
    ['ESC', 'Nota \u001B[31m roja'],
    ['BEL', 'Nota\u0007'],
    ['U+202E', 'Nota \u202Eetoc'],
    ['a lone CR', 'Línea\rotra'],
  ])('refuse %s in a note', async (_label, value) => {
    expectFieldError(
      await call(t, owned.owner, 'POST', '/api/eventos', eventBody({ notas: value })),
      'notas',
      MULTI_LINE_TEXT_MESSAGE,
    );
    expectFieldError(
      await call(t, owned.owner, 'POST', `/api/tickets/${ticketId}/recargas`, { bebidas: 1, nota: value }),
      'nota',
      MULTI_LINE_TEXT_MESSAGE,
    );
    const demo = await demoRequest(value);
    expectFieldError(demo, 'message', MULTI_LINE_TEXT_MESSAGE);
  });
});

describe('guest import', () => {
  it('marks rows whose name, email, phone or ticket type hold a control character, and imports none of them', async () => {
    const csv = [
      'nombre completo,email,teléfono,tipo de ticket',
      `"Ana\nBcc: intruso",ana@example.com,,${owned.tipo.nombre}`,
      `Luis,"luis@example.com\u001B",,${owned.tipo.nombre}`,
      `Marta,marta@example.com,600\u0007111222,${owned.tipo.nombre}`,
      `Pablo,pablo@example.com,,${owned.tipo.nombre}\u202E`,
      `Eva Núñez,eva@example.com,,${owned.tipo.nombre}`,
    ].join('\n');
    const res = await postCsv(t, owned.owner, `/api/eventos/${owned.evento.id}/importar/previsualizar`, csv);
    expect(res.statusCode, res.body).toBe(200);
    const { filas, validas } = res.json<ImportPreview>();
    const errorsOf = (index: number) => filas[index]!.errores;
    expect(errorsOf(0)).toContainEqual({ field: 'nombreCompleto', message: SINGLE_LINE_TEXT_MESSAGE });
    expect(errorsOf(1)).toContainEqual({ field: 'email', message: SINGLE_LINE_TEXT_MESSAGE });
    expect(errorsOf(2)).toContainEqual({ field: 'telefono', message: SINGLE_LINE_TEXT_MESSAGE });
    expect(errorsOf(3)).toContainEqual({ field: 'tipoTicket', message: SINGLE_LINE_TEXT_MESSAGE });
    expect(errorsOf(4)).toEqual([]);
    expect(validas).toBe(1);
  });
});
