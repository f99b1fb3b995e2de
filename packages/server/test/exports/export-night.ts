import type { Evento } from '@drinkflow/domain/events';
import { expect } from 'vitest';
import { pedidos } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call } from '../support/api';
import { createEvent } from '../support/events';
import { insertTicket } from '../support/stored-rows';
import type { TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/unique-values';
import { insertConsumo, insertScanLog, insertTicketType } from '../support/stats-night';

export async function order(
  t: TestApp,
  evento: Evento,
  nombreCompleto: string,
  createdAt: string,
  telefono: string | null = null,
) {
  const [row] = await t.db
    .insert(pedidos)
    .values({
      eventoId: evento.id,
      nombreCompleto,
      email: uniqueEmail('cliente'),
      telefono,
      createdAt: new Date(createdAt),
    })
    .returning();
  return row!;
}

/** The night every export test reads: an organizer's event with orders, tickets, drinks and scans, one order deleted. */
export async function seedExportNight(t: TestApp) {
  const ids: Record<string, number> = {};
  const owner = await signIn(t.db, 'organizer', 'Dueña');
  const evento = await createEvent(t, owner, {
    nombre: 'Exportaciones',
    fechaInicio: '2026-10-24T18:00:00.000Z',
    fechaFin: '2026-10-25T06:00:00.000Z',
  });
  const tipo = await insertTicketType(t.db, evento.id, {
    nombre: 'General; VIP',
    modo: 'por_cantidad',
    maxDrinks: 4,
  });

  const semicolon = await order(t, evento, 'Pérez; Ana', '2026-07-04T18:05:09Z', '+34 600 111 222');
  ids.semicolonPedido = semicolon.id;
  ids.t1 = (await insertTicket(t.db, semicolon.id, tipo.id)).id;
  ids.t2 = (await insertTicket(t.db, semicolon.id, tipo.id, 'invalidado')).id;
  ids.t3 = (
    await insertTicket(t.db, (await order(t, evento, 'Juan "el Rápido"', '2026-07-04T18:06:00Z')).id, tipo.id)
  ).id;
  ids.t4 = (
    await insertTicket(
      t.db,
      (await order(t, evento, 'Línea uno\nLínea dos', '2026-07-04T18:07:00Z')).id,
      tipo.id,
    )
  ).id;
  const formulas = ['=HYPERLINK("http://malo.example";"clic")', '@SUMA(A1)', '-2+3', '+cmd'];
  for (const [index, name] of formulas.entries()) {
    const created = await order(t, evento, name, `2026-07-04T18:1${index}:00Z`);
    ids[`f${index}`] = (await insertTicket(t.db, created.id, tipo.id)).id;
  }
  ids.empty = (await order(t, evento, 'Sin tickets', '2026-07-04T18:20:00Z')).id;

  await insertConsumo(t.db, evento.id, ids.t1, '2026-10-25T00:30:00Z', 'cerveza', 'Barra; Norte');
  await insertConsumo(t.db, evento.id, ids.t1, '2026-10-25T01:30:00Z', 'copa', null);
  await insertConsumo(t.db, evento.id, ids.t3, '2026-01-09T08:07:00Z', 'agua', 'Terraza');
  await insertConsumo(t.db, evento.id, ids.f0!, '2026-07-04T18:05:09Z', '=cmd', '@barra');

  const at = (minute: number) => `2026-10-25T00:${minute}:00Z`;
  await insertScanLog(t.db, evento.id, {
    ticketId: ids.t1,
    allowed: true,
    reason: 'ok',
    barra: 'Barra; Norte',
    tipoBebida: 'cerveza',
    at: at(30),
  });
  await insertScanLog(t.db, evento.id, {
    ticketId: ids.t1,
    allowed: false,
    reason: 'agotado',
    barra: 'Barra; Norte',
    at: at(31),
  });
  await insertScanLog(t.db, evento.id, {
    allowed: false,
    reason: 'no_encontrado',
    barra: '@barra',
    at: at(32),
  });
  await insertScanLog(t.db, evento.id, {
    ticketId: ids.t3,
    allowed: true,
    reason: 'ok',
    at: at(33),
    undoneAt: at(34),
  });
  await insertScanLog(t.db, evento.id, {
    ticketId: ids.t3,
    accion: 'deshacer',
    allowed: true,
    reason: 'deshecho',
    at: at(34),
  });

  // An order deleted after its guest drank: its consumption goes, its scans stay (docs/rules/scanner.md).
  const deleted = await order(t, evento, 'Pedido borrado', '2026-07-04T18:30:00Z');
  const gone = await insertTicket(t.db, deleted.id, tipo.id);
  await insertConsumo(t.db, evento.id, gone.id, '2026-10-25T00:35:00Z', 'copa', 'Barra 2');
  await insertScanLog(t.db, evento.id, {
    ticketId: gone.id,
    allowed: true,
    reason: 'ok',
    barra: 'Barra 2',
    at: at(35),
  });
  const res = await call(t, owner, 'DELETE', `/api/pedidos/${deleted.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return { owner, evento, ids };
}
