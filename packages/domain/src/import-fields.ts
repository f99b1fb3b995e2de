/** What a column of a guest list may hold, and the formats of the files the import recognises. */
export const importFields = [
  'nombre',
  'apellidos',
  'nombreCompleto',
  'email',
  'telefono',
  'tipoTicket',
  'cantidad',
  'codigo',
  'idExterno',
  'estado',
] as const;
export type ImportField = (typeof importFields)[number];

export const importFieldLabels: Record<ImportField, string> = {
  nombre: 'nombre',
  apellidos: 'apellidos',
  nombreCompleto: 'nombre completo',
  email: 'email',
  telefono: 'teléfono',
  tipoTicket: 'tipo de ticket',
  cantidad: 'cantidad',
  codigo: 'código',
  idExterno: 'id externo',
  estado: 'estado',
};

export const importFormats = [
  'plantilla',
  'eventbrite',
  'pretix_pedidos',
  'pretix_asistentes',
  'otro',
] as const;
export type ImportFormat = (typeof importFormats)[number];

export const importFormatNames: Record<ImportFormat, string> = {
  plantilla: 'Plantilla de DrinkFlow',
  eventbrite: 'Eventbrite (asistentes)',
  pretix_pedidos: 'pretix (pedidos)',
  pretix_asistentes: 'pretix (asistentes)',
  otro: 'Otro archivo',
};
