import { describe, expect, it } from 'vitest';
import { defaultTipoBebida, drinkAllowed } from '../src/bebidas';
import {
  consumeBody,
  SCANNER_LIMITS,
  scanReasons,
  scanResult,
  scannerEvent,
  scannerKeyParams,
  scannerMessages,
  scannerTicketParams,
  scannerTicketResponse,
  undoBody,
  undoResponse,
} from '../src/scanner';

describe('defaultTipoBebida (docs/decisions/006)', () => {
  it.each([
    ['cerveza', 'cerveza'],
    [' Cerveza ', 'cerveza'],
    ['copas', 'copa'],
    ['COPAS', 'copa'],
    ['todo', 'copa'],
    ['Todas', 'copa'],
    ['Vino Tinto', 'vino tinto'],
    [' sidra ', 'sidra'],
  ])('a %j ticket records %j when the bar does not say', (drinkType, expected) => {
    expect(defaultTipoBebida(drinkType)).toBe(expected);
  });

  it.each(['cerveza', 'copas', 'todo', 'todas', 'vino', 'Zumo de piña'])(
    'the default drink of a %j ticket is one that ticket allows',
    (drinkType) => {
      expect(drinkAllowed(drinkType, defaultTipoBebida(drinkType))).toBe(true);
    },
  );
});

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.path.join('.'));

describe('consumeBody', () => {
  it('trims every text and drops empty optional ones', () => {
    expect(
      consumeBody.parse({ qrCode: ' abc ', tipoBebida: ' ', scanId: '', barra: ' Barra 1 ', deviceId: null }),
    ).toEqual({
      qrCode: 'abc',
      tipoBebida: undefined,
      scanId: undefined,
      barra: 'Barra 1',
      deviceId: undefined,
    });
  });

  it('needs a QR code', () => {
    expect(fieldsOf(consumeBody.safeParse({}))).toEqual(['qrCode']);
    expect(fieldsOf(consumeBody.safeParse({ qrCode: '   ' }))).toEqual(['qrCode']);
    const result = consumeBody.safeParse({ qrCode: '' });
    expect(result.error!.issues[0]!.message).toBe('El código QR es obligatorio');
  });

  it.each([
    ['qrCode', 'x'.repeat(SCANNER_LIMITS.qrCodeMax + 1)],
    ['tipoBebida', 'x'.repeat(SCANNER_LIMITS.tipoBebidaMax + 1)],
    ['scanId', 'x'.repeat(SCANNER_LIMITS.scanIdMax + 1)],
    ['barra', 'x'.repeat(SCANNER_LIMITS.barraMax + 1)],
    ['deviceId', 'x'.repeat(SCANNER_LIMITS.deviceIdMax + 1)],
  ])('refuses a %s over its length', (field, value) => {
    expect(fieldsOf(consumeBody.safeParse({ qrCode: 'abc', [field]: value }))).toEqual([field]);
  });

  it('accepts each text at its longest', () => {
    const body = {
      qrCode: 'q'.repeat(SCANNER_LIMITS.qrCodeMax),
      tipoBebida: 't'.repeat(SCANNER_LIMITS.tipoBebidaMax),
      scanId: 's'.repeat(SCANNER_LIMITS.scanIdMax),
      barra: 'b'.repeat(SCANNER_LIMITS.barraMax),
      deviceId: 'd'.repeat(SCANNER_LIMITS.deviceIdMax),
    };
    expect(consumeBody.parse(body)).toEqual(body);
  });

  it('names the bar limit in Spanish', () => {
    const result = consumeBody.safeParse({ qrCode: 'abc', barra: 'b'.repeat(61) });
    expect(result.error!.issues[0]!.message).toBe('El nombre de la barra no puede exceder 60 caracteres');
  });
});

describe('undoBody', () => {
  it('needs the scan and the device', () => {
    expect(fieldsOf(undoBody.safeParse({}))).toEqual(['scanId', 'deviceId']);
    expect(fieldsOf(undoBody.safeParse({ scanId: ' ', deviceId: ' ' }))).toEqual(['scanId', 'deviceId']);
    expect(undoBody.parse({ scanId: ' a ', deviceId: ' b ' })).toEqual({ scanId: 'a', deviceId: 'b' });
  });
});

describe('scannerTicketParams', () => {
  it('trims the QR code of the path', () => {
    expect(scannerTicketParams.parse({ apiKey: 'k', qrCode: ' q ' })).toEqual({ apiKey: 'k', qrCode: 'q' });
  });
});

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.success ? [] : result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));

describe('the Spanish messages of the scanner bodies', () => {
  it('names each problem of a consume', () => {
    expect(
      messagesOf(
        consumeBody.safeParse({
          qrCode: 'q'.repeat(SCANNER_LIMITS.qrCodeMax + 1),
          tipoBebida: 7,
          scanId: 's'.repeat(SCANNER_LIMITS.scanIdMax + 1),
          barra: 8,
          deviceId: 'd'.repeat(SCANNER_LIMITS.deviceIdMax + 1),
        }),
      ),
    ).toEqual([
      ['qrCode', 'El código QR no es válido'],
      ['tipoBebida', 'El tipo de bebida debe ser un texto'],
      ['scanId', 'El identificador de escaneo no es válido'],
      ['barra', 'El nombre de la barra debe ser un texto'],
      ['deviceId', 'El identificador del dispositivo no es válido'],
    ]);
    expect(messagesOf(consumeBody.safeParse({ qrCode: 5 }))).toEqual([
      ['qrCode', 'El código QR es obligatorio'],
    ]);
  });

  it('names each problem of an undo', () => {
    expect(messagesOf(undoBody.safeParse({}))).toEqual([
      ['scanId', 'El identificador de escaneo es obligatorio'],
      ['deviceId', 'El identificador del dispositivo es obligatorio'],
    ]);
    expect(messagesOf(undoBody.safeParse({ scanId: '', deviceId: '' }))).toEqual([
      ['scanId', 'El identificador de escaneo es obligatorio'],
      ['deviceId', 'El identificador del dispositivo es obligatorio'],
    ]);
    expect(messagesOf(undoBody.safeParse({ scanId: 's'.repeat(101), deviceId: 'd'.repeat(101) }))).toEqual([
      ['scanId', 'El identificador de escaneo no es válido'],
      ['deviceId', 'El identificador del dispositivo no es válido'],
    ]);
  });

  it('keeps the answers the page shows word for word', () => {
    expect(scannerMessages).toEqual({
      invalidKey: 'API Key inválida o evento no encontrado',
      ticketNotFound: 'Ticket no encontrado',
      otherEvent: 'Este ticket no pertenece a este evento',
      scanIdReused: 'Este identificador de escaneo ya se usó con otro código QR',
      undoTooLate: 'Ya no se puede deshacer este consumo',
      undoUnknown: 'Escaneo no encontrado',
      rateLimited: 'Demasiados escaneos seguidos. Espera unos segundos e inténtalo de nuevo.',
      guessing: 'Demasiados intentos con una API Key inválida. Inténtalo más tarde.',
      qrRequired: 'El código QR es obligatorio',
      undone: 'Este consumo se deshizo',
      deviceIdInvalid: 'El identificador del dispositivo no es válido',
    });
    expect(scanReasons).toEqual([
      'ok',
      'invalidado',
      'no_valido_aun',
      'caducado',
      'tipo_bebida',
      'agotado',
      'intervalo',
      'deshecho',
    ]);
    expect(SCANNER_LIMITS).toEqual({
      qrCodeMax: 200,
      tipoBebidaMax: 50,
      scanIdMax: 100,
      barraMax: 60,
      deviceIdMax: 100,
      undoWindowMs: 120_000,
    });
  });

  it('takes API keys of 1 to 200 characters in the path', () => {
    expect(scannerKeyParams.safeParse({ apiKey: '' }).success).toBe(false);
    expect(scannerKeyParams.safeParse({ apiKey: 'k'.repeat(201) }).success).toBe(false);
    expect(scannerKeyParams.parse({ apiKey: 'k'.repeat(200), extra: 1 })).toEqual({
      apiKey: 'k'.repeat(200),
    });
  });
});

describe('the scanner answers', () => {
  const result = {
    success: true,
    canConsume: false,
    message: 'Consumo registrado',
    reason: 'ok',
    remainingDrinks: 0,
    nextAllowedTime: '2030-07-04T20:30:00.000Z',
    tipoBebida: 'copa',
    scanId: 'abc',
  };
  const evento = {
    nombre: 'Boda',
    ubicacion: 'Finca',
    fechaInicio: '2030-07-04T18:00:00.000Z',
    fechaFin: '2030-07-05T02:00:00.000Z',
  };

  it('carry each field of a scan result, and nothing else', () => {
    expect(scanResult.parse({ ...result, email: 'x@y.es' })).toEqual(result);
    for (const field of ['success', 'canConsume', 'message', 'reason', 'tipoBebida']) {
      expect(scanResult.safeParse({ ...result, [field]: undefined }).success, field).toBe(false);
    }
    expect(scanResult.safeParse({ ...result, reason: 'otro' }).success).toBe(false);
    expect(scanResult.safeParse({ ...result, remainingDrinks: 1.5 }).success).toBe(false);
  });

  it('carry the event banner and the undo confirmation', () => {
    expect(scannerEvent.parse({ ...evento, apiKey: 'secreta' })).toEqual(evento);
    expect(scannerEvent.safeParse({ ...evento, fechaFin: undefined }).success).toBe(false);
    expect(undoResponse.parse({ undone: true, message: 'Consumo deshecho' })).toEqual({
      undone: true,
      message: 'Consumo deshecho',
    });
    expect(undoResponse.safeParse({ undone: false, message: 'x' }).success).toBe(false);
  });

  it('strip from a ticket lookup everything a bartender does not need', () => {
    const answer = {
      ticket: { id: 1, estado: 'agotado', titular: 'Ana', createdAt: evento.fechaInicio, qrCode: 'secreto' },
      evento: { ...evento, id: 3 },
      tipoTicket: {
        nombre: 'Entrada',
        modo: 'por_cantidad',
        maxDrinks: 4,
        drinkIntervalMinutes: null,
        durationMinutes: null,
        drinkType: 'todo',
        validoDesde: evento.fechaInicio,
        validoHasta: evento.fechaFin,
        id: 9,
      },
      consumos: [{ id: 2, tipoBebida: 'copa', timestamp: evento.fechaInicio, barra: null, ticketId: 1 }],
      verificacion: { ...result, success: false, reason: 'agotado' },
      pedido: { email: 'x@y.es' },
    };
    const { scanId: _scanId, ...verificacion } = answer.verificacion;
    expect(scannerTicketResponse.parse(answer)).toEqual({
      ticket: { id: 1, estado: 'agotado', titular: 'Ana', createdAt: evento.fechaInicio },
      evento,
      tipoTicket: {
        nombre: 'Entrada',
        modo: 'por_cantidad',
        maxDrinks: 4,
        drinkIntervalMinutes: null,
        durationMinutes: null,
        drinkType: 'todo',
        validoDesde: evento.fechaInicio,
        validoHasta: evento.fechaFin,
      },
      consumos: [{ id: 2, tipoBebida: 'copa', timestamp: evento.fechaInicio, barra: null }],
      verificacion,
    });
    expect(
      scannerTicketResponse.safeParse({ ...answer, ticket: { ...answer.ticket, estado: 'otro' } }).success,
    ).toBe(false);
  });
});
