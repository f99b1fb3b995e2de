// What the judge reads after the night, as plain data (ISO strings for instants): the database's
// rows, read in one read-only snapshot, the statistics the product shows, and the logs the devices,
// the driver and the dashboard watcher wrote. judge-checks.mjs decides from this alone.
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import pg from 'pg';
import { parseJsonLines, readDeviceLogs } from './device-log.mjs';
import { readTimeline } from './timeline.mjs';

const iso = (value) => (value === null || value === undefined ? null : new Date(value).toISOString());
const NO_BAR = 'Sin barra';

/** The night's rows of one event, in one snapshot. */
async function readRows(client, eventoId) {
  const [evento] = (
    await client.query('select id, corte_diario, barras from eventos where id = $1', [eventoId])
  ).rows;
  if (!evento) throw new Error(`judge: event ${eventoId} not found`);
  const drinks = await client.query(
    `select c.id, c.ticket_id, c.tipo_bebida, c.timestamp, c.offline, c.conflicto, c.dispositivo_id,
            c.usuario_id, c.tras_revocacion, c.barra, s.scan_id
       from consumos c
       left join scan_log s on s.consumo_id = c.id and s.accion = 'consumo'
      where c.evento_id = $1
      order by c.id`,
    [eventoId],
  );
  const scanLog = await client.query(
    `select id, ticket_id, consumo_id, accion, scan_id, tipo_bebida, barra, dispositivo_id, allowed, reason,
            offline, conflicto, tras_revocacion, created_at, undone_at
       from scan_log where evento_id = $1 order by id`,
    [eventoId],
  );
  const tickets = await client.query(
    `select t.id, t.estado, t.created_at, tt.nombre, tt.modo, tt.max_drinks, tt.max_drinks_per_day,
            tt.drink_interval_minutes, tt.drink_type, tt.valido_desde, tt.valido_hasta, tt.barras_permitidas
       from tickets t join tipos_ticket tt on tt.id = t.ticket_type_id
      where t.evento_id = $1 order by t.id`,
    [eventoId],
  );
  const topUps = await client.query(
    'select ticket_id, bebidas, para_hoy, created_at from recargas where evento_id = $1 order by id',
    [eventoId],
  );
  const devices = await client.query(
    'select id, nombre, barra, usuario_id, revocado_en from dispositivos where evento_id = $1 order by id',
    [eventoId],
  );
  const topUpsOf = new Map();
  for (const row of topUps.rows) {
    if (!topUpsOf.has(row.ticket_id)) topUpsOf.set(row.ticket_id, []);
    topUpsOf
      .get(row.ticket_id)
      .push({ at: iso(row.created_at), bebidas: row.bebidas, paraHoy: row.para_hoy });
  }
  return {
    evento: { id: evento.id, corteDiario: evento.corte_diario, barras: evento.barras },
    drinks: drinks.rows.map((row) => ({
      id: row.id,
      ticketId: row.ticket_id,
      tipoBebida: row.tipo_bebida,
      timestamp: iso(row.timestamp),
      offline: row.offline,
      conflicto: row.conflicto,
      dispositivoId: row.dispositivo_id,
      usuarioId: row.usuario_id,
      trasRevocacion: row.tras_revocacion,
      barra: row.barra,
      scanId: row.scan_id,
    })),
    scanLog: scanLog.rows.map((row) => ({
      id: row.id,
      ticketId: row.ticket_id,
      consumoId: row.consumo_id,
      accion: row.accion,
      scanId: row.scan_id,
      tipoBebida: row.tipo_bebida,
      barra: row.barra,
      dispositivoId: row.dispositivo_id,
      allowed: row.allowed,
      reason: row.reason,
      offline: row.offline,
      conflicto: row.conflicto,
      trasRevocacion: row.tras_revocacion,
      createdAt: iso(row.created_at),
      undoneAt: iso(row.undone_at),
    })),
    tickets: tickets.rows.map((row) => ({
      id: row.id,
      estado: row.estado,
      createdAt: iso(row.created_at),
      tipo: {
        nombre: row.nombre,
        modo: row.modo,
        maxDrinks: row.max_drinks,
        maxDrinksPerDay: row.max_drinks_per_day,
        drinkIntervalMinutes: row.drink_interval_minutes,
        drinkType: row.drink_type,
        validoDesde: iso(row.valido_desde),
        validoHasta: iso(row.valido_hasta),
        barrasPermitidas: row.barras_permitidas,
      },
      topUps: topUpsOf.get(row.id) ?? [],
    })),
    devices: devices.rows.map((row) => ({
      id: row.id,
      nombre: row.nombre,
      barra: row.barra,
      usuarioId: row.usuario_id,
      revocadoEn: iso(row.revocado_en),
    })),
  };
}

/**
 * The statistics as the counters the product's statistics sum hold them (consumo_counters and
 * consumo_dispositivo_counters, kept by the `consumos_count` trigger), for a judge run without the
 * servers; the conflicts are counted as the statistics count them, from the drinks.
 */
async function readCounterStatistics(client, eventoId) {
  const perBar = await client.query(
    `select barra, sum(consumos)::int as consumos from consumo_counters where evento_id = $1 group by barra`,
    [eventoId],
  );
  const perDevice = await client.query(
    `select dispositivo_id, sum(consumos)::int as consumos from consumo_dispositivo_counters
      where evento_id = $1 group by dispositivo_id`,
    [eventoId],
  );
  const perPerson = await client.query(
    `select usuario_id, sum(consumos)::int as consumos from consumo_dispositivo_counters
      where evento_id = $1 and usuario_id <> 0 group by usuario_id`,
    [eventoId],
  );
  const [conflicts] = (
    await client.query(
      'select count(*)::int as n from consumos where evento_id = $1 and conflicto is not null',
      [eventoId],
    )
  ).rows;
  const porBarra = perBar.rows.map((row) => ({ barra: row.barra || NO_BAR, consumos: row.consumos }));
  return {
    source: 'counters',
    totalConsumos: porBarra.reduce((sum, row) => sum + row.consumos, 0),
    conflictosOffline: conflicts.n,
    porBarra,
    porDispositivo: perDevice.rows.map((row) => ({
      dispositivoId: row.dispositivo_id,
      consumos: row.consumos,
    })),
    porPersona: perPerson.rows.map((row) => ({ usuarioId: row.usuario_id, consumos: row.consumos })),
  };
}

/** GET a JSON document over http or https (with the run's own CA). */
export function getJson(url, { headers = {}, ca } = {}) {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      target,
      { headers: { accept: 'application/json', ...headers }, ca },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => {
          if (response.statusCode !== 200)
            reject(new Error(`GET ${target.pathname} → ${response.statusCode}`));
          else resolve(JSON.parse(body));
        });
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error(`GET ${target.pathname}: timed out`)));
    request.on('error', reject);
  });
}

/**
 * The statistics page's figures, through the API as the organizer reads them: with the run's API
 * client (api-client.mjs) when given, else a plain GET of `baseUrl`.
 */
async function readApiStatistics({ api, baseUrl, ca, organizerHeaders, eventoId }) {
  const path = `/api/stats/${eventoId}`;
  let stats;
  if (api) {
    const answer = await api.request('GET', path, { headers: organizerHeaders });
    if (answer.status !== 200) throw new Error(`GET ${path} → ${answer.status}`);
    stats = answer.body;
  } else {
    stats = await getJson(`${baseUrl}${path}`, { headers: organizerHeaders, ca });
  }
  return {
    source: 'api',
    totalConsumos: stats.totalConsumos,
    conflictosOffline: stats.conflictosOffline,
    porBarra: stats.porBarra.map(({ barra, consumos }) => ({ barra, consumos })),
    porDispositivo: (stats.porDispositivo ?? []).map(({ dispositivoId, consumos }) => ({
      dispositivoId,
      consumos,
    })),
    porPersona: (stats.porPersona ?? []).map(({ usuarioId, consumos }) => ({ usuarioId, consumos })),
  };
}

const readJsonl = (path) => (existsSync(path) ? parseJsonLines(readFileSync(path, 'utf8'), path) : []);

/**
 * Everything the judge decides from. The statistics come from the API (GET /api/stats/{id} with the
 * organizer's headers) when `organizerHeaders` and either `api` (api-client.mjs) or `baseUrl` are
 * given — what the product shows — else from the counters that API sums.
 * @param {{databaseUrl: string, eventoId: number, workDir: string, timeZone?: string,
 *   api?: {request: Function}, baseUrl?: string, ca?: string | Buffer,
 *   organizerHeaders?: Record<string, string>}} options
 */
export async function readJudgeData({
  databaseUrl,
  eventoId,
  workDir,
  timeZone,
  api,
  baseUrl,
  ca,
  organizerHeaders,
}) {
  const throughApi = Boolean(organizerHeaders && (api || baseUrl));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let rows;
  let statistics;
  try {
    await client.query('begin transaction isolation level repeatable read read only');
    rows = await readRows(client, eventoId);
    statistics = throughApi ? null : await readCounterStatistics(client, eventoId);
    await client.query('commit');
  } finally {
    await client.end();
  }
  if (statistics === null)
    statistics = await readApiStatistics({ api, baseUrl, ca, organizerHeaders, eventoId });
  const devicesDir = join(workDir, 'devices');
  const timelinePath = join(workDir, 'timeline.jsonl');
  return {
    ...rows,
    evento: { ...rows.evento, timeZone: timeZone ?? process.env.APP_TIME_ZONE ?? 'Europe/Madrid' },
    statistics,
    deviceLogs: existsSync(devicesDir) ? Object.fromEntries(readDeviceLogs(devicesDir)) : {},
    timeline: existsSync(timelinePath) ? readTimeline(timelinePath) : [],
    sse: readJsonl(join(workDir, 'sse.jsonl')),
  };
}
