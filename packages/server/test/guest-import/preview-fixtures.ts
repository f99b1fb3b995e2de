import type { ImportPreview } from '@drinkflow/domain/guest-import';
import { expect } from 'vitest';
import type { Account } from '../support/accounts';
import { postCsv } from '../support/api';
import { type OwnedEvent, ownedEvent } from '../support/orders';
import type { TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';

// The guest list preview's requests and the rows it answers with.

export const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
export const previewUrl = (evento: { id: number }) => `/api/eventos/${evento.id}/importar/previsualizar`;

/** The preview of `csv`, which must be a 200. */
export async function preview(
  t: TestApp,
  who: Account,
  evento: { id: number },
  csv: Buffer | string,
  type?: string,
) {
  const res = await postCsv(t, who, previewUrl(evento), csv, type);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportPreview>();
}

/** An event with the types 'General' and 'Pase Cóctel'. */
export async function eventWithTypes(t: TestApp): Promise<OwnedEvent & { coctel: { id: number } }> {
  const owned = await ownedEvent(t);
  const general = await createTicketType(t, owned.owner, owned.evento, { nombre: 'General' });
  const coctel = await createTicketType(t, owned.owner, owned.evento, { nombre: 'Pase Cóctel' });
  return { ...owned, tipo: general, coctel };
}

/** A previewed new row without errors: one ticket, no phone and no shop code unless `fields` say otherwise. */
export const row = (linea: number, fields: Record<string, unknown>) => ({
  linea,
  telefono: null,
  cantidad: 1,
  cantidadTexto: fields.cantidad === undefined ? '' : String(fields.cantidad),
  errores: [],
  duplicado: null,
  codigo: null,
  idExterno: null,
  estado: null,
  accion: 'nuevo',
  pedidoId: null,
  avisos: [],
  ...fields,
});
