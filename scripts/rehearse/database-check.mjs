// PostgreSQL after the burst: every drink acknowledged as served is stored exactly once, under the
// scan that recorded it, and nothing else is.
import pg from 'pg';
import { answers, sentScanIds } from './bar-scanners.mjs';
import { violation } from './log.mjs';

export async function checkDatabase(databaseUrl, eventoId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const stored = Number(
      (await client.query('select count(*) as n from consumos where evento_id = $1', [eventoId])).rows[0].n,
    );
    const { rows: scans } = await client.query(
      `select scan_id, consumo_id from scan_log where evento_id = $1 and accion = 'consumo'`,
      [eventoId],
    );
    const { rows: shared } = await client.query(
      `select c.id, count(s.id) as n from consumos c left join scan_log s on s.consumo_id = c.id
        where c.evento_id = $1 group by c.id having count(s.id) <> 1`,
      [eventoId],
    );
    const { rows: counters } = await client.query(
      `select count(*) as n from tickets t join pedidos p on p.id = t.pedido_id
        where p.evento_id = $1
          and t.consumos_usados <> (select count(*) from consumos c where c.ticket_id = t.id)`,
      [eventoId],
    );
    const byScanId = new Map();
    for (const row of scans)
      byScanId.set(row.scan_id, (byScanId.get(row.scan_id) ?? []).concat(row.consumo_id));
    const servedAcknowledged = [...answers].filter(([, answer]) => answer.success).map(([scanId]) => scanId);

    if (stored !== servedAcknowledged.length) {
      violation(`${stored} drinks stored, ${servedAcknowledged.length} acknowledged as served`);
    }
    for (const scanId of servedAcknowledged) {
      const rows = byScanId.get(scanId) ?? [];
      if (rows.length !== 1 || rows[0] === null)
        violation(`served scan ${scanId}: scan log ${JSON.stringify(rows)}`);
    }
    for (const [scanId, answer] of answers) {
      if (!answer.success && byScanId.get(scanId)?.some((id) => id !== null)) {
        violation(`scan ${scanId} answered as refused but has a drink`);
      }
    }
    const unknown = [...byScanId.keys()].filter((scanId) => !sentScanIds.has(scanId));
    if (unknown.length > 0) violation(`${unknown.length} scan-log rows with a scanId no client sent`);
    const duplicated = [...byScanId.values()].filter((rows) => rows.length > 1).length;
    if (duplicated > 0) violation(`${duplicated} scanIds with more than one scan-log row`);
    if (shared.length > 0) violation(`${shared.length} drinks not recorded by exactly one scan`);
    if (Number(counters[0].n) > 0) violation(`${counters[0].n} tickets whose drink counter is wrong`);
    return { stored, acknowledgedServed: servedAcknowledged.length, scanLogRows: scans.length, duplicated };
  } finally {
    await client.end();
  }
}
