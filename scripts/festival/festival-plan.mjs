// The festival's fixed shape (bars, ticket types, the shop's ticket-type texts) and its guests as a
// ticket shop sold them: a deterministic list of Eventbrite attendees for a seed, and the same
// report downloaded again mid-festival with late sales and refunds.

/** The event's 20 bars, in the event's order. */
export const BARS = [
  ...Array.from({ length: 18 }, (_, index) => `Barra ${index + 1}`),
  'VIP Norte',
  'VIP Sur',
];

/** The bars a VIP ticket is valid at. */
export const VIP_BARS = ['VIP Norte', 'VIP Sur'];

/**
 * The event's ticket types (the body of POST /api/tipos-ticket without eventoId and validity). The
 * wristband's window is the longest a type may have (1,440 minutes), so it outlasts the
 * compressed night; its interval is the minimum, one minute.
 */
export const TICKET_TYPES = [
  {
    nombre: 'Abono 3 días',
    modo: 'por_cantidad',
    maxDrinks: 12,
    maxDrinksPerDay: 4,
    barrasPermitidas: null,
    drinkType: 'Cerveza',
  },
  {
    nombre: 'Abono VIP',
    modo: 'por_cantidad',
    maxDrinks: 24,
    maxDrinksPerDay: 8,
    barrasPermitidas: VIP_BARS,
    drinkType: 'Combinado',
  },
  {
    nombre: 'Pulsera barra libre',
    modo: 'intervalos_controlados',
    maxDrinks: 30,
    drinkIntervalMinutes: 1,
    durationMinutes: 1440,
    maxDrinksPerDay: null,
    barrasPermitidas: null,
    drinkType: 'Cerveza',
  },
  {
    nombre: 'Bono 2 copas',
    modo: 'por_cantidad',
    maxDrinks: 2,
    maxDrinksPerDay: null,
    barrasPermitidas: null,
    drinkType: 'Copa',
  },
];

/**
 * The shop's ticket-type texts, the event's type each is mapped to, its share of the guests and
 * its price in the shop (EUR).
 */
export const SHOP_TICKET_TYPES = [
  { texto: 'Festival Pass', tipo: 'Abono 3 días', share: 0.45, price: 89 },
  { texto: 'VIP Pass', tipo: 'Abono VIP', share: 0.15, price: 179 },
  { texto: 'Open Bar Wristband', tipo: 'Pulsera barra libre', share: 0.25, price: 129 },
  { texto: 'Drinks Voucher', tipo: 'Bono 2 copas', share: 0.15, price: 15 },
];

/** Share of attendees whose ticket carries the shop's barcode; the rest get DrinkFlow's QR code. */
export const BARCODE_SHARE = 0.6;
/** Rows of the first report refunded before it was downloaded (not imported), per guest. */
export const REFUNDED_BEFORE_SHARE = 0.005;
/** New attendees in the later report, per guest. */
export const LATE_SALES_SHARE = 0.03;
/** Guests of the first report refunded or cancelled by the later one. */
export const REFUND_SHARE = 0.02;
/** Guests marked 'Checked In' (the door scanned them) in the later report. */
const CHECKED_IN_SHARE = 0.3;
/** Eventbrite orders of two attendees (the rest are of one). */
const PAIR_ORDER_SHARE = 0.1;

const firstNames = [
  'Lucía',
  'Íñigo',
  'María José',
  'Pablo',
  'Ana Belén',
  'Jorge',
  'Nerea',
  'Álvaro',
  'Begoña',
  'Sofía',
  'Andrés',
  'Carmen',
  'Rocío',
  'Joaquín',
  'Elena',
  'Martín',
  'Irene',
  'Hugo',
  'Noelia',
  'Ramón',
];
const lastNames = [
  'García',
  'Fernández',
  'Ruiz',
  'Núñez',
  'Peña',
  'Muñoz',
  'Ibáñez',
  'Castaño',
  'Etxeberria',
  'Goñi',
  'Sáenz',
  'Martínez',
  'Quiñones',
  'Peñalver',
  'Ortega',
  'Domínguez',
  'Ibarra',
  'López',
  'Gil',
  'Vidal',
];
const allergies = ['', '', '', '', '', 'Gluten; lactosa', 'Frutos secos, marisco', 'Vegano'];

/** A small seeded generator (mulberry32): the same seed gives the same festival. */
function randomFrom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** @template T @param {T[]} items @param {() => number} random */
function shuffle(items, random) {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [items[index], items[other]] = [items[other], items[index]];
  }
  return items;
}

/** `count` booleans, exactly round(count × share) of them true, in a seeded order. */
function flags(count, share, random) {
  const trues = Math.round(count * share);
  return shuffle(
    Array.from({ length: count }, (_, index) => index < trues),
    random,
  );
}

/** The shop's type text of each of `count` attendees: the shares exactly (rounded), in a seeded order. */
function typeTexts(count, random) {
  const texts = [];
  SHOP_TICKET_TYPES.forEach(({ texto, share }, index) => {
    const last = index === SHOP_TICKET_TYPES.length - 1;
    const howMany = last ? count - texts.length : Math.round(count * share);
    for (let made = 0; made < howMany; made += 1) texts.push(texto);
  });
  return shuffle(texts, random);
}

const pad = (value, width) => String(value).padStart(width, '0');

/** "2026-06-03 19:02:11+02:00", as Eventbrite writes an order's date (the event's summer offset). */
function shopDate(instantMs) {
  const local = new Date(instantMs + 2 * 3_600_000);
  const day = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1, 2)}-${pad(local.getUTCDate(), 2)}`;
  const time = `${pad(local.getUTCHours(), 2)}:${pad(local.getUTCMinutes(), 2)}:${pad(local.getUTCSeconds(), 2)}`;
  return `${day} ${time}+02:00`;
}

/**
 * @typedef {object} Attendee One row of Eventbrite's attendee report.
 * @property {string} orderNumber 10 digits, shared by the attendees of one order
 * @property {string} orderDate
 * @property {string} firstName
 * @property {string} lastName
 * @property {string} email unique: invitado<n>@festival.test
 * @property {string} shopType the shop's ticket-type text ('Festival Pass' …)
 * @property {string} tipo the event's ticket type it maps to ('Abono 3 días' …)
 * @property {string} attendeeNumber 11 digits, the row's key in DrinkFlow (idExterno)
 * @property {string | null} barcode 20 digits, or null: DrinkFlow makes the QR code
 * @property {string} orderType
 * @property {string} totalPaid the order's total, "89.00"
 * @property {string} status 'Attending', 'Checked In', 'Refunded' or 'Cancelled'
 * @property {string} phone
 * @property {string} allergies the organizer's custom question
 */

/**
 * Attendees sold one after another from `first` on: orders of one or two, increasing order and
 * attendee numbers, each with its type, barcode (or none) and a synthetic person.
 * @param {{count: number, firstSeq: number, numbers: {order: number, attendee: number, dateMs: number}, random: () => number, status: string}} sale
 * @returns {Attendee[]}
 */
function sell({ count, firstSeq, numbers, random, status }) {
  const texts = typeTexts(count, random);
  const withBarcode = flags(count, BARCODE_SHARE, random);
  /** @type {Attendee[]} */
  const attendees = [];
  while (attendees.length < count) {
    numbers.order += 1 + Math.floor(random() * 400);
    numbers.dateMs += Math.floor(random() * 300_000);
    const size = Math.min(random() < PAIR_ORDER_SHARE ? 2 : 1, count - attendees.length);
    const orderNumber = String(numbers.order);
    const orderType = random() < 0.15 ? 'PayPal Completed' : 'Eventbrite Completed';
    const first = attendees.length;
    const orderTotal = texts
      .slice(first, first + size)
      .reduce((sum, texto) => sum + SHOP_TICKET_TYPES.find((type) => type.texto === texto).price, 0);
    for (let position = 1; position <= size; position += 1) {
      const index = attendees.length;
      const seq = firstSeq + index;
      numbers.attendee += 1 + Math.floor(random() * 90);
      const attendeeNumber = String(numbers.attendee);
      const shopType = texts[index];
      attendees.push({
        orderNumber,
        orderDate: shopDate(numbers.dateMs),
        firstName: firstNames[Math.floor(random() * firstNames.length)],
        lastName: `${lastNames[Math.floor(random() * lastNames.length)]} ${lastNames[Math.floor(random() * lastNames.length)]}`,
        email: `invitado${seq}@festival.test`,
        shopType,
        tipo: SHOP_TICKET_TYPES.find((type) => type.texto === shopType).tipo,
        attendeeNumber,
        // Eventbrite's barcode: the order number, the attendee number's first 7 digits, the position.
        barcode: withBarcode[index] ? `${orderNumber}${attendeeNumber.slice(0, 7)}${pad(position, 3)}` : null,
        orderType,
        totalPaid: orderTotal.toFixed(2),
        status,
        phone: random() < 0.5 ? `+34 6${pad(Math.floor(random() * 100_000_000), 8)}` : '',
        allergies: allergies[Math.floor(random() * allergies.length)],
      });
    }
  }
  return attendees;
}

/**
 * The festival's guests as the shop sold them, the same for the same `guests` and `seed`.
 * - `firstExport`: the report imported before the night: `guests` attendees to import, plus a few
 *   rows already 'Refunded' (the import leaves them out), in the shop's order.
 * - `laterExport`: the report downloaded mid-night: every row of the first (some now 'Checked
 *   In', the `refunds` now 'Refunded' or 'Cancelled') plus `lateSales`, new attendees.
 * @param {{guests: number, seed: number}} options
 */
export function planFestival({ guests, seed }) {
  if (!Number.isInteger(guests) || guests < 1) throw new Error('guests must be a positive integer');
  const random = randomFrom(seed);
  const numbers = { order: 7_310_458_821, attendee: 11_872_300_451, dateMs: Date.UTC(2026, 5, 1, 8) };
  const refundedBeforeCount = Math.round(guests * REFUNDED_BEFORE_SHARE);
  const sold = sell({
    count: guests + refundedBeforeCount,
    firstSeq: 1,
    numbers,
    random,
    status: 'Attending',
  });
  const refundedBeforeAt = new Set(
    shuffle(
      sold.map((_, index) => index),
      random,
    ).slice(0, refundedBeforeCount),
  );
  const firstExport = sold.map((attendee, index) =>
    refundedBeforeAt.has(index) ? { ...attendee, status: 'Refunded' } : attendee,
  );
  const attendees = firstExport.filter((attendee) => attendee.status === 'Attending');

  const refundCount = Math.round(guests * REFUND_SHARE);
  const refundedNumbers = new Set(
    shuffle(
      attendees.map((attendee) => attendee.attendeeNumber),
      random,
    ).slice(0, refundCount),
  );
  const checkedIn = flags(attendees.length, CHECKED_IN_SHARE, random);
  const checkedInNumbers = new Set(
    attendees.filter((_, index) => checkedIn[index]).map((attendee) => attendee.attendeeNumber),
  );
  const laterStatus = (attendee) => {
    if (refundedNumbers.has(attendee.attendeeNumber)) return random() < 0.7 ? 'Refunded' : 'Cancelled';
    return checkedInNumbers.has(attendee.attendeeNumber) ? 'Checked In' : attendee.status;
  };
  const earlierRows = firstExport.map((attendee) => ({ ...attendee, status: laterStatus(attendee) }));
  const refunds = earlierRows.filter((attendee) => refundedNumbers.has(attendee.attendeeNumber));
  const lateSales = sell({
    count: Math.round(guests * LATE_SALES_SHARE),
    firstSeq: sold.length + 1,
    numbers,
    random,
    status: 'Attending',
  });
  return {
    guests,
    seed,
    firstExport,
    attendees,
    refundedBefore: firstExport.filter((attendee) => attendee.status === 'Refunded'),
    laterExport: [...earlierRows, ...lateSales],
    lateSales,
    refunds,
  };
}
