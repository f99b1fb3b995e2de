import type { EnvioProgress } from '@drinkflow/domain/email';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enviosEmail } from '../../db/schema';

/** The rows of `execute` on either driver (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * A job one worker holds: the lease is its own while `intentos` is still the number it claimed (a
 * fencing token). `messageId` is the row's, the same on every attempt (docs/decisions/053).
 */
export interface ClaimedJob {
  id: number;
  pedidoId: number;
  intentos: number;
  messageId: string;
}

const OPEN = sql`('pendiente', 'enviando')`;

/** Orders that can be emailed: an address and at least one ticket. */
const sendable = sql`btrim(p.email) <> '' and exists (select 1 from tickets t where t.pedido_id = p.id)`;

export function createEmailQueue(db: Db) {
  return {
    /** Queues the order's email unless one is already waiting or being sent (then nothing changes). */
    async enqueueOrder(pedidoId: number): Promise<void> {
      // Without a conflict target, the partial unique index of open jobs answers "already queued".
      await db.execute(
        sql`insert into ${enviosEmail} (pedido_id) values (${pedidoId}) on conflict do nothing`,
      );
    },

    /**
     * Queues every sendable order of the event that has no open job; with `soloPendientes`, only
     * those never emailed successfully. Answers how many were queued.
     */
    async enqueueEvent(eventoId: number, soloPendientes: boolean): Promise<number> {
      const skipSent = soloPendientes
        ? sql`and not exists (select 1 from ${enviosEmail} e where e.pedido_id = p.id and e.estado = 'enviado')`
        : sql``;
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          with queued as (
            insert into ${enviosEmail} (pedido_id)
            select p.id from pedidos p
            where p.evento_id = ${eventoId} and ${sendable}
              and not exists (select 1 from ${enviosEmail} e where e.pedido_id = p.id and e.estado in ${OPEN})
              ${skipSent}
            order by p.id
            on conflict do nothing
            returning 1
          )
          select count(*)::int as n from queued`),
      );
      return Number(row?.n ?? 0);
    },

    /**
     * Takes up to `limit` due jobs (waiting ones whose time has come, and sends whose lease ran out:
     * their process died) for `leaseMs`. SKIP LOCKED: processes claiming at once never share a job.
     * A job's first claim gives it its `Message-ID` (`<uuid@domain>`), committed before any attempt.
     */
    async claim(limit: number, leaseMs: number, messageIdDomain: string): Promise<ClaimedJob[]> {
      const rows = rowsOf<{ id: number; pedido_id: number; intentos: number; message_id: string }>(
        await db.execute(sql`
          update ${enviosEmail}
          set estado = 'enviando', intentos = intentos + 1,
              message_id = coalesce(message_id, '<' || gen_random_uuid()::text || '@' || ${messageIdDomain} || '>'),
              proximo_intento_en = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
          where id in (
            select id from ${enviosEmail}
            where estado in ${OPEN} and proximo_intento_en <= now()
            order by proximo_intento_en, id
            limit ${limit}
            for update skip locked
          )
          returning id, pedido_id, intentos, message_id`),
      );
      return rows.map((row) => ({
        id: row.id,
        pedidoId: row.pedido_id,
        intentos: row.intentos,
        messageId: row.message_id,
      }));
    },

    /** Extends the lease of a job still held; false when it was lost (another process may have it). */
    async renew(job: ClaimedJob, leaseMs: number): Promise<boolean> {
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          update ${enviosEmail}
          set proximo_intento_en = now() + ${leaseMs} * interval '1 millisecond'
          where id = ${job.id} and estado = 'enviando' and intentos = ${job.intentos}
          returning 1`),
      );
      return rows.length > 0;
    },

    /** Records the delivery; false when the lease was lost (then the holder records its own). */
    async markSent(job: ClaimedJob): Promise<boolean> {
      const rows = rowsOf<unknown>(
        await db.execute(sql`
          update ${enviosEmail}
          set estado = 'enviado', enviado_en = now(), ultimo_error = null, updated_at = now()
          where id = ${job.id} and estado = 'enviando' and intentos = ${job.intentos}
          returning 1`),
      );
      return rows.length > 0;
    },

    /** Records a failed attempt: tried again in `retryInMs`, or for good (`fallido`) when null. */
    async markFailed(job: ClaimedJob, reason: string, retryInMs: number | null): Promise<void> {
      const next =
        retryInMs === null
          ? sql`estado = 'fallido'`
          : sql`estado = 'pendiente', proximo_intento_en = now() + ${retryInMs} * interval '1 millisecond'`;
      await db.execute(sql`
        update ${enviosEmail}
        set ${next}, ultimo_error = ${reason}, updated_at = now()
        where id = ${job.id} and estado = 'enviando' and intentos = ${job.intentos}`);
    },

    /** Every order of the event by the state of its newest email request. */
    async progress(eventoId: number): Promise<Omit<EnvioProgress, 'configurado' | 'enlaces'>> {
      const [row] = rowsOf<Omit<EnvioProgress, 'configurado' | 'enlaces'>>(
        await db.execute(sql`
          select count(*)::int as "total",
            (count(*) filter (where j.estado = 'enviado'))::int as "enviados",
            (count(*) filter (where j.estado in ${OPEN}))::int as "enCola",
            (count(*) filter (where j.estado = 'fallido'))::int as "fallidos",
            (count(*) filter (where j.estado is null))::int as "sinEnviar"
          from pedidos p
          left join lateral (
            select e.estado from ${enviosEmail} e where e.pedido_id = p.id order by e.id desc limit 1
          ) j on true
          where p.evento_id = ${eventoId}`),
      );
      return {
        total: Number(row?.total ?? 0),
        enviados: Number(row?.enviados ?? 0),
        enCola: Number(row?.enCola ?? 0),
        fallidos: Number(row?.fallidos ?? 0),
        sinEnviar: Number(row?.sinEnviar ?? 0),
      };
    },
  };
}

export type EmailQueue = ReturnType<typeof createEmailQueue>;
