import { offlineTicketId } from '../../src/offline-crypto';
import { decideOfflineScan, type LocalDrink } from '../../src/offline-decision';
import {
  offlineData,
  sealHolderName,
  type OfflineData,
  type OfflineTicketType,
} from '../../src/offline-data';

export const MINUTE = 60_000;
export const start = new Date('2026-07-04T18:00:00.000Z');
export const end = new Date('2026-07-05T02:00:00.000Z');
export const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

export const tipo = (id: number, patch: Partial<OfflineTicketType>): OfflineTicketType => ({
  id,
  nombre: `Tipo ${id}`,
  modo: 'por_cantidad',
  maxDrinks: 2,
  drinkIntervalMinutes: null,
  durationMinutes: null,
  drinkType: 'todo',
  validoDesde: start.toISOString(),
  validoHasta: end.toISOString(),
  ...patch,
});

export const tipos = {
  dos: tipo(1, { nombre: 'Bono 2 Copas' }),
  intervalo: tipo(2, {
    nombre: 'Cada media hora',
    modo: 'intervalos_controlados',
    maxDrinks: 4,
    drinkIntervalMinutes: 30,
    durationMinutes: 480,
  }),
  barraLibre: tipo(3, { nombre: 'Barra libre', modo: 'temporal', maxDrinks: null, durationMinutes: 480 }),
  cerveza: tipo(4, { nombre: 'Cerveza', drinkType: 'cerveza', maxDrinks: 3 }),
};

export interface TicketSpec {
  qr: string;
  tipo: OfflineTicketType;
  titular?: string;
  consumos?: Date[];
  estado?: 'activo' | 'invalidado';
}

export async function dataWith(specs: TicketSpec[], zonaHoraria = 'Europe/Madrid'): Promise<OfflineData> {
  const tickets = await Promise.all(
    specs.map(async (spec, index) => ({
      id: await offlineTicketId(spec.qr),
      ticketId: 100 + index,
      ticketTypeId: spec.tipo.id,
      estado: spec.estado ?? ('activo' as const),
      createdAt: '2026-06-01T10:00:00.000Z',
      consumos: (spec.consumos ?? []).map((time) => time.toISOString()),
      titular: await sealHolderName(spec.qr, spec.titular ?? 'Ana García'),
    })),
  );
  // Built as the server sends it: the schema accepts it.
  return offlineData.parse({
    evento: {
      nombre: 'Boda Ana y Luis',
      ubicacion: 'Sevilla',
      fechaInicio: start.toISOString(),
      fechaFin: end.toISOString(),
      zonaHoraria,
    },
    tiposTicket: Object.values(tipos),
    tickets,
    generadoEn: at(0).toISOString(),
  });
}

export const local = async (
  qr: string,
  time: Date,
  patch: Partial<LocalDrink> = {},
): Promise<LocalDrink> => ({
  ticket: await offlineTicketId(qr),
  tipoBebida: 'copa',
  timestamp: time.toISOString(),
  barra: 'Terraza',
  ...patch,
});

/** The consume answer, for a code that is in the data. */
export async function consume(
  data: OfflineData,
  qrCode: string,
  now: Date,
  localDrinks: LocalDrink[] = [],
  extra: { tipoBebida?: string; barra?: string | null } = {},
) {
  const answer = await decideOfflineScan({ data, qrCode, localDrinks, now, ...extra });
  if (!answer.found) throw new Error(`${qrCode} not found`);
  return answer;
}
