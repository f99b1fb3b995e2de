import { randomBytes } from 'node:crypto';
import type { ImportMapping } from '@drinkflow/domain/guest-import';
import { scanRefusals } from '@drinkflow/domain/scan-rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    nombre: text('nombre').notNull(),
    apellido: text('apellido'),
    rol: text('rol', { enum: ['admin', 'organizer', 'scanner'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** A disabled account cannot sign in and its sessions are refused (docs/rules/accounts-and-roles.md). */
    activo: boolean('activo').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_rol_check', sql`${t.rol} in ('admin', 'organizer', 'scanner')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Recent attempts of a throttled action (login, registration, password change), one row per
 * attempt and bucket ("login:email" + the address…), counted in a sliding window by every server
 * process (docs/decisions/008).
 */
export const throttleAttempts = pgTable(
  'throttle_attempts',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('throttle_attempts_bucket_key_idx').on(t.bucket, t.key, t.createdAt)],
);

export const eventos = pgTable(
  'eventos',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    ubicacion: text('ubicacion').notNull(),
    fechaInicio: instant('fecha_inicio').notNull(),
    fechaFin: instant('fecha_fin').notNull(),
    organizadorId: integer('organizador_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notas: text('notas'),
    esPrivado: boolean('es_privado').notNull().default(false),
    apiKey: text('api_key').notNull(),
    /** The event's bar names (docs/rules/festivals.md): unique case-insensitively, checked by the domain schema. */
    barras: text('barras')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** "HH:mm" in APP_TIME_ZONE: the moment one festival day ends (docs/rules/festivals.md). */
    corteDiario: text('corte_diario').notNull().default('06:00'),
    /** Scanner calls need a paired device's token (docs/rules/devices.md). */
    soloDispositivosAutorizados: boolean('solo_dispositivos_autorizados').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('eventos_api_key_unique').on(t.apiKey),
    index('eventos_organizador_idx').on(t.organizadorId, t.fechaInicio),
    check('eventos_fechas_check', sql`${t.fechaFin} > ${t.fechaInicio}`),
  ],
);

export const tiposTicket = pgTable(
  'tipos_ticket',
  {
    id: serial('id').primaryKey(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    modo: text('modo', { enum: ['por_cantidad', 'temporal', 'intervalos_controlados'] }).notNull(),
    maxDrinks: integer('max_drinks'),
    drinkIntervalMinutes: integer('drink_interval_minutes'),
    durationMinutes: integer('duration_minutes'),
    drinkType: text('drink_type').notNull(),
    validoDesde: instant('valido_desde').notNull(),
    validoHasta: instant('valido_hasta').notNull(),
    /** Drinks allowed since the last daily cut-off (docs/rules/festivals.md); null = no daily limit. */
    maxDrinksPerDay: integer('max_drinks_per_day'),
    /** The event's bars this type is valid at (docs/rules/festivals.md); null = every bar. */
    barrasPermitidas: text('barras_permitidas').array(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tipos_ticket_evento_idx').on(t.eventoId),
    check(
      'tipos_ticket_max_drinks_per_day_check',
      sql`${t.maxDrinksPerDay} is null or ${t.maxDrinksPerDay} between 1 and 50`,
    ),
    check(
      'tipos_ticket_modo_check',
      sql`${t.modo} in ('por_cantidad', 'temporal', 'intervalos_controlados')`,
    ),
    check('tipos_ticket_validez_check', sql`${t.validoHasta} > ${t.validoDesde}`),
  ],
);

/** The text an order search matches: name, email and phone, lower-cased (indexed by trigrams). */
export const orderSearchText = (t: {
  nombreCompleto: AnyPgColumn;
  email: AnyPgColumn;
  telefono: AnyPgColumn;
}) => sql`(lower(${t.nombreCompleto} || ' ' || ${t.email} || ' ' || coalesce(${t.telefono}, '')))`;

export const pedidos = pgTable(
  'pedidos',
  {
    id: serial('id').primaryKey(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    nombreCompleto: text('nombre_completo').notNull(),
    email: text('email').notNull(),
    telefono: text('telefono'),
    creadoPor: text('creado_por').notNull().default('organizador'),
    /** When the organizer marked the order's tickets as sent by WhatsApp (docs/rules/guests.md); null = not sent. */
    whatsappEnviadoEn: instant('whatsapp_enviado_en'),
    /** The shop's id of the order or attendee it was imported from (docs/decisions/068); null for the rest. */
    idExterno: text('id_externo'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pedidos_evento_created_idx').on(t.eventoId, t.createdAt),
    // Substring search on name, email and phone at festival size (pg_trgm, docs/rules/data-model.md).
    index('pedidos_search_trgm_idx').using('gin', sql`${orderSearchText(t)} gin_trgm_ops`),
    // The target of the tickets' (pedido_id, evento_id) key: a ticket's event is its order's (docs/decisions/069).
    unique('pedidos_id_evento_unique').on(t.id, t.eventoId),
    // A re-import finds the order a shop's row created (docs/decisions/068).
    uniqueIndex('pedidos_evento_id_externo_unique')
      .on(t.eventoId, t.idExterno)
      .where(sql`${t.idExterno} is not null`),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id').notNull(),
    /** Its order's event, kept equal by the (pedido_id, evento_id) key: QR codes are unique per event (docs/decisions/069). */
    eventoId: integer('evento_id').notNull(),
    // NO ACTION (checked at the end of the statement): deleting an event cascades through orders
    // to tickets first, while deleting a ticket type that tickets still use fails.
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => tiposTicket.id),
    estado: text('estado', { enum: ['activo', 'invalidado'] })
      .notNull()
      .default('activo'),
    qrCode: text('qr_code').notNull(),
    /** How many of the ticket's consumptions exist: kept by the `consumos_count` trigger (0006). */
    consumosUsados: integer('consumos_usados').notNull().default(0),
    /** The sum of its top-ups' drinks (docs/rules/festivals.md), kept by the top-ups service in the same transaction. */
    recargasBebidas: integer('recargas_bebidas').notNull().default(0),
    /** The secret of the guest link /t/<token> (docs/rules/guests.md): 18 random bytes, base64url. */
    // Filled in JS on every insert (the migration backfilled existing rows the same shape).
    guestToken: text('guest_token')
      .notNull()
      .$defaultFn(() => randomBytes(18).toString('base64url')),
    createdAt: createdAt(),
  },
  (t) => [
    // A shop's code may be short or used by another event too: unique per event, and the scan's lookup.
    uniqueIndex('tickets_evento_qr_code_unique').on(t.eventoId, t.qrCode),
    uniqueIndex('tickets_guest_token_unique').on(t.guestToken),
    // An order's tickets, and "has a ticket of this type" for the orders filter, in one lookup.
    index('tickets_pedido_type_idx').on(t.pedidoId, t.ticketTypeId),
    index('tickets_ticket_type_idx').on(t.ticketTypeId),
    check('tickets_estado_check', sql`${t.estado} in ('activo', 'invalidado')`),
    // Deleting an order (or its event) deletes its tickets, as the single-column key did.
    foreignKey({
      name: 'tickets_pedido_evento_fk',
      columns: [t.pedidoId, t.eventoId],
      foreignColumns: [pedidos.id, pedidos.eventoId],
    }).onDelete('cascade'),
  ],
);

/** A conflict's reason is one of the rule function's refusals (docs/rules/scan-rules.md), listed there. */
const conflictoCheck = (column: AnyPgColumn) =>
  sql`${column} is null or ${column} in (${sql.raw(scanRefusals.map((reason) => `'${reason}'`).join(', '))})`;

/**
 * A ticket's top-ups (docs/rules/festivals.md): each raises its total drink limit by `bebidas`.
 * `tickets.recargas_bebidas` holds their sum. One `para_hoy` also raises the per-day limit of the
 * festival day its `created_at` falls in (docs/decisions/063).
 */
export const recargas = pgTable(
  'recargas',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    bebidas: integer('bebidas').notNull(),
    /** Euros, at most 2 decimals; read as a string by the driver. */
    importe: numeric('importe', { precision: 10, scale: 2 }),
    metodo: text('metodo', { enum: ['efectivo', 'tarjeta', 'invitacion'] }),
    nota: text('nota'),
    creadoPor: integer('creado_por').references(() => users.id, { onDelete: 'set null' }),
    /** 'Usables también hoy': stored true only when the ticket's type had a per-day limit. */
    paraHoy: boolean('para_hoy').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('recargas_ticket_idx').on(t.ticketId),
    index('recargas_evento_time_idx').on(t.eventoId, t.createdAt),
    check('recargas_bebidas_check', sql`${t.bebidas} between 1 and 50`),
    check('recargas_importe_check', sql`${t.importe} is null or ${t.importe} >= 0`),
    check(
      'recargas_metodo_check',
      sql`${t.metodo} is null or ${t.metodo} in ('efectivo', 'tarjeta', 'invitacion')`,
    ),
  ],
);

export const consumos = pgTable(
  'consumos',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    // Denormalised so statistics read one event's consumptions without joining three tables.
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    tipoBebida: text('tipo_bebida').notNull(),
    timestamp: instant('timestamp').notNull().defaultNow(),
    /** The bar's name the scanning device gave (docs/rules/scanner.md). */
    barra: text('barra'),
    /** Served while the device was offline and uploaded later (docs/rules/offline-and-field.md); `timestamp` is its scan time. */
    offline: boolean('offline').notNull().default(false),
    /**
     * An offline drink the rules, with every drink the server knew, would have refused: that
     * refusal's reason (`agotado`, `intervalo`, …); null otherwise (docs/decisions/036).
     */
    conflicto: text('conflicto'),
    /**
     * The device that served it (docs/rules/devices.md); null for rows older than devices. No
     * foreign key: a device row goes only with its event, and the check would lock it on every drink.
     */
    dispositivoId: integer('dispositivo_id'),
    /** The person the device belonged to when it served it (no foreign key, as above). */
    usuarioId: integer('usuario_id'),
    /**
     * An offline drink scanned before its device was revoked and uploaded after (docs/decisions/062):
     * accepted, and marked so the organizer sees it.
     */
    trasRevocacion: boolean('tras_revocacion').notNull().default(false),
  },
  (t) => [
    index('consumos_ticket_time_idx').on(t.ticketId, t.timestamp),
    index('consumos_evento_time_idx').on(t.eventoId, t.timestamp),
    // The statistics' offline conflicts (count and newest first), from the index alone.
    index('consumos_conflicto_idx')
      .on(t.eventoId, t.timestamp)
      .where(sql`${t.conflicto} is not null`),
    check('consumos_conflicto_check', conflictoCheck(t.conflicto)),
  ],
);

/**
 * Every scan attempt, allowed or refused, and every undo; also the idempotency record of a
 * client's scanId (unique per event, docs/rules/data-model.md).
 */
export const scanLog = pgTable(
  'scan_log',
  {
    id: serial('id').primaryKey(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    // The audit log outlives a deleted order or ticket (docs/rules/scanner.md).
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    /** The drink this scan recorded, while it still counts (an undo deletes it). */
    consumoId: integer('consumo_id').references(() => consumos.id, { onDelete: 'set null' }),
    /** `consumo` for a scan, `deshacer` for the undo of one. */
    accion: text('accion', { enum: ['consumo', 'deshacer'] })
      .notNull()
      .default('consumo'),
    qrCode: text('qr_code').notNull(),
    scanId: text('scan_id'),
    tipoBebida: text('tipo_bebida'),
    barra: text('barra'),
    deviceId: text('device_id'),
    allowed: boolean('allowed').notNull(),
    reason: text('reason').notNull(),
    response: jsonb('response').notNull(),
    undoneAt: instant('undone_at'),
    /** An offline upload (docs/rules/offline-and-field.md): `created_at` is the device's scan time. */
    offline: boolean('offline').notNull().default(false),
    /** The conflict its drink was stored with (as `consumos.conflicto`), kept for the scan export. */
    conflicto: text('conflicto'),
    /**
     * The device that scanned (docs/rules/devices.md); null for rows older than devices. No
     * foreign key: a device row goes only with its event, and the check would lock it on every scan.
     */
    dispositivoId: integer('dispositivo_id'),
    /** The person the device belonged to when it served it (no foreign key, as above). */
    usuarioId: integer('usuario_id'),
    /** As `consumos.tras_revocacion`: uploaded after its device's revocation, scanned before it. */
    trasRevocacion: boolean('tras_revocacion').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('scan_log_conflicto_check', conflictoCheck(t.conflicto)),
    uniqueIndex('scan_log_evento_scan_id_unique').on(t.eventoId, t.scanId),
    index('scan_log_evento_time_idx').on(t.eventoId, t.createdAt),
    index('scan_log_ticket_idx').on(t.ticketId),
    index('scan_log_consumo_idx').on(t.consumoId),
    // The statistics' refusals by reason and bar, read from the index alone.
    index('scan_log_refused_idx')
      .on(t.eventoId, t.reason, t.barra)
      .where(sql`${t.accion} = 'consumo' and not ${t.allowed}`),
    // The statistics' refusals by device and person (docs/decisions/061), read from the index alone.
    index('scan_log_refused_device_idx')
      .on(t.eventoId, t.dispositivoId, t.usuarioId)
      .where(sql`${t.accion} = 'consumo' and not ${t.allowed} and ${t.dispositivoId} is not null`),
    // Undos per bar (statistics' `deshechos`) and in the last minutes (the frequent-undo alert).
    index('scan_log_undo_idx')
      .on(t.eventoId, t.barra, t.createdAt)
      .where(sql`${t.accion} = 'deshacer'`),
  ],
);

/**
 * Each bar's last scan-log row of an event (the "bar inactive" alert reads it instead of the whole
 * scan log), kept by the `scan_log_bar_last` trigger (migration 0008) on every scan-log insert with
 * a bar name. `franja` (the writing connection's backend pid modulo 1024, migration 0021) gives each
 * pooled connection a row of its own, as the counters do.
 */
export const barLastScans = pgTable(
  'bar_last_scans',
  {
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    barra: text('barra').notNull(),
    franja: integer('franja').notNull(),
    lastScanAt: instant('last_scan_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventoId, t.barra, t.franja] })],
);

/**
 * Consumptions counted per event, UTC quarter hour, drink and bar, kept by the `consumos_count`
 * trigger (migration 0006) in the transaction that inserts or deletes the consumption, so the
 * statistics sum a few thousand rows instead of reading a million. `franja` (the writing
 * connection's backend pid modulo 1024, migration 0021) gives each pooled connection a row of its
 * own, so concurrent scans do not queue on a single counter (docs/decisions/070).
 * `barra` is '' for devices that gave no bar.
 */
export const consumoCounters = pgTable(
  'consumo_counters',
  {
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    bloque: instant('bloque').notNull(),
    tipoBebida: text('tipo_bebida').notNull(),
    barra: text('barra').notNull(),
    franja: integer('franja').notNull(),
    consumos: integer('consumos').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventoId, t.bloque, t.tipoBebida, t.barra, t.franja] })],
);

/**
 * Drinks counted per event, device, person and UTC minute (docs/decisions/061), kept by the
 * `consumos_count` trigger (migration 0017) for drinks that carry a device, so the statistics'
 * per-device and per-person figures and each device's busiest minute sum a few thousand rows
 * instead of reading every drink. `usuario_id` is 0 for a drink without a person (a link device).
 * No franja: one device scans one drink at a time, so its rows are seldom written concurrently.
 */
export const consumoDispositivoCounters = pgTable(
  'consumo_dispositivo_counters',
  {
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    dispositivoId: integer('dispositivo_id').notNull(),
    usuarioId: integer('usuario_id').notNull().default(0),
    minuto: instant('minuto').notNull(),
    consumos: integer('consumos').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventoId, t.dispositivoId, t.usuarioId, t.minuto] })],
);

/**
 * Fixed-window request counters shared by every server process (the scanner's rate limits):
 * one upsert per request, so counting and recording cannot race.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: instant('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.key, t.windowStart] }),
    index('rate_counters_window_idx').on(t.windowStart),
  ],
);

/** An event's alert thresholds (docs/decisions/022); null turns that alert off. */
export const alertaReglas = pgTable('alerta_reglas', {
  eventoId: integer('evento_id')
    .primaryKey()
    .references(() => eventos.id, { onDelete: 'cascade' }),
  rechazosPorTicket: integer('rechazos_por_ticket'),
  consumosPorHora: integer('consumos_por_hora'),
  minutosSinEscanear: integer('minutos_sin_escanear'),
  deshechosPorBarra: integer('deshechos_por_barra'),
  updatedAt: updatedAt(),
});

/** Alerts as they fired: what was seen, against which threshold (docs/decisions/022). */
export const alertas = pgTable(
  'alertas',
  {
    id: serial('id').primaryKey(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    tipo: text('tipo', {
      enum: ['qr_compartido', 'consumo_alto', 'barra_inactiva', 'deshechos_frecuentes'],
    }).notNull(),
    cantidad: integer('cantidad').notNull(),
    umbral: integer('umbral').notNull(),
    // The alert outlives a deleted order, as the scan log does.
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    titular: text('titular'),
    barra: text('barra'),
    disparadaEn: instant('disparada_en').notNull().defaultNow(),
  },
  (t) => [
    index('alertas_evento_time_idx').on(t.eventoId, t.disparadaEn),
    check(
      'alertas_tipo_check',
      sql`${t.tipo} in ('qr_compartido', 'consumo_alto', 'barra_inactiva', 'deshechos_frecuentes')`,
    ),
  ],
);

export const demoRequests = pgTable('demo_requests', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  eventType: text('event_type'),
  guestCount: integer('guest_count'),
  eventDate: date('event_date', { mode: 'string' }),
  message: text('message'),
  acceptTerms: boolean('accept_terms').notNull(),
  createdAt: createdAt(),
});

/**
 * The email queue (docs/rules/guests.md, docs/decisions/042): one row per request to email an order's
 * tickets; the newest row of an order is its `envio` state. `pendiente` waits for
 * `proximo_intento_en`; `enviando` is leased to one server process until `proximo_intento_en`
 * (a process that dies mid-send leaves it to be retried after that); `enviado` and `fallido` are
 * final. At most one open (`pendiente` or `enviando`) row per order.
 */
export const enviosEmail = pgTable(
  'envios_email',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    estado: text('estado', { enum: ['pendiente', 'enviando', 'enviado', 'fallido'] })
      .notNull()
      .default('pendiente'),
    intentos: integer('intentos').notNull().default(0),
    proximoIntentoEn: instant('proximo_intento_en').notNull().defaultNow(),
    enviadoEn: instant('enviado_en'),
    ultimoError: text('ultimo_error'),
    // The email's Message-ID, written by its first claim and sent on every attempt (docs/decisions/053).
    messageId: text('message_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('envios_email_abierto_unique')
      .on(t.pedidoId)
      .where(sql`${t.estado} in ('pendiente', 'enviando')`),
    // An order's newest request (its state), and an event's progress.
    index('envios_email_pedido_idx').on(t.pedidoId, t.id),
    // The worker's claim: due open rows in time order.
    index('envios_email_due_idx')
      .on(t.proximoIntentoEn)
      .where(sql`${t.estado} in ('pendiente', 'enviando')`),
    check('envios_email_estado_check', sql`${t.estado} in ('pendiente', 'enviando', 'enviado', 'fallido')`),
  ],
);

/**
 * One row per open live-statistics stream, on any server process (docs/decisions/051): an account's
 * live rows are its open streams. The process renews its streams' rows on a timer and deletes a row
 * when its stream closes; a crashed process's rows stop counting once `expires_at` passes.
 */
export const streamLeases = pgTable(
  'stream_leases',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('stream_leases_user_expires_idx').on(t.userId, t.expiresAt)],
);

/**
 * An event's team (docs/rules/team.md): a member with an account (`usuario_id`) is active; without
 * one it is a pending invitation whose single-use link is `invitacion_hash` (sha-256 of the token)
 * until `invitacion_caduca_en`.
 */
export const eventoMiembros = pgTable(
  'evento_miembros',
  {
    id: serial('id').primaryKey(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    rol: text('rol', { enum: ['barra', 'supervisor', 'coorganizador'] }).notNull(),
    usuarioId: integer('usuario_id').references(() => users.id, { onDelete: 'cascade' }),
    invitacionHash: text('invitacion_hash'),
    invitacionCaducaEn: instant('invitacion_caduca_en'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('evento_miembros_evento_email_unique').on(t.eventoId, sql`lower(${t.email})`),
    uniqueIndex('evento_miembros_invitacion_unique').on(t.invitacionHash),
    index('evento_miembros_usuario_idx').on(t.usuarioId, t.eventoId),
    check('evento_miembros_rol_check', sql`${t.rol} in ('barra', 'supervisor', 'coorganizador')`),
  ],
);

/**
 * A bar's device (docs/rules/devices.md): `autorizado` when paired (known by `token_hash`, the
 * sha-256 of its token), `enlace` when it came through the API-key link (known by the `device_id`
 * it chose). A revoked device's calls are refused from `revocado_en` on.
 */
export const dispositivos = pgTable(
  'dispositivos',
  {
    id: serial('id').primaryKey(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: ['autorizado', 'enlace'] }).notNull(),
    nombre: text('nombre').notNull(),
    barra: text('barra'),
    usuarioId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash'),
    deviceId: text('device_id'),
    createdAt: createdAt(),
    ultimoContacto: instant('ultimo_contacto'),
    revocadoEn: instant('revocado_en'),
    /** Offline drinks waiting to upload, as the device last reported them. */
    pendientes: integer('pendientes'),
    /** When the device's offline data was built, as it last reported. */
    datosOfflineDe: instant('datos_offline_de'),
  },
  (t) => [
    uniqueIndex('dispositivos_token_hash_unique').on(t.tokenHash),
    uniqueIndex('dispositivos_evento_device_unique')
      .on(t.eventoId, t.deviceId)
      .where(sql`${t.deviceId} is not null`),
    index('dispositivos_evento_idx').on(t.eventoId, t.createdAt),
    index('dispositivos_usuario_idx').on(t.usuarioId, t.eventoId),
    check('dispositivos_tipo_check', sql`${t.tipo} in ('autorizado', 'enlace')`),
  ],
);

/** A pairing code (docs/rules/devices.md): single use, valid until `caduca_en`. */
export const emparejamientos = pgTable(
  'emparejamientos',
  {
    codigo: text('codigo').primaryKey(),
    eventoId: integer('evento_id')
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    creadoPor: integer('creado_por').references(() => users.id, { onDelete: 'set null' }),
    caducaEn: instant('caduca_en').notNull(),
    usadoEn: instant('usado_en'),
    dispositivoId: integer('dispositivo_id').references(() => dispositivos.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('emparejamientos_evento_idx').on(t.eventoId, t.createdAt)],
);

/**
 * How an event's guest lists are read (docs/decisions/068): `columnas` maps a normalised header to
 * an import field (null: ignored), `tipos` a normalised ticket-type text to a ticket type (null: not
 * imported). Remembered so the next export of the same shop imports without asking again.
 */
export const importacionMapeos = pgTable('importacion_mapeos', {
  eventoId: integer('evento_id')
    .primaryKey()
    .references(() => eventos.id, { onDelete: 'cascade' }),
  columnas: jsonb('columnas').$type<ImportMapping['columnas']>().notNull().default({}),
  tipos: jsonb('tipos').$type<ImportMapping['tipos']>().notNull().default({}),
  updatedAt: updatedAt(),
});
