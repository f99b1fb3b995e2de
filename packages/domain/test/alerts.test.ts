import { describe, expect, it } from 'vitest';
import {
  ALERT_LIMITS,
  alertMessages,
  alertRules,
  alertText,
  alertTitles,
  alerta,
  eventAlerts,
  noAlertRules,
  type Alerta,
} from '../src/alerts';

const valid = { rechazosPorTicket: 3, consumosPorHora: 400, minutosSinEscanear: 20, deshechosPorBarra: 5 };

const issuesOf = (body: unknown) => {
  const result = alertRules.safeParse(body);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('alertRules (PUT …/alertas/reglas)', () => {
  it('accepts whole numbers in range and null for an alert turned off', () => {
    expect(alertRules.parse(valid)).toEqual(valid);
    expect(alertRules.parse(noAlertRules)).toEqual(noAlertRules);
  });

  it.each([
    ['rechazosPorTicket', ALERT_LIMITS.rechazosPorTicket],
    ['consumosPorHora', ALERT_LIMITS.consumosPorHora],
    ['minutosSinEscanear', ALERT_LIMITS.minutosSinEscanear],
    ['deshechosPorBarra', ALERT_LIMITS.deshechosPorBarra],
  ] as const)('takes %s from its minimum to its maximum and nothing outside', (field, { min, max }) => {
    expect(issuesOf({ ...valid, [field]: min })).toEqual([]);
    expect(issuesOf({ ...valid, [field]: max })).toEqual([]);
    expect(issuesOf({ ...valid, [field]: min - 1 })).toEqual([`${field}: ${alertMessages[field]}`]);
    expect(issuesOf({ ...valid, [field]: max + 1 })).toEqual([`${field}: ${alertMessages[field]}`]);
    expect(issuesOf({ ...valid, [field]: min + 0.5 })).toEqual([`${field}: ${alertMessages[field]}`]);
    expect(issuesOf({ ...valid, [field]: String(min) })).toEqual([`${field}: ${alertMessages[field]}`]);
  });

  it('names the limits in its Spanish messages', () => {
    expect(alertMessages.rechazosPorTicket).toBe(
      'Los escaneos rechazados deben ser un número entero entre 1 y 1000, o vacío',
    );
    expect(alertMessages.consumosPorHora).toBe(
      'Las consumiciones por hora deben ser un número entero entre 1 y 1000000, o vacío',
    );
    expect(alertMessages.minutosSinEscanear).toBe(
      'Los minutos sin escanear deben ser un número entero entre 1 y 1440, o vacío',
    );
    expect(alertMessages.deshechosPorBarra).toBe(
      'Los consumos deshechos deben ser un número entero entre 1 y 1000, o vacío',
    );
  });

  it('wants all four thresholds and no other field', () => {
    expect(issuesOf({ rechazosPorTicket: 3, consumosPorHora: null, minutosSinEscanear: null })).toHaveLength(
      1,
    );
    expect(issuesOf({ ...valid, extra: 1 })).toEqual([': Campo no permitido']);
  });
});

const base: Alerta = {
  id: 1,
  tipo: 'qr_compartido',
  cantidad: 4,
  umbral: 3,
  ticketId: 42,
  titular: 'Lucía Fernández',
  barra: null,
  disparadaEn: '2030-07-04T21:15:00.000Z',
};

describe('alertText and alertTitles', () => {
  it('explain each type of alert with what was seen and the threshold — none says another’s text', () => {
    expect(alertText(base)).toBe(
      'El ticket #42 de Lucía Fernández tuvo 4 escaneos rechazados en 10 minutos (umbral: más de 3).',
    );
    expect(alertText({ ...base, tipo: 'consumo_alto', cantidad: 412, umbral: 400 })).toBe(
      '412 consumiciones en la última hora (umbral: más de 400).',
    );
    expect(alertText({ ...base, tipo: 'barra_inactiva', cantidad: 25, umbral: 20, barra: 'Terraza' })).toBe(
      'La barra «Terraza» lleva 25 minutos sin escanear (umbral: 20 minutos).',
    );
    expect(
      alertText({ ...base, tipo: 'deshechos_frecuentes', cantidad: 6, umbral: 5, barra: 'Terraza' }),
    ).toBe('La barra «Terraza» deshizo 6 consumos en 10 minutos (umbral: más de 5).');
  });

  it('name the devices without a bar name «Sin barra» in the frequent-undo alert', () => {
    expect(alertText({ ...base, tipo: 'deshechos_frecuentes', cantidad: 3, umbral: 2, barra: null })).toBe(
      'La barra «Sin barra» deshizo 3 consumos en 10 minutos (umbral: más de 2).',
    );
  });

  it('leave out the holder when the order is gone', () => {
    expect(alertText({ ...base, titular: null })).toBe(
      'El ticket #42 tuvo 4 escaneos rechazados en 10 minutos (umbral: más de 3).',
    );
    expect(alertText({ ...base, titular: null, ticketId: null })).toBe(
      'El ticket #? tuvo 4 escaneos rechazados en 10 minutos (umbral: más de 3).',
    );
    expect(alertText({ ...base, tipo: 'barra_inactiva', barra: null })).toContain('La barra «»');
  });

  it('title each type in Spanish', () => {
    expect(alertTitles).toEqual({
      qr_compartido: 'Posible QR compartido',
      consumo_alto: 'Consumo por hora alto',
      barra_inactiva: 'Barra sin escanear',
      deshechos_frecuentes: 'Muchos consumos deshechos',
    });
  });

  it('describe the API’s answer', () => {
    expect(alerta.parse(base)).toEqual(base);
    expect(eventAlerts.parse({ reglas: noAlertRules, alertas: [base] })).toEqual({
      reglas: noAlertRules,
      alertas: [base],
    });
    expect(alerta.safeParse({ ...base, tipo: 'otro' }).success).toBe(false);
  });
});
