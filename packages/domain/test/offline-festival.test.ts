import { describe, expect, it } from 'vitest';
import { offlineTicketId } from '../src/offline-crypto';
import { decideOfflineScan, verifyOffline } from '../src/offline-decision';
import { offlineData, sealHolderName, type OfflineData, type OfflineTicketType } from '../src/offline-data';

// docs/rules/festivals.md offline: the device decides with the same inputs as the server — its bar, the
// ticket's top-ups and the event's cut-off, all carried by the offline data.

const start = new Date('2026-11-14T18:00:00.000Z');
const end = new Date('2026-11-16T18:00:00.000Z');

const tipo = (id: number, patch: Partial<OfflineTicketType>): OfflineTicketType => ({
  id,
  nombre: `Tipo ${id}`,
  modo: 'por_cantidad',
  maxDrinks: 10,
  drinkIntervalMinutes: null,
  durationMinutes: null,
  drinkType: 'todo',
  validoDesde: start.toISOString(),
  validoHasta: end.toISOString(),
  ...patch,
});

async function dataWith(
  ticket: { qr: string; tipo: OfflineTicketType; consumos?: Date[]; recargas?: number },
  corteDiario?: string,
): Promise<OfflineData> {
  return offlineData.parse({
    evento: {
      nombre: 'Festival',
      ubicacion: 'Benicàssim',
      fechaInicio: start.toISOString(),
      fechaFin: end.toISOString(),
      zonaHoraria: 'Europe/Madrid',
      ...(corteDiario ? { corteDiario } : {}),
    },
    tiposTicket: [ticket.tipo],
    tickets: [
      {
        id: await offlineTicketId(ticket.qr),
        ticketId: 7,
        ticketTypeId: ticket.tipo.id,
        estado: 'activo',
        createdAt: start.toISOString(),
        consumos: (ticket.consumos ?? []).map((time) => time.toISOString()),
        titular: await sealHolderName(ticket.qr, 'Ana García'),
        ...(ticket.recargas ? { recargas: ticket.recargas } : {}),
      },
    ],
    generadoEn: start.toISOString(),
  });
}

async function consume(data: OfflineData, qrCode: string, now: Date, barra?: string | null) {
  const answer = await decideOfflineScan({ data, qrCode, localDrinks: [], now, barra });
  if (!answer.found) throw new Error('not found');
  return answer;
}

describe('offline decisions with festival inputs', () => {
  it('refuses at a bar the type does not allow, serves at an allowed one, and a lookup skips the rule', async () => {
    const data = await dataWith({ qr: 'qr-vip', tipo: tipo(1, { barrasPermitidas: ['VIP'] }) });
    const now = new Date('2026-11-14T22:00:00.000Z');
    const terraza = await consume(data, 'qr-vip', now, 'Terraza');
    expect(terraza.result).toMatchObject({ success: false, reason: 'barra_no_permitida', canConsume: false });
    expect(terraza.drink).toBeNull();
    expect((await consume(data, 'qr-vip', now, null)).result.reason).toBe('barra_no_permitida');
    expect((await consume(data, 'qr-vip', now, 'vip')).result).toMatchObject({ success: true });
    const verified = await verifyOffline({ data, qrCode: 'qr-vip', localDrinks: [], now });
    expect(verified.found && verified.response.verificacion.reason).toBe('ok');
  });

  it('verifies at the device’s bar when it gives one, and skips the rule for a blank one', async () => {
    const data = await dataWith({ qr: 'qr-vip', tipo: tipo(1, { barrasPermitidas: ['VIP'] }) });
    const now = new Date('2026-11-14T22:00:00.000Z');
    const verify = async (barra?: string) => {
      const verified = await verifyOffline({ data, qrCode: 'qr-vip', localDrinks: [], now, barra });
      if (!verified.found) throw new Error('not found');
      return verified.response.verificacion;
    };
    expect(await verify('Terraza')).toMatchObject({
      success: false,
      canConsume: false,
      reason: 'barra_no_permitida',
      message: 'Este ticket no es válido en esta barra. Válido en: VIP',
    });
    expect(await verify(' vip ')).toMatchObject({ success: true, canConsume: true, reason: 'ok' });
    expect(await verify('   ')).toMatchObject({ success: true, canConsume: true, reason: 'ok' });
  });

  it('verifies the per-day limit up to the event’s cut-off', async () => {
    const drank = new Date('2026-11-14T21:00:00.000Z');
    const data = await dataWith(
      { qr: 'qr-dia', tipo: tipo(2, { maxDrinksPerDay: 1 }), consumos: [drank] },
      '23:30',
    );
    const verify = async (now: Date) => {
      const verified = await verifyOffline({ data, qrCode: 'qr-dia', localDrinks: [], now });
      if (!verified.found) throw new Error('not found');
      return verified.response.verificacion;
    };
    expect(await verify(new Date('2026-11-14T22:00:00.000Z'))).toMatchObject({
      success: false,
      reason: 'limite_diario',
      nextAllowedTime: '2026-11-14T22:30:00.000Z',
      bebidasHoy: 1,
      maxDrinksPerDay: 1,
    });
    // 23:30 in Madrid: a new festival day with the event's cut-off (the default 06:00 would not be).
    expect(await verify(new Date('2026-11-14T22:30:00.000Z'))).toMatchObject({
      success: true,
      reason: 'ok',
      bebidasHoy: 0,
      maxDrinksPerDay: 1,
    });
  });

  it('counts the drinks of the festival day up to the event’s cut-off', async () => {
    const drank = new Date('2026-11-14T21:00:00.000Z');
    const data = await dataWith(
      { qr: 'qr-dia', tipo: tipo(2, { maxDrinksPerDay: 1 }), consumos: [drank] },
      '23:30',
    );
    const sameDay = await consume(data, 'qr-dia', new Date('2026-11-14T22:00:00.000Z'), 'Terraza');
    expect(sameDay.result).toMatchObject({ success: false, reason: 'limite_diario' });
    expect(sameDay.result.nextAllowedTime).toBe('2026-11-14T22:30:00.000Z');
    const nextDay = await consume(data, 'qr-dia', new Date('2026-11-14T22:30:00.000Z'), 'Terraza');
    expect(nextDay.result).toMatchObject({ success: true, bebidasHoy: 1, maxDrinksPerDay: 1 });
  });

  it('raises the limit by the ticket’s top-ups', async () => {
    const drinks = [new Date('2026-11-14T19:00:00.000Z'), new Date('2026-11-14T19:30:00.000Z')];
    const now = new Date('2026-11-14T20:00:00.000Z');
    const without = await dataWith({ qr: 'qr-r', tipo: tipo(3, { maxDrinks: 2 }), consumos: drinks });
    expect((await consume(without, 'qr-r', now)).result.reason).toBe('agotado');
    const topped = await dataWith({
      qr: 'qr-r',
      tipo: tipo(3, { maxDrinks: 2 }),
      consumos: drinks,
      recargas: 1,
    });
    expect((await consume(topped, 'qr-r', now)).result).toMatchObject({ success: true, remainingDrinks: 0 });
  });
});
