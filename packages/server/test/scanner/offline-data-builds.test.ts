import type { OfflineData } from '@drinkflow/domain/offline-data';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { createOfflineData, serializeOfflineData } from '../../src/modules/scanner/offline-data';

// How the offline data is built and written once for the requests that share a build
// (docs/decisions/035, docs/decisions/051).

describe('serializeOfflineData', () => {
  const data = {
    evento: {
      nombre: 'Boda',
      ubicacion: 'Sevilla',
      fechaInicio: '2026-07-04T18:00:00.000Z',
      fechaFin: '2026-07-05T04:00:00.000Z',
      zonaHoraria: 'Europe/Madrid',
    },
    tiposTicket: [],
    tickets: [],
    generadoEn: '2026-07-04T19:00:00.000Z',
  };

  it('writes the JSON of an answer once, and refuses one its schema does not allow', () => {
    const json = serializeOfflineData(data);

    expect(JSON.parse(json)).toEqual(data);
    expect(serializeOfflineData(data)).toBe(json);
    expect(() =>
      serializeOfflineData({ ...data, tickets: [{ id: 'no-es-un-hash' }] } as unknown as OfflineData),
    ).toThrow();
  });
});

describe('builds shared by requests for one event that arrive together', () => {
  /** A database whose every statement waits until the test answers it with a time. */
  function heldDatabase() {
    const pending: { answer: (nowMs: number) => void; fail: (error: Error) => void }[] = [];
    const db = {
      execute: () =>
        new Promise((resolve, reject) =>
          pending.push({
            answer: (nowMs) => resolve({ rows: [{ now_ms: nowMs, tipos: [], tickets: [] }] }),
            fail: reject,
          }),
        ),
    } as unknown as Db;
    return { db, pending };
  }
  const evento = {
    id: 1,
    nombre: 'Boda de Ana y Luis',
    ubicacion: 'Sevilla',
    fechaInicio: '2026-07-04T18:00:00.000Z',
    fechaFin: '2026-07-05T04:00:00.000Z',
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const at = (ms: number) => new Date(ms).toISOString();

  it('answer requests that arrive during a build with one next build, started after all of them', async () => {
    const { db, pending } = heldDatabase();
    const builder = createOfflineData(db, { timeZone: 'Europe/Madrid' });

    const first = builder.build(evento);
    await settle();
    const during = [
      builder.build(evento),
      builder.build(evento),
      builder.build({ ...evento, nombre: 'Boda renombrada' }),
    ];
    await settle();
    expect(pending).toHaveLength(1);

    pending[0]!.answer(1_000);
    expect((await first).generadoEn).toBe(at(1_000));
    await settle();
    expect(pending).toHaveLength(2);
    pending[1]!.answer(2_000);
    const answers = await Promise.all(during);

    expect(answers.map((answer) => answer.generadoEn)).toEqual([at(2_000), at(2_000), at(2_000)]);
    // The event as the newest of those requests read it.
    expect(answers[0]!.evento.nombre).toBe('Boda renombrada');
    const later = builder.build(evento);
    await settle();
    expect(pending).toHaveLength(3);
    pending[2]!.answer(3_000);
    expect((await later).generadoEn).toBe(at(3_000));
  });

  it('fail only the requests that shared a failed build; the next request builds again', async () => {
    const { db, pending } = heldDatabase();
    const builder = createOfflineData(db, { timeZone: 'Europe/Madrid' });

    const failing = builder.build(evento);
    await settle();
    pending[0]!.fail(new Error('conexión perdida'));
    await expect(failing).rejects.toThrow('conexión perdida');

    const next = builder.build(evento);
    await settle();
    pending[1]!.answer(5_000);
    expect((await next).generadoEn).toBe(at(5_000));
  });

  it('build other events independently', async () => {
    const { db, pending } = heldDatabase();
    const builder = createOfflineData(db, { timeZone: 'Europe/Madrid' });

    const one = builder.build(evento);
    const other = builder.build({ ...evento, id: 2 });
    await settle();

    expect(pending).toHaveLength(2);
    pending[1]!.answer(7_000);
    expect((await other).generadoEn).toBe(at(7_000));
    pending[0]!.answer(6_000);
    expect((await one).generadoEn).toBe(at(6_000));
  });
});
