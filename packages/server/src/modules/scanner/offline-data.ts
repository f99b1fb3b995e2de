import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  holderNameKeyParameters,
  offlineData,
  type OfflineData,
  type OfflineTicket,
  type OfflineTicketType,
} from '@drinkflow/domain/offline-data';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ScannerEventRow } from './admission/event-of-key';
import { createSealCache, offlineIdOf, sealName, type SealedTicket } from './offline-seal';
import { offlineEtag, rowsVersion } from './offline-version';

/**
 * GET /api/scanner/{apiKey}/offline (docs/rules/offline-and-field.md, docs/decisions/035): the event, its ticket
 * types and every ticket with its drinks, read in one statement for every build, each build
 * started after the requests it answers arrived; only the sealed names are re-used between builds.
 * Tickets are named by the hex SHA-256 of their QR code and their holder's name is sealed with a
 * key derived from it, so the answer carries no QR code, email or phone.
 */

export interface OfflineDataOptions {
  /** A test clock for `generadoEn`; omitted, the database's time of the statement. */
  now?: () => Date;
  /** The time zone the server states times in (APP_TIME_ZONE). */
  timeZone: string;
  /** At most this many tickets' sealed names are kept in memory, all events together. */
  maxCachedTickets?: number;
}

const { ivBytes } = holderNameKeyParameters;

/** Tickets sealed between two turns of the event loop: a scan waits at most one batch (11–37 ms). */
const SEAL_BATCH = 256;

/** Sealed names kept for re-use (a few hundred bytes each): about 20 MB at most. */
const MAX_CACHED_TICKETS = 50_000;

/** The database's times as epoch milliseconds (float8), turned into ISO strings here. */
const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
const iso = (value: number | string) => new Date(Number(value)).toISOString();

interface TipoJson {
  id: number;
  nombre: string;
  modo: OfflineTicketType['modo'];
  maxDrinks: number | null;
  drinkIntervalMinutes: number | null;
  durationMinutes: number | null;
  drinkType: string;
  desde: number;
  hasta: number;
  maxDrinksPerDay: number | null;
  barrasPermitidas: string[] | null;
}

/**
 * A ticket as the statement lists it, by position (about 40 % quicker than one JSON object per
 * ticket on PGlite, whose statements run on the server's thread): id, ticket type, stored state,
 * creation time, QR code, holder's name, drink times in time order (null without drinks), drinks
 * its top-ups added, and its top-ups 'Usables también hoy' as [time, drinks] (null without any).
 */
type TicketJson = [
  id: number,
  tipo: number,
  estado: OfflineTicket['estado'],
  creado: number,
  qr: string,
  titular: string,
  consumos: number[] | null,
  recargas: number,
  recargasHoy: [at: number, bebidas: number][] | null,
];

/** The rows of `db.execute` on either driver (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The `ETag` of each build, from the rows it was read from (offline-version.ts). */
const etags = new WeakMap<OfflineData, string>();
export const etagOf = (data: OfflineData): string | undefined => etags.get(data);

export function createOfflineData(db: Db, options: OfflineDataOptions) {
  /**
   * The event's ticket types and tickets with their drinks (time order, as the scanner's history),
   * and the database's time, in one statement: one snapshot, on PostgreSQL as on PGlite. Drinks are
   * read once per event from the (evento_id, timestamp) index and grouped by ticket.
   */
  async function read(eventoId: number) {
    const [row] = rowsOf<{
      now_ms: number | string;
      version: string;
      tipos: TipoJson[];
      tickets: TicketJson[];
    }>(
      await db.execute(sql`
        select ${ms('statement_timestamp()')} as now_ms, ${rowsVersion(eventoId)} as version,
          (select coalesce(json_agg(json_build_object(
                    'id', tt.id, 'nombre', tt.nombre, 'modo', tt.modo, 'maxDrinks', tt.max_drinks,
                    'drinkIntervalMinutes', tt.drink_interval_minutes, 'durationMinutes', tt.duration_minutes,
                    'drinkType', tt.drink_type, 'desde', ${ms('tt.valido_desde')},
                    'hasta', ${ms('tt.valido_hasta')}, 'maxDrinksPerDay', tt.max_drinks_per_day,
                    'barrasPermitidas', tt.barras_permitidas) order by tt.id), '[]'::json)
             from tipos_ticket tt where tt.evento_id = ${eventoId}) as tipos,
          (select coalesce(json_agg(json_build_array(
                    t.id, t.ticket_type_id, t.estado, ${ms('t.created_at')}, t.qr_code, p.nombre_completo,
                    c.times, t.recargas_bebidas, r.hoy) order by t.id), '[]'::json)
             from tickets t
             join pedidos p on p.id = t.pedido_id
             left join (select ticket_id, json_agg(${ms('timestamp')} order by timestamp, id) as times
                          from consumos where evento_id = ${eventoId} group by ticket_id) c on c.ticket_id = t.id
             left join (select ticket_id, json_agg(json_build_array(${ms('created_at')}, bebidas) order by id) as hoy
                          from recargas where evento_id = ${eventoId} and para_hoy group by ticket_id) r
                    on r.ticket_id = t.id
            where p.evento_id = ${eventoId}) as tickets`),
    );
    return row!;
  }

  const sealed = createSealCache(options.maxCachedTickets ?? MAX_CACHED_TICKETS);

  /**
   * The tickets with their ids and sealed names, re-using what this process sealed for the same
   * code and holder; new seals take a fresh random IV, a batch per turn of the event loop.
   */
  async function ticketsOf(eventoId: number, rows: TicketJson[]): Promise<OfflineTicket[]> {
    const before = sealed.of(eventoId);
    const now = new Map<number, SealedTicket>();
    const tickets: OfflineTicket[] = [];
    let ivs = Buffer.alloc(0);
    let fresh = 0;
    for (const [ticketId, tipo, estado, creado, qr, titular, consumos, recargas, recargasHoy] of rows) {
      const id = offlineIdOf(qr);
      let entry = before?.get(ticketId);
      if (!entry || entry.id !== id || entry.holder !== titular) {
        if (fresh % SEAL_BATCH === 0) {
          if (fresh > 0) await nextTurn();
          ivs = randomBytes(ivBytes * SEAL_BATCH);
        }
        const at = (fresh % SEAL_BATCH) * ivBytes;
        entry = { id, holder: titular, titular: sealName(qr, titular, ivs.subarray(at, at + ivBytes)) };
        fresh += 1;
      }
      now.set(ticketId, entry);
      tickets.push({
        id,
        ticketId,
        ticketTypeId: tipo,
        estado,
        createdAt: iso(creado),
        consumos: (consumos ?? []).map(iso),
        titular: entry.titular,
        ...(recargas > 0 ? { recargas } : {}),
        ...(recargasHoy
          ? { recargasHoy: recargasHoy.map(([at, bebidas]) => ({ createdAt: iso(at), bebidas })) }
          : {}),
      });
    }
    sealed.keep(eventoId, now);
    return tickets;
  }

  /** The offline data of `evento` as it is now. */
  async function buildNow(evento: ScannerEventRow): Promise<OfflineData> {
    const data = await read(evento.id);
    const built: OfflineData = {
      evento: {
        nombre: evento.nombre,
        ubicacion: evento.ubicacion,
        fechaInicio: evento.fechaInicio,
        fechaFin: evento.fechaFin,
        zonaHoraria: options.timeZone,
        ...(evento.corteDiario ? { corteDiario: evento.corteDiario } : {}),
      },
      tiposTicket: data.tipos.map((tipo) => ({
        id: tipo.id,
        nombre: tipo.nombre,
        modo: tipo.modo,
        maxDrinks: tipo.maxDrinks,
        drinkIntervalMinutes: tipo.drinkIntervalMinutes,
        durationMinutes: tipo.durationMinutes,
        drinkType: tipo.drinkType,
        validoDesde: iso(tipo.desde),
        validoHasta: iso(tipo.hasta),
        // docs/rules/festivals.md's fields only when set, so other events' data stays as it was.
        ...(tipo.maxDrinksPerDay !== null ? { maxDrinksPerDay: tipo.maxDrinksPerDay } : {}),
        ...(tipo.barrasPermitidas !== null ? { barrasPermitidas: tipo.barrasPermitidas } : {}),
      })),
      tickets: await ticketsOf(evento.id, data.tickets),
      generadoEn: (options.now?.() ?? new Date(Number(data.now_ms))).toISOString(),
    };
    etags.set(built, offlineEtag(evento, options.timeZone, data.version));
    return built;
  }

  /** Per event: the build that requests may still join (not started), and the last one queued. */
  interface Joinable {
    evento: ScannerEventRow;
    answer: Promise<OfflineData>;
  }
  const joinable = new Map<number, Joinable>();
  const last = new Map<number, Promise<void>>();

  return {
    /**
     * The offline data of `evento`, built after this request arrived. Requests for one event share
     * builds: one that arrives while a build runs waits for the next build, which starts when that
     * one ends and answers every request that arrived before it started. However many bars refresh
     * at once, at most two builds of an event run or wait (bench/RESULTS.md).
     */
    build(evento: ScannerEventRow): Promise<OfflineData> {
      const joined = joinable.get(evento.id);
      if (joined) {
        joined.evento = evento; // the event as the newest request read it
        return joined.answer;
      }
      const previous = last.get(evento.id) ?? Promise.resolve();
      const entry: Joinable = {
        evento,
        answer: previous.then(() => {
          joinable.delete(evento.id);
          return buildNow(entry.evento);
        }),
      };
      joinable.set(evento.id, entry);
      const settled = entry.answer.then(
        () => undefined,
        () => undefined,
      );
      last.set(evento.id, settled);
      void settled.then(() => {
        if (last.get(evento.id) === settled) last.delete(evento.id);
      });
      return entry.answer;
    },
  };
}

export type OfflineDataBuilder = ReturnType<typeof createOfflineData>;

const serialized = new WeakMap<OfflineData, string>();

/**
 * The JSON of an answer, checked against its schema once however many requests share the build
 * (the route's serializer: the schema's own would check and stringify it once per request).
 */
export function serializeOfflineData(data: OfflineData): string {
  let json = serialized.get(data);
  if (json === undefined) {
    json = JSON.stringify(offlineData.encode(data));
    serialized.set(data, json);
  }
  return json;
}
