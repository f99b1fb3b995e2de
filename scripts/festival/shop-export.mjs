// Eventbrite's attendee report in English as the shop exports it (the format of
// packages/server/test/fixtures/shop-exports/eventbrite-attendees-en.csv): UTF-8 without BOM, `,`,
// every cell quoted, LF line ends, one row per attendee, the organizer's custom question last.

/** The report's header row, exactly as Eventbrite writes it. */
export const EVENTBRITE_HEADER = [
  'Order #',
  'Order Date',
  'First Name',
  'Last Name',
  'Email',
  'Quantity',
  'Ticket Type',
  'Attendee #',
  'Barcode #',
  'Order Type',
  'Currency',
  'Total Paid',
  'Fees Paid',
  'Eventbrite Fees',
  'Eventbrite Payment Processing',
  'Attendee Status',
  'Cell Phone',
  'Alergias o intolerancias',
];

const quoted = (cell) => `"${String(cell).replaceAll('"', '""')}"`;
const money = (cents) => (cents / 100).toFixed(2);

/**
 * The fees Eventbrite shows beside an order's total: its service fee (6.55 %) and payment
 * processing (1.95 %), the fees paid being their sum.
 * @param {string} totalPaid
 */
function fees(totalPaid) {
  const cents = Math.round(Number(totalPaid) * 100);
  const service = Math.round(cents * 0.0655);
  const processing = Math.round(cents * 0.0195);
  return { feesPaid: money(service + processing), service: money(service), processing: money(processing) };
}

/** @param {import('./festival-plan.mjs').Attendee} attendee */
function attendeeCells(attendee) {
  const { feesPaid, service, processing } = fees(attendee.totalPaid);
  return [
    attendee.orderNumber,
    attendee.orderDate,
    attendee.firstName,
    attendee.lastName,
    attendee.email,
    '1',
    attendee.shopType,
    attendee.attendeeNumber,
    attendee.barcode ?? '',
    attendee.orderType,
    'EUR',
    attendee.totalPaid,
    feesPaid,
    service,
    processing,
    attendee.status,
    attendee.phone,
    attendee.allergies,
  ];
}

/**
 * The attendee report of these attendees, as the text of the CSV file.
 * @param {import('./festival-plan.mjs').Attendee[]} attendees
 */
export function eventbriteCsv(attendees) {
  const lines = [EVENTBRITE_HEADER, ...attendees.map(attendeeCells)].map((cells) =>
    cells.map(quoted).join(','),
  );
  return `${lines.join('\n')}\n`;
}
