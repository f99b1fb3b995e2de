import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCancelledStatus, recognizeExport } from '../../packages/domain/src/shop-exports.ts';
import { createApiClient } from '../festival/api-client.mjs';
import { BARS, planFestival, SHOP_TICKET_TYPES, TICKET_TYPES, VIP_BARS } from '../festival/festival-plan.mjs';
import { publicSummary } from '../festival/setup.mjs';
import { EVENTBRITE_HEADER, eventbriteCsv } from '../festival/shop-export.mjs';

const fixture = readFileSync(
  new URL('../../packages/server/test/fixtures/shop-exports/eventbrite-attendees-en.csv', import.meta.url),
  'utf8',
);

/** Rows of a CSV whose every cell is quoted (the shop's format), cells unquoted. */
function parseQuotedCsv(text) {
  const cell = /"((?:[^"]|"")*)"(,|\n|$)/gy;
  const rows = [];
  let row = [];
  let match;
  while (cell.lastIndex < text.length && (match = cell.exec(text))) {
    row.push(match[1].replaceAll('""', '"'));
    if (match[2] !== ',') {
      rows.push(row);
      row = [];
    }
  }
  if (cell.lastIndex !== text.length) throw new Error(`Not quoted CSV at ${cell.lastIndex}`);
  return rows;
}

const plan = planFestival({ guests: 2000, seed: 7 });
const byNumber = (attendees) => new Map(attendees.map((attendee) => [attendee.attendeeNumber, attendee]));

describe('the festival plan', () => {
  it('is the same for the same seed and differs for another', () => {
    expect(planFestival({ guests: 2000, seed: 7 })).toEqual(plan);
    const other = planFestival({ guests: 2000, seed: 8 });
    expect(other.attendees.map((attendee) => attendee.shopType)).not.toEqual(
      plan.attendees.map((attendee) => attendee.shopType),
    );
  });

  it('has the guests asked for, in the planned shares of types and barcodes', () => {
    expect(plan.attendees).toHaveLength(2000);
    const sold = plan.firstExport;
    for (const { texto, tipo, share } of SHOP_TICKET_TYPES) {
      const ofType = sold.filter((attendee) => attendee.shopType === texto);
      expect(Math.abs(ofType.length / sold.length - share), texto).toBeLessThan(0.002);
      expect(new Set(ofType.map((attendee) => attendee.tipo))).toEqual(new Set([tipo]));
    }
    const withBarcode = sold.filter((attendee) => attendee.barcode !== null).length;
    expect(Math.abs(withBarcode / sold.length - 0.6)).toBeLessThan(0.002);
  });

  it('gives every attendee a unique shop id, barcode (20 digits) and email', () => {
    const all = plan.laterExport;
    const barcodes = all.map((attendee) => attendee.barcode).filter((barcode) => barcode !== null);
    expect(barcodes.every((barcode) => /^\d{20}$/.test(barcode))).toBe(true);
    expect(new Set(barcodes).size).toBe(barcodes.length);
    expect(new Set(all.map((attendee) => attendee.attendeeNumber)).size).toBe(all.length);
    expect(new Set(all.map((attendee) => attendee.email)).size).toBe(all.length);
    expect(all.every((attendee) => /^invitado\d+@festival\.test$/.test(attendee.email))).toBe(true);
  });

  it('plans the later report: the same rows, about 3 % late sales and 2 % refunds or cancellations', () => {
    expect(plan.lateSales).toHaveLength(60);
    expect(plan.refunds).toHaveLength(40);
    expect(plan.laterExport).toHaveLength(plan.firstExport.length + plan.lateSales.length);
    const earlier = byNumber(plan.firstExport);
    expect(plan.lateSales.every((attendee) => !earlier.has(attendee.attendeeNumber))).toBe(true);
    const guests = byNumber(plan.attendees);
    expect(plan.refunds.every((attendee) => guests.has(attendee.attendeeNumber))).toBe(true);
    expect(new Set(plan.refunds.map((attendee) => attendee.status))).toEqual(
      new Set(['Refunded', 'Cancelled']),
    );
  });

  it('keeps the contract’s bars and ticket types', () => {
    expect(BARS).toHaveLength(20);
    expect(BARS.slice(-2)).toEqual(['VIP Norte', 'VIP Sur']);
    expect(TICKET_TYPES.map((type) => type.nombre)).toEqual([
      'Abono 3 días',
      'Abono VIP',
      'Pulsera barra libre',
      'Bono 2 copas',
    ]);
    expect(TICKET_TYPES[1].barrasPermitidas).toEqual(VIP_BARS);
    expect(TICKET_TYPES[2]).toMatchObject({
      modo: 'intervalos_controlados',
      drinkIntervalMinutes: 1,
      maxDrinks: 30,
    });
  });
});

describe('the Eventbrite report', () => {
  const first = eventbriteCsv(plan.firstExport);
  const later = eventbriteCsv(plan.laterExport);

  it('is written as the shop writes it: the fixture’s header, every cell quoted, LF, no BOM', () => {
    expect(first.split('\n')[0]).toBe(fixture.split('\n')[0]);
    expect(first.charCodeAt(0)).toBe(0x22);
    expect(first).not.toContain('\r');
    expect(first.endsWith('"\n')).toBe(true);
    expect(parseQuotedCsv(fixture)[0]).toEqual(EVENTBRITE_HEADER);
  });

  it('is recognised as Eventbrite’s, with the barcode as the code and the attendee as the key', () => {
    const [header] = parseQuotedCsv(first);
    const { formato, campos } = recognizeExport(header);
    expect(formato).toBe('eventbrite');
    expect(campos[header.indexOf('Barcode #')]).toBe('codigo');
    expect(campos[header.indexOf('Attendee #')]).toBe('idExterno');
    expect(campos[header.indexOf('Attendee Status')]).toBe('estado');
    expect(campos[header.indexOf('Ticket Type')]).toBe('tipoTicket');
  });

  it('round-trips every attendee', () => {
    const [header, ...rows] = parseQuotedCsv(first);
    const column = (title) => header.indexOf(title);
    expect(rows).toHaveLength(plan.firstExport.length);
    rows.forEach((cells, index) => {
      const attendee = plan.firstExport[index];
      expect(cells).toHaveLength(header.length);
      expect(cells[column('Attendee #')]).toBe(attendee.attendeeNumber);
      expect(cells[column('Barcode #')]).toBe(attendee.barcode ?? '');
      expect(cells[column('First Name')]).toBe(attendee.firstName);
      expect(cells[column('Email')]).toBe(attendee.email);
      expect(cells[column('Ticket Type')]).toBe(attendee.shopType);
      expect(cells[column('Quantity')]).toBe('1');
    });
  });

  it('marks cancelled in the first report only the rows refunded before it, and in the later exactly those and the planned refunds', () => {
    const cancelledNumbers = (csv) => {
      const [header, ...rows] = parseQuotedCsv(csv);
      return new Set(
        rows
          .filter((cells) => isCancelledStatus(cells[header.indexOf('Attendee Status')]))
          .map((cells) => cells[header.indexOf('Attendee #')]),
      );
    };
    const before = plan.refundedBefore.map((attendee) => attendee.attendeeNumber);
    expect(before).toHaveLength(10);
    expect(cancelledNumbers(first)).toEqual(new Set(before));
    expect(cancelledNumbers(later)).toEqual(
      new Set([...before, ...plan.refunds.map((attendee) => attendee.attendeeNumber)]),
    );
  });
});

describe('the public summary', () => {
  it('holds no token, API key, password or QR code', () => {
    const festival = {
      evento: {
        id: 3,
        apiKey: 'clave-del-escaner-secreta-123',
        nombre: 'F',
        fechaInicio: 'a',
        fechaFin: 'b',
        corteDiario: '06:00',
      },
      bars: BARS,
      types: [],
      guests: [{ qrCode: 'codigo-qr-secreto-0001', ticketId: 1, tipo: 'Abono VIP', shopCode: false }],
      devices: [{ name: 'D1', barra: 'Barra 1', deviceId: 9, token: 'token-de-dispositivo-secreto' }],
      organizer: { headers: { authorization: 'Bearer sesion-secreta-organizador' } },
      supervisor: { headers: { authorization: 'Bearer sesion-secreta-supervisora' } },
      plan,
      imported: {},
      timings: {},
    };
    const text = JSON.stringify(publicSummary(festival));
    expect(text).toContain('"deviceId":9');
    for (const secret of [
      'clave-del-escaner',
      'codigo-qr-secreto',
      'token-de-dispositivo',
      'sesion-secreta',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain('@festival.test');
  });
});

describe('the API client', () => {
  /** @type {http.Server} */
  let server;
  let baseUrl;
  const seen = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: Buffer.concat(chunks).toString(),
        });
        if (request.url.startsWith('/api/fail')) {
          response.writeHead(409, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: 'No', error: 'conflict', token: 'secreto-del-cuerpo' }));
          return;
        }
        response.writeHead(request.url === '/texto' ? 200 : 201, {
          'content-type': request.url === '/texto' ? 'text/plain' : 'application/json',
        });
        response.end(request.url === '/texto' ? 'hola' : JSON.stringify({ ok: true }));
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends JSON and file bodies and reads JSON and text answers', async () => {
    const api = createApiClient({ baseUrl });
    const json = await api.request('POST', '/api/x', {
      body: { a: 1 },
      headers: { authorization: 'Bearer t' },
    });
    expect(json).toMatchObject({ status: 201, body: { ok: true } });
    expect(seen.at(-1)).toMatchObject({
      body: '{"a":1}',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
    });
    await api.request('POST', '/api/file', { form: { contentType: 'text/csv', data: '"a"\n' } });
    expect(seen.at(-1)).toMatchObject({ body: '"a"\n', headers: { 'content-type': 'text/csv' } });
    expect((await api.request('GET', '/texto')).body).toBe('hola');
    api.close();
  });

  it('fails an unexpected status naming the path without its query or a scanner’s key', async () => {
    const api = createApiClient({ baseUrl });
    const failure = api.must('GET', '/api/fail/scanner/clave-secreta/ticket/qr-secreto?token=x');
    await expect(failure).rejects.toMatchObject({ status: 409, reason: 'conflict' });
    const error = await failure.catch((caught) => caught);
    expect(error.message).toBe('GET /api/fail/scanner/…/ticket/… answered 409 (conflict)');
    expect(JSON.stringify({ ...error, message: error.message })).not.toMatch(/secret/);
    api.close();
  });
});
