export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  admin: '/admin',
  organizer: {
    root: '/organizer',
    events: '/organizer/eventos',
    event: (id: number | string) => `/organizer/evento/${id}`,
    eventEdit: (id: number | string) => `/organizer/evento/${id}/editar`,
    /** The event's WhatsApp sending list. */
    eventWhatsapp: (id: number | string) => `/organizer/evento/${id}/whatsapp`,
    /** The event's device board: paired phones and link scanners, live. */
    eventDevices: (id: number | string) => `/organizer/evento/${id}/dispositivos`,
    ticketTypes: '/organizer/tipos-ticket',
    ticketTypeEdit: (id: number | string) => `/organizer/tipos-ticket/${id}/editar`,
    orders: '/organizer/pedidos',
    order: (id: number | string) => `/organizer/pedido/${id}`,
    stats: '/organizer/estadisticas',
    report: (eventoId: number | string) => `/organizer/estadisticas/${eventoId}/informe`,
    scanner: '/organizer/scanner',
    profile: '/organizer/perfil',
  },
  scanner: (apiKey: string) => `/scanner/${encodeURIComponent(apiKey)}`,
  /** The staff's home: the events whose team the person is on (docs/rules/team.md). */
  staff: '/barra',
  /** An invitation to an event's team, opened from the link the organizer sent. */
  invitation: (token: string) => `/invitacion/${encodeURIComponent(token)}`,
  legal: {
    notice: '/aviso-legal',
    terms: '/condiciones-uso',
    privacy: '/politica-privacidad',
    cookies: '/politica-cookies',
  },
} as const;
