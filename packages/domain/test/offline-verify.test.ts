import { describe, expect, it } from 'vitest';
import { offlineTicketId } from '../src/offline-crypto';
import { verifyOffline } from '../src/offline-decision';
import { scannerTicketResponse } from '../src/scanner';
import { at, dataWith, end, local, start, tipos } from './support/offline-scans';

describe('verifyOffline', () => {
  it('shows the ticket with this device’s drinks and what a drink now would get, recording nothing', async () => {
    const data = await dataWith([
      { qr: 'qr-uno', tipo: tipos.cerveza, titular: 'Ana García', consumos: [at(5)] },
    ]);
    const answer = await verifyOffline({
      data,
      qrCode: 'qr-uno',
      localDrinks: [await local('qr-uno', at(30), { tipoBebida: 'cerveza', barra: null })],
      now: at(60),
    });
    if (!answer.found) throw new Error('not found');
    expect(answer.ticket).toBe(await offlineTicketId('qr-uno'));
    expect(answer.response).toEqual({
      ticket: { id: 100, estado: 'activo', titular: 'Ana García', createdAt: '2026-06-01T10:00:00.000Z' },
      tipoTicket: expect.objectContaining({ nombre: 'Cerveza', drinkType: 'cerveza', maxDrinks: 3 }),
      consumos: [
        { id: -1, tipoBebida: 'bebida', timestamp: at(5).toISOString(), barra: null },
        { id: -2, tipoBebida: 'cerveza', timestamp: at(30).toISOString(), barra: null },
      ],
      evento: {
        nombre: 'Boda Ana y Luis',
        ubicacion: 'Sevilla',
        fechaInicio: start.toISOString(),
        fechaFin: end.toISOString(),
      },
      verificacion: {
        success: true,
        canConsume: true,
        message: 'Consumo permitido',
        reason: 'ok',
        remainingDrinks: 0,
        tipoBebida: 'cerveza',
      },
    });
    expect(scannerTicketResponse.safeParse(answer.response).success).toBe(true);
  });

  it('says until when the interval refuses, counting this device’s drinks', async () => {
    const data = await dataWith([{ qr: 'qr-uno', tipo: tipos.intervalo, consumos: [at(0)] }]);
    const answer = await verifyOffline({
      data,
      qrCode: 'qr-uno',
      localDrinks: [await local('qr-uno', at(50))],
      now: at(60),
    });
    expect(answer.found && answer.response.verificacion).toEqual({
      success: false,
      canConsume: false,
      message: 'Debe esperar hasta las 21:20 para la siguiente bebida',
      reason: 'intervalo',
      remainingDrinks: 2,
      nextAllowedTime: at(80).toISOString(),
      tipoBebida: 'copa',
    });
  });

  it('says why a drink now would be refused', async () => {
    const data = await dataWith([{ qr: 'qr-uno', tipo: tipos.dos, consumos: [at(5)] }]);
    const answer = await verifyOffline({
      data,
      qrCode: 'qr-uno',
      localDrinks: [await local('qr-uno', at(30))],
      now: at(60),
    });
    expect(answer.found && answer.response.verificacion).toMatchObject({
      success: false,
      reason: 'agotado',
      message: 'Límite de bebidas alcanzado',
    });
    expect(answer.found && answer.response.ticket.estado).toBe('agotado');
  });
});
