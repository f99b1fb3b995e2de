import type { ScannerEvent, ScannerTicketResponse, ScanResult } from '@drinkflow/domain/scanner';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PublicScannerPage } from '@/features/scanner/pages/public-scanner-page';
import { type ApiRoutes, serveApi } from '../../support/api-stub';

/** Builders for what the scanner API sends, typed by the domain's wire schemas. */

export const anEventBanner = (patch: Partial<ScannerEvent> = {}): ScannerEvent => ({
  nombre: 'Boda Ana y Luis',
  ubicacion: 'Sevilla',
  fechaInicio: '2030-07-04T18:00:00.000Z',
  fechaFin: '2030-07-05T02:00:00.000Z',
  ...patch,
});

export const aScanResult = (patch: Partial<ScanResult> = {}): ScanResult => ({
  success: true,
  canConsume: true,
  message: 'Consumo permitido',
  reason: 'ok',
  remainingDrinks: 3,
  tipoBebida: 'copa',
  ...patch,
});

export const aRefusal = (patch: Partial<ScanResult> = {}): ScanResult =>
  aScanResult({
    success: false,
    canConsume: false,
    message: 'Límite de bebidas alcanzado',
    reason: 'agotado',
    remainingDrinks: undefined,
    ...patch,
  });

export const aScannerTicket = (patch: Partial<ScannerTicketResponse> = {}): ScannerTicketResponse => ({
  ticket: { id: 1, estado: 'activo', titular: 'Ana García', createdAt: '2030-06-01T10:00:00.000Z' },
  evento: anEventBanner(),
  tipoTicket: {
    nombre: 'Bono 4 Copas',
    modo: 'por_cantidad',
    maxDrinks: 4,
    drinkIntervalMinutes: null,
    durationMinutes: null,
    drinkType: 'copas',
    validoDesde: '2030-07-04T18:00:00.000Z',
    validoHasta: '2030-07-05T02:00:00.000Z',
  },
  consumos: [],
  verificacion: {
    success: true,
    canConsume: true,
    message: 'Consumo permitido',
    reason: 'ok',
    remainingDrinks: 3,
    tipoBebida: 'copa',
  },
  ...patch,
});

export const KEY = 'clave-evento';
export const QR = 'qr-uno';
export const route = {
  event: `GET /api/scanner/${KEY}/event`,
  ticket: (qr = QR) => `GET /api/scanner/${KEY}/ticket/${qr}`,
  consume: `POST /api/scanner/${KEY}/consume`,
  undo: `POST /api/scanner/${KEY}/undo`,
} as const;

/**
 * The scanner API's answers (the shared stub's routes are the authenticated app's; the scanner's
 * paths carry a key, so they are given here by their literal path). A route left out answers 404.
 */
export function serveScanner(routes: Record<string, unknown>) {
  return serveApi({ [route.event]: anEventBanner(), ...routes } as ApiRoutes);
}

/** The parsed bodies POSTed to `path`, in order. */
export function postedBodies(
  fetchMock: ReturnType<typeof serveApi>,
  path: string,
): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === path)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** How many calls went to `path`, whatever their query string (the ticket lookup's `?barra=`). */
export const callsTo = (fetchMock: ReturnType<typeof serveApi>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url.split('?')[0]}` === path)
    .length;

/** The URLs requested for `path` (with their query strings), in order. */
export const urlsOf = (fetchMock: ReturnType<typeof serveApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url.split('?')[0]}` === path)
    .map(([url]) => url);

/** The public page for KEY, once its event has loaded; the bar question already answered. */
export async function renderScanner({ barra = 'Terraza' }: { barra?: string | null } = {}) {
  if (barra !== null) localStorage.setItem('drinkflow-scanner-barra', barra);
  const user = userEvent.setup();
  const view = render(<PublicScannerPage apiKey={KEY} />);
  await screen.findByRole('heading', { name: 'Boda Ana y Luis' });
  return { user, view, input: screen.getByLabelText('Código QR') };
}

/** A consume stub that echoes the scanId, as the server does. */
export const consumeAnswer =
  (result = aScanResult()) =>
  (body: unknown) =>
    ({ ...result, scanId: (body as { scanId: string }).scanId }) as typeof result;

export const resultRegion = () =>
  screen.getByText('Consumo Registrado').closest('[aria-live]') as HTMLElement;
export const ticketCard = () => screen.findByRole('region', { name: 'Información del Ticket' });
