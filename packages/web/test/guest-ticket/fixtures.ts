import type { GuestTicket } from '@/features/guest-ticket/types';

export const guestTicketFixture = (overrides: Partial<GuestTicket> = {}): GuestTicket => ({
  evento: {
    nombre: 'Boda de Ana y Luis',
    ubicacion: 'Finca El Olivar, Toledo',
    fechaInicio: '2026-07-04T18:30:00.000Z',
    fechaFin: '2026-07-05T02:00:00.000Z',
  },
  titular: 'Lucía Fernández',
  tipoTicket: { nombre: 'Entrada General', modo: 'por_cantidad', descripcionLimite: '4 bebidas' },
  estado: 'activo',
  bebidasConsumidas: 1,
  bebidasRestantes: 3,
  proximaBebida: null,
  qrCode: 'QR-LUCIA-0001',
  ...overrides,
});
