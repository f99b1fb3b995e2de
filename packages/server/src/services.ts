import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import { createAdminService } from './modules/admin/service';
import { createAlertService } from './modules/alerts/service';
import { createAuthService } from './modules/auth/service';
import { createDemoRequestService } from './modules/demo/service';
import { createDeviceService } from './modules/devices/service';
import { createInvitationSender } from './modules/email/invitation-sender';
import { emailWorkerSettings, type EmailOptions } from './modules/email/options';
import { createEmailQueue } from './modules/email/queue';
import { createEmailService } from './modules/email/service';
import { createEmailWorker } from './modules/email/worker';
import { createEventService } from './modules/events/service';
import { createExportService } from './modules/exports/service';
import { createGuestImportService } from './modules/guest-import/service';
import { createGuestTicketService } from './modules/guest-ticket/service';
import { createWhatsappService } from './modules/guest-ticket/whatsapp';
import { createHealthService } from './modules/health/service';
import { createOrderService } from './modules/orders/service';
import { createStatsService } from './modules/stats/service';
import { createScanNotifier } from './modules/stats-stream/scan-notifier';
import { createSupervisionService } from './modules/supervision/service';
import { createInvitationService } from './modules/team/invitations';
import { createTeamService } from './modules/team/members';
import { createTicketTypeService } from './modules/ticket-types/service';
import { createTicketPrinting } from './modules/tickets/print';
import { createTicketService } from './modules/tickets/service';
import { createTopUpService } from './modules/topups/service';

export interface ServiceOptions {
  log: FastifyBaseLogger;
  /** Time zone of the dates people read (APP_TIME_ZONE). */
  timeZone: string;
  /** The clock of the rules and of "today"; tests move it. Omitted, the server's (drinks: the database's). */
  now?: () => Date;
  /** Accounts one client address may register per hour. */
  registrationsPerAddress?: number;
  /** Sending tickets by email; omitted = "not configured", no queue worker. */
  email?: EmailOptions;
}

/**
 * Every service of the app, each built once and shared by the routes that need it
 * (docs/decisions/056). The email worker is built here, idle: the app starts and stops it.
 */
export function createServices(
  db: Db,
  { log, timeZone, now, registrationsPerAddress, email }: ServiceOptions,
) {
  const events = createEventService(db);
  const auth = createAuthService(db, { registrationsPerAddress });
  const scanNotifier = createScanNotifier(db, log);
  const emailQueue = createEmailQueue(db);
  const emailWorker = email
    ? createEmailWorker({ db, queue: emailQueue, log, timeZone, ...emailWorkerSettings(email) })
    : undefined;
  return {
    admin: createAdminService(db),
    alerts: createAlertService(db, events),
    auth,
    demoRequests: createDemoRequestService(db),
    devices: createDeviceService(db, { now }),
    email: createEmailService(db, events, emailQueue, {
      configured: emailWorker !== undefined,
      linkBase: email?.publicUrl,
      onQueued: () => emailWorker?.wake(),
    }),
    emailWorker,
    events,
    exports: createExportService(db, events, timeZone),
    guestImport: createGuestImportService(db, events),
    guestTicket: createGuestTicketService(db, { timeZone, now }),
    health: createHealthService(db),
    orders: createOrderService(db, events, timeZone),
    printing: createTicketPrinting(db, timeZone),
    /** Scans and top-ups tell the live statistics through it; flushed when the app closes. */
    scanNotifier,
    stats: createStatsService(db, events, timeZone),
    supervision: createSupervisionService(db, { notifier: scanNotifier, now }),
    team: createTeamService(db, now, email ? createInvitationSender(email, { log, timeZone }) : undefined),
    invitations: createInvitationService(db, auth.startSession, now),
    ticketTypes: createTicketTypeService(db, events),
    tickets: createTicketService(db, { timeZone, now }),
    topUps: createTopUpService(db, { notifier: scanNotifier, events, timeZone, now }),
    whatsapp: createWhatsappService(db, events),
  };
}

export type Services = ReturnType<typeof createServices>;
