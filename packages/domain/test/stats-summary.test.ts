import { describe, expect, it } from 'vitest';
import { conflictoOffline, eventStats, horaPico } from '../src/stats';
import {
  activityLabel,
  averageConsumption,
  consumptionLabel,
  offlineConflictLabel,
  scanReasonLabel,
  sizeLabel,
  statsSummary,
  STATS_THRESHOLDS,
  SIN_BARRA,
} from '../src/stats-summary';

describe('averageConsumption', () => {
  it('is 0 for an event without tickets, whatever was served', () => {
    expect(averageConsumption(0, 0)).toBe(0);
    expect(averageConsumption(7, 0)).toBe(0);
  });

  it('rounds half up to two decimals without binary surprises', () => {
    expect(averageConsumption(201, 200)).toBe(1.01); // 1.005
    expect(averageConsumption(1, 3)).toBe(0.33);
    expect(averageConsumption(2, 3)).toBe(0.67);
    expect(averageConsumption(10, 4)).toBe(2.5);
    expect(averageConsumption(1_000_000, 20_000)).toBe(50);
  });
});

describe('activityLabel', () => {
  it("is 'Sin Actividad' at 0 drinks and 'Evento Activo' from the first", () => {
    expect(activityLabel(0)).toBe('Sin Actividad');
    expect(activityLabel(1)).toBe('Evento Activo');
  });
});

describe('consumptionLabel', () => {
  it("needs an average above 2 for 'Alto Consumo'", () => {
    expect(STATS_THRESHOLDS.altoConsumo).toBe(2);
    expect(consumptionLabel(2)).toBe('Consumo Moderado');
    expect(consumptionLabel(2.01)).toBe('Alto Consumo');
  });

  it("needs an average above 1 for 'Consumo Moderado'", () => {
    expect(STATS_THRESHOLDS.consumoModerado).toBe(1);
    expect(consumptionLabel(1)).toBe('Bajo Consumo');
    expect(consumptionLabel(1.01)).toBe('Consumo Moderado');
    expect(consumptionLabel(0)).toBe('Bajo Consumo');
  });

  it('reads the rounded average the API answers (2.004 drinks is 2.00: moderate)', () => {
    expect(consumptionLabel(averageConsumption(2004, 1000))).toBe('Consumo Moderado');
    expect(consumptionLabel(averageConsumption(2005, 1000))).toBe('Alto Consumo');
  });
});

describe('sizeLabel', () => {
  it("needs more than 50 attendees for 'Evento Grande'", () => {
    expect(STATS_THRESHOLDS.eventoGrande).toBe(50);
    expect(sizeLabel(50)).toBe('Evento Mediano');
    expect(sizeLabel(51)).toBe('Evento Grande');
  });

  it("needs more than 20 attendees for 'Evento Mediano'", () => {
    expect(STATS_THRESHOLDS.eventoMediano).toBe(20);
    expect(sizeLabel(20)).toBe('Evento Pequeño');
    expect(sizeLabel(21)).toBe('Evento Mediano');
    expect(sizeLabel(0)).toBe('Evento Pequeño');
  });
});

describe('statsSummary', () => {
  it('gives the three lines of an empty event', () => {
    expect(statsSummary({ totalConsumos: 0, totalAsistentes: 0, promedioConsumos: 0 })).toEqual({
      actividad: 'Sin Actividad',
      consumo: 'Bajo Consumo',
      tamano: 'Evento Pequeño',
    });
  });

  it('gives the three lines of a busy festival', () => {
    expect(statsSummary({ totalConsumos: 150, totalAsistentes: 60, promedioConsumos: 2.5 })).toEqual({
      actividad: 'Evento Activo',
      consumo: 'Alto Consumo',
      tamano: 'Evento Grande',
    });
  });

  it('gives the middle labels of a medium event', () => {
    expect(statsSummary({ totalConsumos: 45, totalAsistentes: 30, promedioConsumos: 1.5 })).toEqual({
      actividad: 'Evento Activo',
      consumo: 'Consumo Moderado',
      tamano: 'Evento Mediano',
    });
  });
});

describe('scanReasonLabel', () => {
  it('names every refusal in Spanish, the lookup failures included', () => {
    expect(scanReasonLabel('agotado')).toBe('Límite de bebidas alcanzado');
    expect(scanReasonLabel('no_encontrado')).toBe('Ticket no encontrado');
    expect(scanReasonLabel('otro_evento')).toBe('Ticket de otro evento');
    expect(scanReasonLabel('barra_no_permitida')).toBe('Ticket no válido en esta barra');
    expect(scanReasonLabel('limite_diario')).toBe('Límite diario alcanzado');
    expect(scanReasonLabel('deshecho')).toBe('Consumo deshecho');
  });

  it('keeps an unknown code as it is, and is not fooled by inherited names', () => {
    expect(scanReasonLabel('nuevo_motivo')).toBe('nuevo_motivo');
    expect(scanReasonLabel('toString')).toBe('toString');
  });
});

describe('offlineConflictLabel', () => {
  it('names an offline drink stored as a conflict by its refusal', () => {
    expect(offlineConflictLabel('agotado')).toBe('Conflicto offline: Límite de bebidas alcanzado');
    expect(offlineConflictLabel('intervalo')).toBe('Conflicto offline: Antes del intervalo entre bebidas');
    expect(offlineConflictLabel('nuevo_motivo')).toBe('Conflicto offline: nuevo_motivo');
  });
});

describe('eventStats schema', () => {
  const empty = {
    totalConsumos: 0,
    totalAsistentes: 0,
    promedioConsumos: 0,
    horasPico: [],
    consumosPorHora: [],
    bebidasPopulares: [],
    estadoTickets: { activo: 0, agotado: 0, invalidado: 0, caducado: 0 },
    rechazos: {},
    deshechos: 0,
    porBarra: [],
    conflictosOffline: 0,
    conflictos: [],
  };

  it('accepts the empty shape and a filled one', () => {
    expect(eventStats.parse(empty)).toEqual(empty);
    const filled = {
      ...empty,
      totalConsumos: 3,
      totalAsistentes: 2,
      promedioConsumos: 1.5,
      horasPico: [{ hora: '23:00', cantidad: 3 }],
      consumosPorHora: [{ hora: '2026-07-04T21:00:00.000Z', cantidad: 3 }],
      bebidasPopulares: [{ tipoBebida: 'copa', cantidad: 3 }],
      estadoTickets: { activo: 1, agotado: 1, invalidado: 0, caducado: 0 },
      rechazos: { agotado: 2 },
      porBarra: [{ barra: 'Sin barra', consumos: 3, rechazos: 2, deshechos: 1 }],
    };
    expect(eventStats.parse(filled)).toEqual(filled);
  });

  it('refuses an hour that is not HH:00 and negative counts', () => {
    expect(() => eventStats.parse({ ...empty, horasPico: [{ hora: '23:30', cantidad: 1 }] })).toThrow();
    expect(() => eventStats.parse({ ...empty, totalConsumos: -1 })).toThrow();
  });
});

describe('scanReasonLabel', () => {
  it.each([
    ['ok', 'Consumo registrado'],
    ['invalidado', 'Ticket invalidado'],
    ['no_valido_aun', 'Ticket aún no válido'],
    ['caducado', 'Ticket caducado'],
    ['tipo_bebida', 'Bebida no incluida en el ticket'],
    ['agotado', 'Límite de bebidas alcanzado'],
    ['intervalo', 'Antes del intervalo entre bebidas'],
    ['no_encontrado', 'Ticket no encontrado'],
    ['otro_evento', 'Ticket de otro evento'],
    ['deshecho', 'Consumo deshecho'],
    ['desconocido', 'desconocido'],
    ['constructor', 'constructor'],
  ])('writes %j as %j', (reason, label) => {
    expect(scanReasonLabel(reason)).toBe(label);
  });

  it('names a scan without a bar', () => {
    expect(SIN_BARRA).toBe('Sin barra');
  });
});

describe('hourly peaks and offline conflicts on the wire', () => {
  it('horaPico needs exactly HH:00', () => {
    expect(horaPico.safeParse({ hora: '23:00', cantidad: 1 }).success).toBe(true);
    expect(horaPico.safeParse({ hora: 'x23:00', cantidad: 1 }).success).toBe(false);
    expect(horaPico.safeParse({ hora: '23:00x', cantidad: 1 }).success).toBe(false);
  });

  it('conflictoOffline needs its fields', () => {
    const conflicto = {
      id: 1,
      escaneadoEn: '2026-05-01T10:00:00Z',
      ticketId: 2,
      titular: 'Ana',
      tipoTicket: 'General',
      barra: null,
      reason: 'agotado',
    };
    expect(conflictoOffline.parse(conflicto)).toEqual(conflicto);
    expect(conflictoOffline.safeParse({}).success).toBe(false);
  });
});
