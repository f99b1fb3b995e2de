// The festival set up as its organizer would, through the public API only: an account, the event
// with its 20 bars and daily cut-off, the four ticket types, the shop's attendee report previewed,
// its ticket types mapped and imported, a supervisor invited to the team, the bars' devices paired
// with codes; later the shop's newer report imported mid-night (late sales and refunds).
import { randomBytes } from 'node:crypto';
import { normaliseHeader } from '../../packages/domain/src/guest-import.ts';
import { bearer } from './api-client.mjs';
import { BARS, planFestival, SHOP_TICKET_TYPES, TICKET_TYPES } from './festival-plan.mjs';
import { eventbriteCsv } from './shop-export.mjs';

const ORDERS_PAGE = 100;
/** Ticket reads in flight at once while the guests' codes are collected. */
const READ_CONCURRENCY = 8;

/**
 * @typedef {object} Guest A ticket of the festival as a bar scans it.
 * @property {string} qrCode what the guest's QR code (or the shop's barcode) reads
 * @property {number} ticketId
 * @property {number} pedidoId
 * @property {string} tipo the event's ticket type ('Abono 3 días' …)
 * @property {number} ticketTypeId
 * @property {string[] | null} barrasPermitidas null: every bar
 * @property {boolean} shopCode the QR code is the shop's barcode
 * @property {string} attendeeNumber the shop's attendee number
 */

/** Runs `work` over `items`, `limit` at a time; the results in the items' order. */
async function inBatches(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const iso = (value) => new Date(value).toISOString();
const secret = () => randomBytes(18).toString('base64url');

/**
 * Every order of the event (created at or after `desde`, when given), through the paged list.
 * @param {ReturnType<import('./api-client.mjs').createApiClient>} api
 */
async function listOrders(api, headers, eventoId, desde) {
  const orders = [];
  for (let page = 1; ; page += 1) {
    const query = new URLSearchParams({ page: String(page), limit: String(ORDERS_PAGE) });
    if (desde) query.set('desde', desde);
    const { body } = await api.must('GET', `/api/pedidos/${eventoId}?${query}`, { headers });
    orders.push(...body.pedidos);
    if (body.pedidos.length < ORDERS_PAGE || orders.length >= body.total) return orders;
  }
}

/**
 * The guests of these attendees, read back from the event: each attendee's order (found by its
 * unique email), then that order's ticket with its QR code.
 * @param {import('./festival-plan.mjs').Attendee[]} attendees
 * @returns {Promise<Guest[]>}
 */
async function readGuests(api, headers, eventoId, attendees, types, desde) {
  const orderByEmail = new Map(
    (await listOrders(api, headers, eventoId, desde)).map((order) => [order.email.toLowerCase(), order]),
  );
  const typeById = new Map(types.map((type) => [type.id, type]));
  const wanted = attendees.map((attendee) => {
    const order = orderByEmail.get(attendee.email.toLowerCase());
    if (!order) throw new Error(`The import created no order for attendee ${attendee.attendeeNumber}`);
    return { attendee, order };
  });
  return inBatches(wanted, READ_CONCURRENCY, async ({ attendee, order }) => {
    const { body: orderTickets } = await api.must('GET', `/api/tickets/${order.id}`, { headers });
    if (orderTickets.length !== 1)
      throw new Error(`Order ${order.id} has ${orderTickets.length} tickets, not 1`);
    const [ticket] = orderTickets;
    const type = typeById.get(ticket.ticketTypeId);
    if (type?.nombre !== attendee.tipo) throw new Error(`Order ${order.id} has the wrong ticket type`);
    if (attendee.barcode !== null && ticket.qrCode !== attendee.barcode) {
      throw new Error(`Order ${order.id}: its QR code is not the shop's barcode`);
    }
    return {
      qrCode: ticket.qrCode,
      ticketId: ticket.id,
      pedidoId: order.id,
      tipo: type.nombre,
      ticketTypeId: type.id,
      barrasPermitidas: type.barrasPermitidas,
      shopCode: attendee.barcode !== null,
      attendeeNumber: attendee.attendeeNumber,
    };
  });
}

/**
 * Previews a report and imports it, mapping the shop's ticket-type texts the preview left
 * undecided (remembered by the event afterwards). Times each step.
 */
async function importReport(api, headers, eventoId, csv, typeIdByName) {
  const form = { contentType: 'text/csv', data: csv };
  const previewStarted = performance.now();
  const { body: preview } = await api.must('POST', `/api/eventos/${eventoId}/importar/previsualizar`, {
    headers,
    form,
    expect: [200],
  });
  const previewMs = performance.now() - previewStarted;
  if (preview.formato !== 'eventbrite' || preview.faltan.length > 0) {
    throw new Error(
      `The preview read the report as ${preview.formato}, missing ${preview.faltan.join(', ')}`,
    );
  }
  const undecided = preview.tiposArchivo.filter((type) => !type.decidido);
  if (undecided.length > 0) {
    const tipos = {};
    for (const { texto } of undecided) {
      const shopType = SHOP_TICKET_TYPES.find((type) => type.texto === texto);
      if (!shopType) throw new Error(`The report has a ticket type no one planned: ${texto}`);
      tipos[normaliseHeader(texto)] = typeIdByName.get(shopType.tipo);
    }
    await api.must('PUT', `/api/eventos/${eventoId}/importar/mapeo`, {
      headers,
      body: { tipos },
      expect: [200],
    });
  }
  const startedAt = new Date();
  const { body: result } = await api.must('POST', `/api/eventos/${eventoId}/importar`, {
    headers,
    form,
    expect: [201],
    timeoutMs: 300_000,
  });
  const endedAt = new Date();
  return {
    preview,
    result,
    startedAt,
    endedAt,
    previewMs,
    importMs: endedAt.getTime() - startedAt.getTime(),
  };
}

/**
 * Sets the festival up. Timings of the slow steps are in `festival.timings` (ms).
 * @param {object} options
 * @param {ReturnType<import('./api-client.mjs').createApiClient>} options.api
 * @param {number} options.guests attendees to import in the first report
 * @param {{name: string, barra: string}[]} [options.devices] devices to pair now with codes
 * @param {string} options.dayCutoff 'HH:mm', the event's corteDiario
 * @param {Date | string | number} options.start the event's start (and the types' validity)
 * @param {Date | string | number} options.end
 * @param {number} options.seed the plan's seed: the same guests for the same seed
 * @param {string} [options.nombre] the event's name
 * @param {(step: string, detail?: object) => void} [options.progress] told each step, no secrets
 */
export async function setupFestival({
  api,
  guests,
  devices = [],
  dayCutoff,
  start,
  end,
  seed,
  nombre = 'Festival de Verano',
  progress = () => {},
}) {
  const timings = {};
  const plan = planFestival({ guests, seed });
  const run = randomBytes(4).toString('hex');

  // The organizer: registration is open to organizers (docs/rules/accounts-and-roles.md).
  const organizerEmail = `organizador-${run}@festival.test`;
  const { body: registered } = await api.must('POST', '/api/auth/register', {
    body: {
      email: organizerEmail,
      password: secret(),
      nombre: 'Olga',
      apellido: 'Organizadora',
      rol: 'organizer',
    },
    expect: [201],
  });
  const organizerHeaders = bearer(registered.token);
  progress('organizer');

  const eventBody = {
    nombre,
    ubicacion: 'Recinto Ferial',
    fechaInicio: iso(start),
    fechaFin: iso(end),
    esPrivado: false,
    notas: null,
    barras: BARS,
    corteDiario: dayCutoff,
    soloDispositivosAutorizados: true,
  };
  const { body: evento } = await api.must('POST', '/api/eventos', {
    headers: organizerHeaders,
    body: eventBody,
    expect: [201],
  });
  let corteDiario = evento.corteDiario;
  progress('event', { eventoId: evento.id });

  const types = [];
  for (const { nombre: typeName, ...rules } of TICKET_TYPES) {
    const { body: type } = await api.must('POST', '/api/tipos-ticket', {
      headers: organizerHeaders,
      body: {
        eventoId: evento.id,
        nombre: typeName,
        ...rules,
        validoDesde: iso(start),
        validoHasta: iso(end),
      },
      expect: [201],
    });
    types.push(type);
  }
  const typeIdByName = new Map(types.map((type) => [type.nombre, type.id]));
  progress('ticket-types');

  const first = await importReport(
    api,
    organizerHeaders,
    evento.id,
    eventbriteCsv(plan.firstExport),
    typeIdByName,
  );
  if (first.result.pedidosCreados !== plan.attendees.length) {
    throw new Error(`The import created ${first.result.pedidosCreados} orders, not ${plan.attendees.length}`);
  }
  timings.firstPreviewMs = Math.round(first.previewMs);
  timings.firstImportMs = first.importMs;
  progress('import', { pedidos: first.result.pedidosCreados, ms: first.importMs });

  const readStarted = performance.now();
  const guestList = await readGuests(api, organizerHeaders, evento.id, plan.attendees, types);
  timings.readGuestsMs = Math.round(performance.now() - readStarted);
  progress('guests', { guests: guestList.length, ms: timings.readGuestsMs });

  // The supervisor, invited to the team: the invitation's link creates their bar-staff account.
  const supervisorEmail = `supervisora-${run}@festival.test`;
  const { body: member } = await api.must('POST', `/api/eventos/${evento.id}/equipo`, {
    headers: organizerHeaders,
    body: { email: supervisorEmail, rol: 'supervisor' },
    expect: [201],
  });
  const invitation = member.enlaceInvitacion.split('/').pop();
  const { body: accepted } = await api.must('POST', `/api/invitaciones/${invitation}/aceptar`, {
    body: { nombre: 'Sara', apellido: 'Supervisora', password: secret() },
    expect: [201],
  });
  const supervisorHeaders = bearer(accepted.token);
  progress('supervisor');

  /** A fresh pairing code (10 minutes, single use), as the device board shows it. */
  async function newPairingCode() {
    const { body } = await api.must('POST', `/api/eventos/${evento.id}/dispositivos/emparejamientos`, {
      headers: organizerHeaders,
      expect: [201],
    });
    return body.codigo;
  }

  /** Pairs one device at its bar with a new code: {name, barra, deviceId, token}. */
  async function pairDevice({ name, barra }) {
    const codigo = await newPairingCode();
    const { body } = await api.must('POST', '/api/dispositivos/emparejar', {
      body: { codigo, nombre: name, barra },
      expect: [201],
    });
    return { name, barra: body.dispositivo.barra, deviceId: body.dispositivo.id, token: body.token };
  }

  const paired = [];
  for (const device of devices) paired.push(await pairDevice(device));
  progress('devices', { devices: paired.length });

  /**
   * The shop's newer report imported mid-night: late sales added, refunds and cancellations
   * invalidated. `later` defaults to the plan's later report.
   * @param {import('./festival-plan.mjs').Attendee[]} [later]
   */
  async function reimport(later = plan.laterExport) {
    const known = new Set(plan.firstExport.map((attendee) => attendee.attendeeNumber));
    const again = await importReport(api, organizerHeaders, evento.id, eventbriteCsv(later), typeIdByName);
    const newAttendees = later.filter(
      (attendee) => !known.has(attendee.attendeeNumber) && attendee.status === 'Attending',
    );
    // Orders created by this import: at or after its start (a second's margin for the clocks' rounding).
    const since = new Date(again.startedAt.getTime() - 1000).toISOString();
    const guestsAdded = await readGuests(api, organizerHeaders, evento.id, newAttendees, types, since);
    const guestByOrder = new Map(guestList.map((guest) => [guest.pedidoId, guest]));
    const invalidatedQrCodes = again.result.anulados.map(({ pedidoId }) => {
      const guest = guestByOrder.get(pedidoId);
      if (!guest) throw new Error(`The re-import invalidated order ${pedidoId}, not one of the guests`);
      return guest.qrCode;
    });
    return {
      startedAt: again.startedAt.toISOString(),
      endedAt: again.endedAt.toISOString(),
      nuevos: again.result.pedidosCreados,
      anulados: again.result.ticketsAnulados,
      previewMs: Math.round(again.previewMs),
      importMs: again.importMs,
      guestsAdded,
      invalidatedQrCodes,
    };
  }

  /**
   * Moves the daily cut-off ('HH:mm'), as the organizer's event form saves it: the whole event
   * is sent, the bars and the devices-only switch kept (absent).
   */
  async function setCutoff(hhmm) {
    const { body: current } = await api.must('GET', `/api/eventos/single/${evento.id}`, {
      headers: organizerHeaders,
    });
    const { body: saved } = await api.must('PUT', `/api/eventos/${evento.id}`, {
      headers: organizerHeaders,
      body: {
        nombre: current.nombre,
        ubicacion: current.ubicacion,
        fechaInicio: current.fechaInicio,
        fechaFin: current.fechaFin,
        notas: current.notas,
        esPrivado: current.esPrivado,
        corteDiario: hhmm,
      },
      expect: [200],
    });
    const change = { from: corteDiario, to: saved.corteDiario, at: new Date().toISOString() };
    corteDiario = saved.corteDiario;
    return change;
  }

  return {
    evento: {
      id: evento.id,
      apiKey: evento.apiKey,
      nombre: evento.nombre,
      fechaInicio: evento.fechaInicio,
      fechaFin: evento.fechaFin,
      get corteDiario() {
        return corteDiario;
      },
    },
    bars: [...BARS],
    types: types.map(
      ({
        id,
        nombre: typeName,
        modo,
        maxDrinks,
        maxDrinksPerDay,
        drinkIntervalMinutes,
        barrasPermitidas,
      }) => ({
        id,
        nombre: typeName,
        modo,
        maxDrinks,
        maxDrinksPerDay,
        drinkIntervalMinutes,
        barrasPermitidas,
      }),
    ),
    guests: guestList,
    devices: paired,
    organizer: { headers: organizerHeaders, email: organizerEmail },
    supervisor: { headers: supervisorHeaders, email: supervisorEmail },
    plan,
    imported: {
      pedidosCreados: first.result.pedidosCreados,
      cancelados: first.preview.cancelados,
      codigosCortos: first.result.codigosCortos,
    },
    timings,
    newPairingCode,
    pairDevice,
    reimport,
    setCutoff,
  };
}

/** Guests per ticket type, in the types' order. @param {{tipo: string}[]} guests */
const countByType = (guests) =>
  Object.fromEntries(
    TICKET_TYPES.map(({ nombre }) => [nombre, guests.filter((guest) => guest.tipo === nombre).length]),
  );

/**
 * What festival.json may hold: no token, API key, password or QR code, and no guest's name or email.
 * @param {Awaited<ReturnType<typeof setupFestival>>} festival
 */
export function publicSummary(festival) {
  return {
    evento: {
      id: festival.evento.id,
      nombre: festival.evento.nombre,
      fechaInicio: festival.evento.fechaInicio,
      fechaFin: festival.evento.fechaFin,
      corteDiario: festival.evento.corteDiario,
    },
    bars: festival.bars,
    types: festival.types,
    guests: {
      total: festival.guests.length,
      withShopCode: festival.guests.filter((guest) => guest.shopCode).length,
      byType: countByType(festival.guests),
    },
    plan: {
      seed: festival.plan.seed,
      firstExportRows: festival.plan.firstExport.length,
      refundedBefore: festival.plan.refundedBefore.length,
      laterExportRows: festival.plan.laterExport.length,
      lateSales: festival.plan.lateSales.length,
      refunds: festival.plan.refunds.length,
    },
    imported: festival.imported,
    devices: festival.devices.map(({ name, barra, deviceId }) => ({ name, barra, deviceId })),
    timings: festival.timings,
  };
}
