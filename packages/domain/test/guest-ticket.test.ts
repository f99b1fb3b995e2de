import { describe, expect, it } from 'vitest';
import { guestTicket, guestTicketParams, isGuestTokenShape, limitDescription } from '../src/guest-ticket';

// 21:00 and 02:00 in Madrid (summer time, UTC+2).
const from = new Date('2026-07-04T19:00:00.000Z');
const to = new Date('2026-07-05T00:00:00.000Z');
const base = { maxDrinks: null, drinkIntervalMinutes: null, validoDesde: from, validoHasta: to };

describe('limitDescription', () => {
  it('counts the drinks of a por_cantidad type', () => {
    expect(limitDescription({ ...base, modo: 'por_cantidad', maxDrinks: 5 })).toBe('5 bebidas');
    expect(limitDescription({ ...base, modo: 'por_cantidad', maxDrinks: 1 })).toBe('1 bebida');
  });

  it('gives the open bar’s hours in the app’s time zone', () => {
    expect(limitDescription({ ...base, modo: 'temporal' })).toBe('Barra libre de 21:00 a 02:00');
    expect(limitDescription({ ...base, modo: 'temporal' }, 'UTC')).toBe('Barra libre de 19:00 a 00:00');
  });

  it('gives dates when the window is longer than a day', () => {
    const long = { ...base, validoHasta: new Date('2026-07-06T00:00:00.000Z') };
    expect(limitDescription({ ...long, modo: 'temporal' })).toBe(
      'Barra libre del 04/07/2026 21:00 al 06/07/2026 02:00',
    );
  });

  it('combines interval, total and window for intervalos_controlados', () => {
    expect(
      limitDescription({ ...base, modo: 'intervalos_controlados', drinkIntervalMinutes: 30, maxDrinks: 10 }),
    ).toBe('1 bebida cada 30 min, hasta 10 bebidas (de 21:00 a 02:00)');
    expect(
      limitDescription({
        ...base,
        modo: 'intervalos_controlados',
        drinkIntervalMinutes: 45,
        maxDrinks: null,
      }),
    ).toBe('1 bebida cada 45 min (de 21:00 a 02:00)');
  });

  it('adds a per-day limit when the type has one', () => {
    expect(limitDescription({ ...base, modo: 'por_cantidad', maxDrinks: 10, maxDrinksPerDay: 4 })).toBe(
      '10 bebidas, máximo 4 bebidas al día',
    );
    expect(limitDescription({ ...base, modo: 'temporal', maxDrinksPerDay: 1 })).toBe(
      'Barra libre de 21:00 a 02:00, máximo 1 bebida al día',
    );
  });

  it('says so when a por_cantidad type has no count', () => {
    expect(limitDescription({ ...base, modo: 'por_cantidad' })).toBe('Bebidas sin límite');
  });

  it('gives hours for a window of exactly one day, dates from one minute more', () => {
    const day = { ...base, validoHasta: new Date('2026-07-05T19:00:00.000Z') };
    expect(limitDescription({ ...day, modo: 'temporal' })).toBe('Barra libre de 21:00 a 21:00');
    const longer = { ...base, validoHasta: new Date('2026-07-05T19:01:00.000Z') };
    expect(limitDescription({ ...longer, modo: 'temporal' })).toBe(
      'Barra libre del 04/07/2026 21:00 al 05/07/2026 21:01',
    );
  });

  it('speaks of drinks when an intervalos_controlados type has no interval', () => {
    expect(limitDescription({ ...base, modo: 'intervalos_controlados', maxDrinks: 3 })).toBe(
      'Bebidas, hasta 3 bebidas (de 21:00 a 02:00)',
    );
  });
});

describe('guestTicketParams', () => {
  it('reads the token of /t/{token}', () => {
    expect(guestTicketParams.parse({ token: 'AbCdEfGhIjKlMnOpQrStUv_-' })).toEqual({
      token: 'AbCdEfGhIjKlMnOpQrStUv_-',
    });
    expect(guestTicketParams.safeParse({}).success).toBe(false);
    expect(guestTicketParams.safeParse({ token: 5 }).success).toBe(false);
  });
});

describe('isGuestTokenShape', () => {
  it('accepts base64url tokens as the server issues them', () => {
    expect(isGuestTokenShape('AbCdEfGhIjKlMnOpQrStUv_-')).toBe(true);
  });

  it.each([
    [''],
    ['short'],
    ['a'.repeat(65)],
    ['abc\u0000defghijklmnopqrstu'],
    ['abc/defghijklmnopqrstu'],
    ['abc defghijklmnopqrstuv'],
  ])('refuses anything else: %j', (token) => {
    expect(isGuestTokenShape(token)).toBe(false);
  });
});

describe('guestTicket schema', () => {
  const answer = {
    evento: {
      nombre: 'Boda',
      ubicacion: 'Sevilla',
      fechaInicio: '2026-07-04T19:00:00.000Z',
      fechaFin: '2026-07-05T03:00:00.000Z',
    },
    titular: 'Ana García',
    tipoTicket: { nombre: 'Bono', modo: 'por_cantidad', descripcionLimite: '5 bebidas' },
    estado: 'activo',
    bebidasConsumidas: 1,
    bebidasRestantes: 4,
    proximaBebida: null,
    qrCode: 'qr',
  };

  it('parses the public answer', () => {
    expect(guestTicket.parse(answer)).toEqual(answer);
    expect(
      guestTicket.parse({ ...answer, estado: 'invalidado', qrCode: null, bebidasRestantes: null }),
    ).toMatchObject({ qrCode: null });
  });

  it('drops anything else, so an email or phone can never leave through it', () => {
    const parsed = guestTicket.parse({ ...answer, email: 'ana@x.es', telefono: '600000000' });
    expect(parsed).not.toHaveProperty('email');
    expect(parsed).not.toHaveProperty('telefono');
  });

  it('refuses stored-only states and negative counts', () => {
    expect(guestTicket.safeParse({ ...answer, estado: 'usado' }).success).toBe(false);
    expect(guestTicket.safeParse({ ...answer, bebidasRestantes: -1 }).success).toBe(false);
  });
});
