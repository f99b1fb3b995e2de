import { randomUUID } from 'node:crypto';
import { noAlertRules } from '@drinkflow/domain/alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, postCsv, type Method } from '../support/api';
import { eventBody } from '../support/events';
import { orderBody } from '../support/orders';
import { createTestApp, type TestApp } from '../support/test-app';
import { ticketTypeBody } from '../support/ticket-types';
import { uniqueEmail } from '../support/unique-values';
import { everyone, people, sharedEvent, type People, type SharedEvent, type Who } from './team-fixtures';

// The role matrix of docs/rules/team.md, route by route: each route of an event called by its owner,
// a member of each team role, another organizer and an admin. Written out here, not read from the
// domain's matrix, so that a change to either shows.

type Need = 'ver' | 'gestionar' | 'borrar' | 'estadisticas' | 'recargas' | 'equipo' | 'exportar';

const allowedTo: Record<Need, readonly Who[]> = {
  ver: ['propietario', 'coorganizador', 'supervisor', 'admin'],
  gestionar: ['propietario', 'coorganizador'],
  borrar: ['propietario'],
  estadisticas: ['propietario', 'coorganizador', 'supervisor', 'admin'],
  recargas: ['propietario', 'coorganizador', 'supervisor', 'admin'],
  equipo: ['propietario', 'admin'],
  // Exports carry guests' details: members need `gestionar`; an admin reads every event.
  exportar: ['propietario', 'coorganizador', 'admin'],
};

interface Call {
  method: Method;
  url: string;
  body?: unknown;
  csv?: string;
}

interface Route {
  need: Need;
  call: (f: SharedEvent) => Call;
  /** Each caller gets an event of its own: the call deletes or renames what the next would need. */
  destructive?: boolean;
  /** What an allowed caller gets, when not a 2xx (email without SMTP: 409 "not configured"). */
  allowed?: number;
}

const guestCsv = (f: SharedEvent) =>
  [
    'Nombre;Correo;Teléfono;Tipo;Cantidad',
    `Invitada ${randomUUID()};${uniqueEmail('csv')};;${f.tipo.nombre};1`,
  ].join('\r\n');

const routes: Record<string, Route> = {
  'GET event detail': {
    need: 'ver',
    call: (f) => ({ method: 'GET', url: `/api/eventos/single/${f.evento.id}` }),
  },
  'GET event (old path)': {
    need: 'ver',
    call: (f) => ({ method: 'GET', url: `/api/evento/${f.evento.id}` }),
  },
  'PUT event': {
    need: 'gestionar',
    call: (f) => ({
      method: 'PUT',
      url: `/api/eventos/${f.evento.id}`,
      body: eventBody({ barras: ['Barra 1'] }),
    }),
  },
  'PATCH bars (rename)': {
    need: 'gestionar',
    destructive: true,
    call: (f) => ({
      method: 'PATCH',
      url: `/api/eventos/${f.evento.id}/barras`,
      body: { de: 'Barra 1', a: 'Terraza' },
    }),
  },
  'PUT api key': {
    need: 'gestionar',
    call: (f) => ({
      method: 'PUT',
      url: `/api/eventos/${f.evento.id}/api-key`,
      body: { apiKey: `clave-${randomUUID()}` },
    }),
  },
  'PATCH regenerate api key': {
    need: 'gestionar',
    call: (f) => ({ method: 'PATCH', url: `/api/eventos/${f.evento.id}/regenerate-api-key` }),
  },
  'DELETE event': {
    need: 'borrar',
    destructive: true,
    call: (f) => ({ method: 'DELETE', url: `/api/eventos/${f.evento.id}` }),
  },

  'GET ticket types of the event': {
    need: 'ver',
    call: (f) => ({ method: 'GET', url: `/api/tipos-ticket/${f.evento.id}` }),
  },
  'GET ticket type': {
    need: 'ver',
    call: (f) => ({ method: 'GET', url: `/api/tipos-ticket/single/${f.tipo.id}` }),
  },
  'POST ticket type': {
    need: 'gestionar',
    call: (f) => ({
      method: 'POST',
      url: '/api/tipos-ticket',
      body: ticketTypeBody(f.evento, { nombre: randomUUID() }),
    }),
  },
  'PUT ticket type': {
    need: 'gestionar',
    call: (f) => ({ method: 'PUT', url: `/api/tipos-ticket/${f.tipo.id}`, body: ticketTypeBody(f.evento) }),
  },
  'DELETE ticket type': {
    need: 'gestionar',
    destructive: true,
    call: (f) => ({ method: 'DELETE', url: `/api/tipos-ticket/${f.tipoLibre.id}` }),
  },

  'GET orders of the event': {
    need: 'ver',
    call: (f) => ({ method: 'GET', url: `/api/pedidos/${f.evento.id}` }),
  },
  'GET order': { need: 'ver', call: (f) => ({ method: 'GET', url: `/api/pedido/${f.pedido.id}` }) },
  'GET order PDF': { need: 'ver', call: (f) => ({ method: 'GET', url: `/api/pedidos/${f.pedido.id}/pdf` }) },
  'POST order': {
    need: 'gestionar',
    call: (f) => ({ method: 'POST', url: '/api/pedidos', body: orderBody(f) }),
  },
  'PUT order': {
    need: 'gestionar',
    call: (f) => ({
      method: 'PUT',
      url: `/api/pedidos/${f.pedido.id}`,
      body: { nombreCompleto: 'Lucía Fernández', email: uniqueEmail('cambio') },
    }),
  },
  'PUT order ticket type': {
    need: 'gestionar',
    call: (f) => ({
      method: 'PUT',
      url: `/api/pedidos/${f.pedido.id}/ticket-type`,
      body: { ticketTypeId: f.tipo.id },
    }),
  },
  'DELETE order': {
    need: 'gestionar',
    destructive: true,
    call: (f) => ({ method: 'DELETE', url: `/api/pedidos/${f.pedido.id}` }),
  },

  'GET tickets of the order': {
    need: 'ver',
    call: (f) => ({ method: 'GET', url: `/api/tickets/${f.pedido.id}` }),
  },
  'POST ticket': {
    need: 'gestionar',
    call: (f) => ({
      method: 'POST',
      url: '/api/tickets',
      body: { pedidoId: f.pedido.id, ticketTypeId: f.tipo.id },
    }),
  },
  'PATCH ticket invalidate': {
    need: 'gestionar',
    call: (f) => ({ method: 'PATCH', url: `/api/tickets/${f.ticket.id}/invalidate` }),
  },
  'PATCH ticket reactivate': {
    need: 'gestionar',
    call: (f) => ({ method: 'PATCH', url: `/api/tickets/${f.ticket.id}/reactivate` }),
  },
  'PATCH ticket regenerate QR': {
    need: 'gestionar',
    call: (f) => ({ method: 'PATCH', url: `/api/tickets/${f.ticket.id}/regenerate-qr` }),
  },
  'GET ticket drinks': {
    need: 'ver',
    call: (f) => ({ method: 'GET', url: `/api/tickets/${f.ticket.id}/consumos` }),
  },
  'GET ticket refusals': {
    need: 'ver',
    call: (f) => ({ method: 'GET', url: `/api/tickets/${f.ticket.id}/rechazos` }),
  },
  'GET ticket PDF': { need: 'ver', call: (f) => ({ method: 'GET', url: `/api/tickets/${f.ticket.id}/pdf` }) },
  "GET every ticket's PDF": {
    need: 'ver',
    call: (f) => ({ method: 'GET', url: `/api/eventos/${f.evento.id}/tickets.pdf` }),
  },

  'POST top-up': {
    need: 'recargas',
    call: (f) => ({ method: 'POST', url: `/api/tickets/${f.ticket.id}/recargas`, body: { bebidas: 1 } }),
  },
  "GET a ticket's top-ups": {
    need: 'recargas',
    call: (f) => ({ method: 'GET', url: `/api/tickets/${f.ticket.id}/recargas` }),
  },
  "GET the event's top-ups (report)": {
    need: 'estadisticas',
    call: (f) => ({ method: 'GET', url: `/api/eventos/${f.evento.id}/recargas` }),
  },
  'GET statistics': {
    need: 'estadisticas',
    call: (f) => ({ method: 'GET', url: `/api/stats/${f.evento.id}` }),
  },
  'GET alerts': {
    need: 'estadisticas',
    call: (f) => ({ method: 'GET', url: `/api/eventos/${f.evento.id}/alertas` }),
  },
  'PUT alert rules': {
    need: 'gestionar',
    call: (f) => ({ method: 'PUT', url: `/api/eventos/${f.evento.id}/alertas/reglas`, body: noAlertRules }),
  },
  'GET orders.csv': {
    need: 'exportar',
    call: (f) => ({ method: 'GET', url: `/api/eventos/${f.evento.id}/export/pedidos.csv` }),
  },
  'GET consumos.csv': {
    need: 'exportar',
    call: (f) => ({ method: 'GET', url: `/api/eventos/${f.evento.id}/export/consumos.csv` }),
  },
  'GET escaneos.csv': {
    need: 'exportar',
    call: (f) => ({ method: 'GET', url: `/api/eventos/${f.evento.id}/export/escaneos.csv` }),
  },

  'POST guest list preview': {
    need: 'gestionar',
    call: (f) => ({
      method: 'POST',
      url: `/api/eventos/${f.evento.id}/importar/previsualizar`,
      csv: guestCsv(f),
    }),
  },
  'POST guest list import': {
    need: 'gestionar',
    call: (f) => ({ method: 'POST', url: `/api/eventos/${f.evento.id}/importar`, csv: guestCsv(f) }),
  },
  'GET guest list mapping': {
    need: 'gestionar',
    call: (f) => ({ method: 'GET', url: `/api/eventos/${f.evento.id}/importar/mapeo` }),
  },
  'PUT guest list mapping': {
    need: 'gestionar',
    call: (f) => ({
      method: 'PUT',
      url: `/api/eventos/${f.evento.id}/importar/mapeo`,
      body: { tipos: { [f.tipo.nombre]: f.tipo.id } },
    }),
  },
  "POST email an order's tickets": {
    need: 'gestionar',
    allowed: 409,
    call: (f) => ({ method: 'POST', url: `/api/pedidos/${f.pedido.id}/enviar` }),
  },
  "POST email the event's tickets": {
    need: 'gestionar',
    allowed: 409,
    call: (f) => ({
      method: 'POST',
      url: `/api/eventos/${f.evento.id}/enviar-tickets`,
      body: { soloPendientes: false },
    }),
  },
  'GET email progress': {
    need: 'ver',
    call: (f) => ({ method: 'GET', url: `/api/eventos/${f.evento.id}/envios` }),
  },
  'POST WhatsApp sent': {
    need: 'gestionar',
    call: (f) => ({ method: 'POST', url: `/api/pedidos/${f.pedido.id}/whatsapp-enviado` }),
  },
  'DELETE WhatsApp sent': {
    need: 'gestionar',
    call: (f) => ({ method: 'DELETE', url: `/api/pedidos/${f.pedido.id}/whatsapp-enviado` }),
  },
  'GET WhatsApp list': {
    need: 'ver',
    call: (f) => ({ method: 'GET', url: `/api/eventos/${f.evento.id}/envios-whatsapp` }),
  },

  'GET team': { need: 'equipo', call: (f) => ({ method: 'GET', url: `/api/eventos/${f.evento.id}/equipo` }) },
  'POST team member': {
    need: 'equipo',
    call: (f) => ({
      method: 'POST',
      url: `/api/eventos/${f.evento.id}/equipo`,
      body: { email: uniqueEmail('nuevo'), rol: 'barra' },
    }),
  },
  'PATCH team member': {
    need: 'equipo',
    call: (f) => ({
      method: 'PATCH',
      url: `/api/eventos/${f.evento.id}/equipo/${f.pendiente.id}`,
      body: { rol: 'supervisor' },
    }),
  },
  'DELETE team member': {
    need: 'equipo',
    destructive: true,
    call: (f) => ({ method: 'DELETE', url: `/api/eventos/${f.evento.id}/equipo/${f.pendiente.id}` }),
  },
};

let t: TestApp;
let who: People;
beforeAll(async () => {
  t = await createTestApp();
  who = await people(t);
});
afterAll(() => t.close());

function send(caller: Who, request: Call) {
  const account = who[caller];
  if (request.csv !== undefined) return postCsv(t, account, request.url, request.csv);
  return call(t, account, request.method, request.url, request.body);
}

/** 'ok' for any 2xx, else the status itself. */
const statusClass = (status: number) => (status >= 200 && status < 300 ? 'ok' : status);

function expected(route: Route, caller: Who) {
  if (allowedTo[route.need].includes(caller)) return route.allowed ?? 'ok';
  // Off the team (another organizer, an admin who is not on it): the event does not exist for them.
  return caller === 'ajeno' || caller === 'admin' ? 404 : 403;
}

describe('the role matrix: every route of an event, for each caller (docs/rules/team.md)', () => {
  it.each(Object.entries(routes))('%s', async (_name, route) => {
    const actual: Partial<Record<Who, number | string>> = {};
    const wanted: Partial<Record<Who, number | string>> = {};
    let shared: SharedEvent | undefined;
    // The callers who are refused go first, so a shared event is untouched when the allowed ones call.
    for (const caller of everyone) {
      const f = route.destructive ? await sharedEvent(t, who) : (shared ??= await sharedEvent(t, who));
      const res = await send(caller, route.call(f));
      actual[caller] = statusClass(res.statusCode);
      wanted[caller] = expected(route, caller);
    }
    expect(actual).toEqual(wanted);
  });

  it("refuses the live statistics' stream to the bar (403) and to outsiders (404)", async () => {
    const f = await sharedEvent(t, who);
    const url = `/api/stats/${f.evento.id}/stream`;
    expect((await call(t, who.barra, 'GET', url)).statusCode).toBe(403);
    expect((await call(t, who.ajeno, 'GET', url)).statusCode).toBe(404);
  });

  it('keeps a bar-staff account on no team out of every event route (403), as before teams', async () => {
    const f = await sharedEvent(t, who);
    const loner = await (await import('../support/accounts')).signIn(t.db, 'scanner', 'Suelto');
    for (const route of Object.values(routes)) {
      const request = route.call(f);
      const res =
        request.csv !== undefined
          ? await postCsv(t, loner, request.url, request.csv)
          : await call(t, loner, request.method, request.url, request.body);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
    }
  });
});
