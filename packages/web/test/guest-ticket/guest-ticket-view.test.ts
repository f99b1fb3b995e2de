import { describe, expect, it } from 'vitest';
import { guestTicketView, offlineText } from '@/features/guest-ticket/utils/guest-ticket-view';
import { tokenFromPath } from '@/features/guest-ticket/utils/token-from-path';
import { guestTicketFixture } from './fixtures';

const now = new Date('2026-07-04T20:00:00.000Z');

describe('guestTicketView', () => {
  it('shows the event with its start as dd/MM/yyyy HH:mm in Madrid, the holder and the limit', () => {
    const view = guestTicketView(guestTicketFixture(), now);
    expect(view).toMatchObject({
      eventName: 'Boda de Ana y Luis',
      when: '04/07/2026 20:30',
      place: 'Finca El Olivar, Toledo',
      holder: 'Lucía Fernández',
      typeName: 'Entrada General',
      limit: '4 bebidas',
      drinksLeft: { value: '3', detail: 'de 4' },
      nextDrink: null,
      notice: null,
      qrCode: 'QR-LUCIA-0001',
      validAt: null,
    });
  });

  it("says 'Válido solo en: …' for a ticket whose type names bars", () => {
    const fixture = guestTicketFixture();
    const vip = { ...fixture, tipoTicket: { ...fixture.tipoTicket, barrasPermitidas: ['VIP', 'Terraza'] } };
    expect(guestTicketView(vip, now).validAt).toBe('Válido solo en: VIP, Terraza');
  });

  it('says "Sin límite" for an unlimited ticket, with the drinks had so far', () => {
    const view = guestTicketView(guestTicketFixture({ bebidasRestantes: null, bebidasConsumidas: 2 }), now);
    expect(view.drinksLeft).toEqual({ value: 'Sin límite', detail: 'llevas 2 bebidas' });
    expect(
      guestTicketView(guestTicketFixture({ bebidasRestantes: null, bebidasConsumidas: 0 }), now).drinksLeft,
    ).toEqual({ value: 'Sin límite', detail: '' });
  });

  it('says when the next drink is allowed while an interval holds it back, and not once it has passed', () => {
    const waiting = guestTicketFixture({ proximaBebida: '2026-07-04T20:15:00.000Z' });
    expect(guestTicketView(waiting, now).nextDrink).toBe('Próxima bebida a las 22:15');
    expect(guestTicketView(waiting, new Date('2026-07-04T20:15:00.000Z')).nextDrink).toBeNull();
    expect(guestTicketView({ ...waiting, estado: 'agotado' }, now).nextDrink).toBeNull();
  });

  it('says «Hoy: 2 de 4» for a type with a per-day limit, and nothing for one without', () => {
    const perDay = guestTicketFixture({ bebidasHoy: 2, maxDrinksPerDay: 4, proximaBebidaDiaria: null });
    expect(guestTicketView(perDay, now).today).toBe('Hoy: 2 de 4');
    expect(guestTicketView(perDay, now).nextDrink).toBeNull();
    expect(guestTicketView(guestTicketFixture(), now).today).toBeNull();
  });

  it('says when the next drink is allowed once today’s limit is reached: the next cut-off', () => {
    // 22:00 in Madrid on 4 July; the 06:00 cut-off is the next morning.
    const full = guestTicketFixture({
      bebidasHoy: 2,
      maxDrinksPerDay: 2,
      proximaBebidaDiaria: '2026-07-05T04:00:00.000Z',
    });
    expect(guestTicketView(full, now)).toMatchObject({
      today: 'Hoy: 2 de 2',
      nextDrink: 'Próxima bebida mañana a las 06:00',
    });
    // After midnight, the same morning.
    expect(guestTicketView(full, new Date('2026-07-04T23:30:00.000Z')).nextDrink).toBe(
      'Próxima bebida a las 06:00',
    );
    // Further away (a type valid for days, an answer kept offline), the day.
    expect(guestTicketView(full, new Date('2026-07-03T20:00:00.000Z')).nextDrink).toBe(
      'Próxima bebida el 05/07 a las 06:00',
    );
    expect(guestTicketView(full, new Date('2026-07-05T04:00:00.000Z')).nextDrink).toBeNull();
    expect(guestTicketView({ ...full, estado: 'agotado' }, now).nextDrink).toBeNull();
  });

  it('shows no QR for an invalidated ticket, whatever the answer carries, and says why', () => {
    const view = guestTicketView(guestTicketFixture({ estado: 'invalidado' }), now);
    expect(view.qrCode).toBeNull();
    expect(view.notice).toEqual({ tone: 'danger', text: 'Ticket invalidado — pide ayuda al organizador' });
  });

  it('keeps the QR of a used-up or expired ticket, with a plain notice', () => {
    const used = guestTicketView(
      guestTicketFixture({ estado: 'agotado', bebidasRestantes: 0, bebidasConsumidas: 4 }),
      now,
    );
    expect(used.qrCode).toBe('QR-LUCIA-0001');
    expect(used.drinksLeft).toEqual({ value: '0', detail: 'de 4' });
    expect(used.notice?.text).toBe('Has usado todas tus bebidas');
    expect(guestTicketView(guestTicketFixture({ estado: 'caducado' }), now).notice?.text).toBe(
      'Este ticket ha caducado',
    );
  });
});

describe('offlineText', () => {
  it('gives the time of the kept answer', () => {
    expect(offlineText(new Date('2026-07-04T19:42:00.000Z'))).toBe('Sin conexión — datos de las 21:42');
  });
});

describe('tokenFromPath', () => {
  it('reads /t/{token}, with or without a final slash, and nothing else', () => {
    expect(tokenFromPath('/t/abcDEF123_-xyz')).toBe('abcDEF123_-xyz');
    expect(tokenFromPath('/t/abc/')).toBe('abc');
    expect(tokenFromPath('/t/')).toBe('');
    expect(tokenFromPath('/t/a/b')).toBe('');
    expect(tokenFromPath('/t/%E0%A4%A')).toBe('');
  });
});
