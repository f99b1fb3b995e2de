import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from './export-kind';

/** The ids a row carries of who served or scanned it (null on rows older than devices). */
export interface WhoServedIds {
  dispositivo_id: number | null;
  usuario_id: number | null;
}

const idList = (ids: readonly number[]) => `{${ids.join(',')}}`;

/**
 * The names of the devices and people a batch mentions, looked up once per download (an event
 * has a few dozen of each for up to a million rows), for the `Dispositivo` and `Persona` cells
 * (docs/decisions/061): the device's name, the person's name and surname; empty when unknown.
 */
export function whoServedNames(db: Db) {
  const devices = new Map<number, string>();
  const people = new Map<number, string>();
  const missing = (ids: Iterable<number | null>, known: Map<number, string>) =>
    [...new Set(ids)].filter((id): id is number => id !== null && !known.has(id));
  return {
    async load(rows: readonly WhoServedIds[]): Promise<void> {
      const newDevices = missing(
        rows.map((row) => row.dispositivo_id),
        devices,
      );
      const newPeople = missing(
        rows.map((row) => row.usuario_id),
        people,
      );
      if (newDevices.length > 0) {
        const found = await rowsOf<{ id: number; nombre: string }>(
          db,
          sql`select id, nombre from dispositivos where id = any(${idList(newDevices)}::int[])`,
        );
        for (const { id, nombre } of found) devices.set(id, nombre);
      }
      if (newPeople.length > 0) {
        const found = await rowsOf<{ id: number; nombre: string }>(
          db,
          sql`select id, concat_ws(' ', nombre, nullif(apellido, '')) as nombre
              from users where id = any(${idList(newPeople)}::int[])`,
        );
        for (const { id, nombre } of found) people.set(id, nombre);
      }
      // An id that names nothing (a deleted account) is asked once, then left empty.
      for (const id of newDevices) if (!devices.has(id)) devices.set(id, '');
      for (const id of newPeople) if (!people.has(id)) people.set(id, '');
    },
    /** The `Dispositivo` and `Persona` cells of a row. */
    cells: (row: WhoServedIds): [string | null, string | null] => [
      row.dispositivo_id === null ? null : devices.get(row.dispositivo_id) || null,
      row.usuario_id === null ? null : people.get(row.usuario_id) || null,
    ],
  };
}
