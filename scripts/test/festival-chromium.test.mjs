// How a Chromium scanner page's own traffic and screen become its device-log lines (the contract's
// `scan` and `upload` lines): the judge counts acknowledged drinks from exactly these fields.
import { describe, expect, it } from 'vitest';
import { isFinalUploadAnswer, scanLine, uploadLine } from '../festival/chromium-devices.mjs';

const scanId = '0470bc2a-5c57-42d8-8cf6-1569a7a2bd17';
const base = { qr: 'CODIGO-1', barra: 'Barra 1', latencyMs: 200 };

describe('upload lines', () => {
  it('a stored offline drink is a final, served upload; a conflict says so', () => {
    expect(uploadLine({ scanId }, 200, { success: true, conflicto: false, reason: 'ok' })).toEqual({
      kind: 'upload',
      scanId,
      status: 200,
      served: true,
      conflicto: false,
      reason: 'ok',
      refusal: false,
    });
    expect(
      uploadLine({ scanId }, 200, { success: true, conflicto: true, reason: 'limite_alcanzado' }),
    ).toMatchObject({
      served: true,
      conflicto: true,
      reason: 'limite_alcanzado',
    });
  });

  it('a queued refusal is marked as one and serves nothing', () => {
    expect(
      uploadLine({ scanId, rechazo: 'limite_alcanzado' }, 200, {
        success: false,
        reason: 'limite_alcanzado',
      }),
    ).toMatchObject({
      kind: 'upload',
      served: false,
      refusal: true,
    });
  });

  it('answers the page would send again are retries, not final answers', () => {
    for (const status of [500, 502, 503, 504, 408, 429]) {
      expect(isFinalUploadAnswer(status, null)).toBe(false);
      expect(uploadLine({ scanId }, status, null)).toEqual({ kind: 'upload-retry', scanId, status });
    }
    expect(uploadLine({ scanId }, 401, { error: 'device_required' }).kind).toBe('upload-retry');
  });

  it('a revoked device’s late drink and a vanished ticket are final refusals', () => {
    expect(uploadLine({ scanId }, 401, { error: 'device_revoked' })).toMatchObject({
      kind: 'upload',
      status: 401,
      served: false,
      conflicto: null,
      reason: 'device_revoked',
    });
    expect(uploadLine({ scanId }, 404, { message: 'Ticket no encontrado' })).toMatchObject({
      kind: 'upload',
      served: false,
    });
  });
});

describe('scan lines', () => {
  const answered = { scanId, status: 200, answer: { success: true, reason: 'ok', tipoBebida: 'copa' } };

  it('an online drink is served only when the screen and the server both say so', () => {
    const verdict = { title: 'Consumo Registrado', offline: false };
    expect(scanLine({ ...base, verdict, attempt: answered, queued: null })).toEqual({
      kind: 'scan',
      scanId,
      qr: 'CODIGO-1',
      barra: 'Barra 1',
      tipoBebida: 'copa',
      via: 'online',
      served: true,
      reason: 'ok',
      status: 200,
      latencyMs: 200,
    });
    const refused = { scanId, status: 200, answer: { success: false, reason: 'limite_alcanzado' } };
    expect(
      scanLine({
        ...base,
        verdict: { title: 'Error de Validación', offline: false },
        attempt: refused,
        queued: null,
      }),
    ).toMatchObject({ via: 'online', served: false, reason: 'limite_alcanzado', status: 200 });
  });

  it('an offline drink carries the attempt’s scanId and the queue’s scan time', () => {
    const lost = { scanId, status: null, answer: null };
    const queued = { escaneadoEn: '2026-11-28T14:10:20.159Z', tipoBebida: 'copa' };
    expect(
      scanLine({ ...base, verdict: { title: 'Consumo Registrado', offline: true }, attempt: lost, queued }),
    ).toMatchObject({
      scanId,
      via: 'offline',
      served: true,
      status: null,
      escaneadoEn: '2026-11-28T14:10:20.159Z',
    });
  });

  it('an offline refusal gives its queued reason; an unknown code offline is not queued', () => {
    const lost = { scanId, status: null, answer: null };
    const refusal = {
      escaneadoEn: '2026-11-28T14:10:21.000Z',
      tipoBebida: 'copa',
      rechazo: 'fuera_de_barra',
    };
    expect(
      scanLine({
        ...base,
        verdict: { title: 'Error de Validación', offline: true },
        attempt: lost,
        queued: refusal,
      }),
    ).toMatchObject({ via: 'offline', served: false, reason: 'fuera_de_barra' });
    const unknown = scanLine({
      ...base,
      verdict: { title: 'Ticket no válido', offline: true },
      attempt: lost,
      queued: null,
    });
    expect(unknown).toMatchObject({ via: 'offline', served: false, reason: 'no_encontrado' });
    expect(unknown).not.toHaveProperty('escaneadoEn');
  });
});
