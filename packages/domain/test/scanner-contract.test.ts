import { describe, expect, it } from 'vitest';
import { defaultTipoBebida, drinkAllowed } from '../src/bebidas';
import { consumeBody, SCANNER_LIMITS, scannerTicketParams, undoBody } from '../src/scanner';

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
