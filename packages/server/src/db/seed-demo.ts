import { DEMO_PASSWORD, demoUsers } from '@drinkflow/domain/config';
import { count } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { consumos, eventoMiembros, eventos, pedidos, tickets, tiposTicket, users } from './schema';
import { hashPassword, randomSecret } from '../modules/auth';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

const guestNames = [
  'Lucía García',
  'Hugo Martínez',
  'Martina López',
  'Pablo Sánchez',
  'Sofía Gómez',
  'Daniel Fernández',
  'Julia Díaz',
  'Álvaro Ruiz',
  'Paula Hernández',
  'Adrián Jiménez',
  'Valeria Moreno',
  'Diego Álvarez',
  'Carmen Romero',
  'Javier Navarro',
  'Elena Torres',
  'Mario Domínguez',
  'Irene Vázquez',
  'Sergio Ramos',
  'Claudia Gil',
  'Marcos Serrano',
  'Noa Blanco',
  'Iván Molina',
  'Laura Castro',
  'Rubén Ortega',
];

/** A deterministic pseudo-random sequence, so every demo database looks the same. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');

/** A ticket type of the demo, without its event and validity (the event's whole run). */
type DemoType = Omit<typeof tiposTicket.$inferInsert, 'eventoId' | 'validoDesde' | 'validoHasta'>;

/** The three kinds of limit, for an evening's event of `hours`. */
const eveningTypes = (hours: number): DemoType[] => [
  { nombre: 'Barra Libre Premium', modo: 'temporal', durationMinutes: hours * 60, drinkType: 'todo' },
  { nombre: 'Bono 4 Copas', modo: 'por_cantidad', maxDrinks: 4, drinkType: 'copas' },
  {
    nombre: 'Cerveza cada 30 min',
    modo: 'intervalos_controlados',
    drinkIntervalMinutes: 30,
    durationMinutes: hours * 60,
    maxDrinks: hours * 2,
    drinkType: 'cerveza',
  },
];

/** The festival's bars, and types that use them: a per-day limit, and a pass valid only at VIP. */
const FESTIVAL_BARS = ['Barra Principal', 'VIP', 'Terraza'];
const festivalTypes: DemoType[] = [
  { nombre: 'Abono 3 días', modo: 'por_cantidad', maxDrinks: 12, maxDrinksPerDay: 4, drinkType: 'todo' },
  {
    nombre: 'Pase VIP',
    modo: 'por_cantidad',
    maxDrinks: 15,
    maxDrinksPerDay: 5,
    drinkType: 'todo',
    barrasPermitidas: ['VIP'],
  },
  { nombre: 'Bono 4 Copas', modo: 'por_cantidad', maxDrinks: 4, drinkType: 'copas' },
];

/** Where a drink was served: a bar the type allows, else one of the event's, else none. */
function barFor(type: Pick<DemoType, 'barrasPermitidas'>, barras: readonly string[], random: () => number) {
  if (type.barrasPermitidas?.length) return type.barrasPermitidas[0]!;
  // An event without bars draws nothing, so its drinks stay as they were before bars existed.
  return barras.length > 0 ? barras[Math.floor(random() * barras.length)]! : null;
}

async function seedEvent(
  tx: Tx,
  organizadorId: number,
  now: Date,
  spec: {
    nombre: string;
    ubicacion: string;
    startOffsetHours: number;
    hours: number;
    notas: string | null;
    guests: number;
    barras?: string[];
    types?: DemoType[];
  },
) {
  const fechaInicio = new Date(Math.floor(now.getTime() / HOUR) * HOUR + spec.startOffsetHours * HOUR);
  const fechaFin = new Date(fechaInicio.getTime() + spec.hours * HOUR);
  const [evento] = await tx
    .insert(eventos)
    .values({
      nombre: spec.nombre,
      ubicacion: spec.ubicacion,
      fechaInicio,
      fechaFin,
      organizadorId,
      notas: spec.notas,
      barras: spec.barras ?? [],
      apiKey: randomSecret(18),
    })
    .returning();
  const period = { validoDesde: fechaInicio, validoHasta: fechaFin };
  const types = await tx
    .insert(tiposTicket)
    .values(
      (spec.types ?? eveningTypes(spec.hours)).map((type) => ({ ...type, eventoId: evento!.id, ...period })),
    )
    .returning();

  const random = sequence(evento!.id * 7919);
  const servedUntil = Math.min(now.getTime(), fechaFin.getTime());
  for (let guest = 0; guest < spec.guests; guest++) {
    const nombreCompleto = guestNames[guest % guestNames.length]!;
    const [pedido] = await tx
      .insert(pedidos)
      .values({
        eventoId: evento!.id,
        nombreCompleto,
        email: `${slug(nombreCompleto)}${guest >= guestNames.length ? guest : ''}@example.com`,
        telefono: guest % 3 === 0 ? `+34 6${String(10_000_000 + guest * 7_654_321).slice(0, 8)}` : null,
        createdAt: new Date(fechaInicio.getTime() - (2 + guest) * 24 * HOUR),
      })
      .returning();
    const type = types[guest % types.length]!;
    const ticketCount = 1 + (guest % 4 === 0 ? 1 : 0);
    for (let n = 0; n < ticketCount; n++) {
      const [ticket] = await tx
        .insert(tickets)
        .values({
          pedidoId: pedido!.id,
          eventoId: evento!.id,
          ticketTypeId: type.id,
          qrCode: randomSecret(),
          estado: guest === 5 ? 'invalidado' : 'activo',
        })
        .returning();
      if (guest === 5 || servedUntil <= fechaInicio.getTime()) continue;
      // Drinks that respect the type's rules, spread over the hours the event has run so far.
      const drinks: Date[] = [];
      let at = fechaInicio.getTime() + Math.floor(random() * 40) * MINUTE;
      const gap = type.modo === 'intervalos_controlados' ? type.drinkIntervalMinutes! * MINUTE : 20 * MINUTE;
      // A per-day limit caps the whole run: the seed never spreads a ticket's drinks over days.
      const limit = Math.min(type.maxDrinks ?? 12, type.maxDrinksPerDay ?? Infinity);
      while (at < servedUntil && drinks.length < limit && random() > 0.12) {
        drinks.push(new Date(at));
        at += gap + Math.floor(random() * 50) * MINUTE;
      }
      if (drinks.length === 0) continue;
      const tipoBebida = type.drinkType === 'cerveza' ? 'cerveza' : 'copa';
      await tx.insert(consumos).values(
        drinks.map((timestamp) => ({
          ticketId: ticket!.id,
          eventoId: evento!.id,
          tipoBebida,
          timestamp,
          barra: barFor(type, evento!.barras, random),
        })),
      );
    }
  }
  return evento!;
}

/** On an empty database, creates the demo users and sample events (docs/rules/operations.md). */
export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  const [{ users: existing }] = (await db.select({ users: count() }).from(users)) as [{ users: number }];
  if (existing > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(demoUsers.map((user) => ({ ...user, passwordHash })))
      .returning();
    const organizer = created.find((user) => user.rol === 'organizer')!;
    const barStaff = created.find((user) => user.rol === 'scanner')!;
    const wedding = await seedEvent(tx, organizer.id, now, {
      nombre: 'Boda de Lucía y Hugo',
      ubicacion: 'Finca Los Olivos, Madrid',
      startOffsetHours: -3,
      hours: 8,
      notas: 'Barra libre tras la cena. Cerveza para el personal.',
      guests: 40,
    });
    await seedEvent(tx, organizer.id, now, {
      nombre: 'Fiesta de Empresa Acme',
      ubicacion: 'Hotel Miramar, Barcelona',
      startOffsetHours: -24 * 14,
      hours: 6,
      notas: null,
      guests: 24,
    });
    const festival = await seedEvent(tx, organizer.id, now, {
      nombre: 'Festival de Verano',
      ubicacion: 'Recinto Ferial, Valencia',
      startOffsetHours: 24 * 30,
      hours: 24 * 2 + 10,
      notas:
        'Tres barras: principal, VIP y terraza. El Pase VIP solo vale en la barra VIP; el Abono 3 días, hasta 4 bebidas al día.',
      guests: 12,
      barras: FESTIVAL_BARS,
      types: festivalTypes,
    });
    // The bar staff account works the wedding's and the festival's bars: its home lists them.
    await tx.insert(eventoMiembros).values(
      [wedding, festival].map((evento) => ({
        eventoId: evento.id,
        email: barStaff.email,
        rol: 'barra' as const,
        usuarioId: barStaff.id,
      })),
    );
  });
  return true;
}
