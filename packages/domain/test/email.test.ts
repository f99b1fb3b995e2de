import { describe, expect, it } from 'vitest';
import {
  bulkQueued,
  bulkSendBody,
  emailMessages,
  envio,
  envioEstadoLabels,
  envioEstados,
  envioProgress,
  orderQueued,
  SIN_ENVIAR,
} from '../src/email';

describe('an order’s email (docs/rules/guests.md)', () => {
  it('names its four states in order, each with its Spanish label', () => {
    expect(envioEstados).toEqual(['sin_enviar', 'en_cola', 'enviado', 'fallido']);
    expect(envioEstadoLabels).toEqual({
      sin_enviar: 'Sin enviar',
      en_cola: 'En cola',
      enviado: 'Enviado',
      fallido: 'Fallido',
    });
  });

  it('starts unsent, with no attempts, no date and no error, as the order JSON carries it', () => {
    expect(SIN_ENVIAR).toEqual({ estado: 'sin_enviar', intentos: 0, enviadoEn: null, ultimoError: null });
    expect(envio.parse(SIN_ENVIAR)).toEqual(SIN_ENVIAR);
  });

  it('reads every state, a sending date and the last error', () => {
    const sent = { estado: 'enviado', intentos: 1, enviadoEn: '2026-11-20T21:00:00.000Z', ultimoError: null };
    expect(envio.parse(sent)).toEqual(sent);
    const failed = { estado: 'fallido', intentos: 5, enviadoEn: null, ultimoError: 'Buzón lleno' };
    expect(envio.parse(failed)).toEqual(failed);
    for (const estado of envioEstados) {
      expect(envio.safeParse({ ...SIN_ENVIAR, estado }).success, estado).toBe(true);
    }
  });

  it('refuses another state and fields of the wrong type', () => {
    expect(envio.safeParse({ ...SIN_ENVIAR, estado: 'enviando' }).success).toBe(false);
    expect(envio.safeParse({ ...SIN_ENVIAR, intentos: '0' }).success).toBe(false);
    expect(envio.safeParse({ ...SIN_ENVIAR, enviadoEn: 0 }).success).toBe(false);
    expect(envio.safeParse({ ...SIN_ENVIAR, ultimoError: 1 }).success).toBe(false);
    expect(envio.safeParse({ estado: 'sin_enviar' }).success).toBe(false);
  });

  it('says in Spanish why an order cannot be sent', () => {
    expect(emailMessages).toEqual({
      notConfigured: 'El envío por email no está configurado',
      noEmail: 'El pedido no tiene email',
      noTickets: 'El pedido no tiene tickets que enviar',
    });
  });

  it('answers a queued order with en_cola only', () => {
    expect(orderQueued.parse({ estado: 'en_cola' })).toEqual({ estado: 'en_cola' });
    expect(orderQueued.safeParse({ estado: 'enviado' }).success).toBe(false);
    expect(orderQueued.safeParse({}).success).toBe(false);
  });
});

describe('bulkSendBody (POST /api/eventos/{id}/enviar-tickets)', () => {
  it('sends only the pending orders unless told otherwise, with or without a body', () => {
    expect(bulkSendBody.parse(undefined)).toEqual({ soloPendientes: true });
    expect(bulkSendBody.parse(null)).toEqual({ soloPendientes: true });
    expect(bulkSendBody.parse({})).toEqual({ soloPendientes: true });
    expect(bulkSendBody.parse({ soloPendientes: true })).toEqual({ soloPendientes: true });
    expect(bulkSendBody.parse({ soloPendientes: false })).toEqual({ soloPendientes: false });
  });

  it('refuses a soloPendientes that is not a boolean, in Spanish', () => {
    const result = bulkSendBody.safeParse({ soloPendientes: 'no' });
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'soloPendientes: soloPendientes debe ser verdadero o falso',
    ]);
    expect(bulkSendBody.safeParse({ soloPendientes: 0 }).success).toBe(false);
    expect(bulkSendBody.safeParse('true').success).toBe(false);
  });
});

describe('the bulk sending’s answers', () => {
  it('counts the orders queued', () => {
    expect(bulkQueued.parse({ enCola: 3 })).toEqual({ enCola: 3 });
    expect(bulkQueued.safeParse({}).success).toBe(false);
    expect(bulkQueued.safeParse({ enCola: '3' }).success).toBe(false);
  });

  it('counts an event’s orders by the state of their email, and whether email is configured', () => {
    const progress = {
      total: 10,
      enviados: 4,
      enCola: 3,
      fallidos: 1,
      sinEnviar: 2,
      configurado: true,
      enlaces: { base: 'https://fiesta.example', local: false },
    };
    expect(envioProgress.parse(progress)).toEqual(progress);
    expect(envioProgress.parse({ ...progress, enlaces: null }).enlaces).toBeNull();
    for (const key of Object.keys(progress)) {
      const { [key]: _dropped, ...rest } = progress as Record<string, unknown>;
      expect(envioProgress.safeParse(rest).success, key).toBe(false);
    }
    expect(envioProgress.safeParse({ ...progress, configurado: 'sí' }).success).toBe(false);
    expect(envioProgress.safeParse({ ...progress, total: '10' }).success).toBe(false);
    expect(envioProgress.safeParse({ ...progress, enlaces: { base: 'https://x.example' } }).success).toBe(
      false,
    );
  });
});
