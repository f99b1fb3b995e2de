import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicScannerPage } from '@/features/scanner/pages/public-scanner-page';
import { failure } from '../../support/api-stub';
import {
  aRefusal,
  aScannerTicket,
  aScanResult,
  callsTo,
  consumeAnswer,
  KEY,
  postedBodies,
  QR,
  renderScanner,
  resultRegion,
  route,
  serveScanner,
  ticketCard,
} from './scanner-fixtures';

// Each journey types, waits for answers and renders the whole page: on a busy 2-core machine one
// takes longer than Vitest's default 5 s. A missing text still fails after findBy's own 5 s.
vi.setConfig({ testTimeout: 20_000 });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.useRealTimers();
});

describe('public scanner: the URL', () => {
  it("says 'URL Inválida' when the link has no key, without calling the API", () => {
    const fetchMock = serveScanner({});
    render(<PublicScannerPage apiKey={undefined} />);
    expect(screen.getByRole('heading', { level: 1, name: 'URL Inválida' })).toBeInTheDocument();
    expect(screen.getByText(/API Key inválida/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the key is invalid when the server knows no event for it', async () => {
    serveScanner({
      [route.event]: failure(404, { message: 'API Key inválida o evento no encontrado', error: 'x' }),
    });
    render(<PublicScannerPage apiKey={KEY} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'API Key inválida' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'API Key inválida o evento no encontrado. Verifica que tengas el enlace correcto del escáner.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Código QR')).not.toBeInTheDocument();
  });

  it("shows the event's name, place and dates in Madrid time, and the code field ready in quick mode", async () => {
    serveScanner({});
    const { input } = await renderScanner();
    const banner = screen.getByRole('region', { name: 'Evento' });
    expect(within(banner).getByText('Sevilla')).toBeInTheDocument();
    expect(within(banner).getByText('04/07/2030 20:00 – 05/07/2030 04:00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Escáner Rápido' })).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Validar y Registrar Ticket' })).toBeDisabled();
  });
});

describe('public scanner: quick mode', () => {
  it('records a drink in one step: green result with the drinks left, then the ticket', async () => {
    const fetchMock = serveScanner({
      [route.consume]: consumeAnswer(aScanResult({ remainingDrinks: 3 })),
      [route.ticket()]: aScannerTicket({
        consumos: [{ id: 9, tipoBebida: 'copa', timestamp: '2030-07-04T21:05:00.000Z', barra: 'Terraza' }],
      }),
    });
    const { user, input } = await renderScanner();
    await user.type(input, QR);
    await user.click(screen.getByRole('button', { name: 'Validar y Registrar Ticket' }));

    expect(await screen.findByText('Consumo Registrado')).toBeInTheDocument();
    expect(within(resultRegion()).getByText('Quedan 3 bebidas')).toBeInTheDocument();
    expect(resultRegion()).toHaveAttribute('aria-live', 'assertive');
    const [body] = postedBodies(fetchMock, route.consume);
    expect(body).toEqual({
      qrCode: QR,
      scanId: expect.stringMatching(UUID),
      barra: 'Terraza',
      deviceId: expect.stringMatching(UUID),
    });
    // The ticket, reloaded after the drink; its holder in the result too, to check against an ID.
    expect(within(await ticketCard()).getByText('Ana García')).toBeInTheDocument();
    expect(within(resultRegion()).getByText('Ana García')).toBeInTheDocument();
    expect(screen.getByText('Activo')).toBeInTheDocument();
    expect(screen.getByText('Por Cantidad · 4 bebidas')).toBeInTheDocument();
    expect(screen.getByText('Historial de consumos (1)')).toBeInTheDocument();
    expect(screen.getByText('04/07 23:05')).toBeInTheDocument();
    // Ready for the next scan without a touch.
    expect(input).toHaveFocus();
  });

  it('shows the ticket the consume answer carries without asking for it again, and names the device on every call', async () => {
    const {
      evento: _evento,
      verificacion: _verificacion,
      ...carried
    } = aScannerTicket({
      ticket: { id: 1, estado: 'activo', titular: 'Carmen Vidal', createdAt: '2030-06-01T10:00:00.000Z' },
      consumos: [{ id: 9, tipoBebida: 'copa', timestamp: '2030-07-04T21:05:00.000Z', barra: 'Terraza' }],
    });
    const fetchMock = serveScanner({
      [route.consume]: consumeAnswer(aScanResult({ remainingDrinks: 3, ...carried })),
      [route.ticket()]: aScannerTicket(),
    });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);

    expect(await screen.findByText('Consumo Registrado')).toBeInTheDocument();
    // The holder (for an ID check) and the drink just served, from the consume answer itself.
    expect(within(resultRegion()).getByText('Carmen Vidal')).toBeInTheDocument();
    expect(within(await ticketCard()).getByText('Carmen Vidal')).toBeInTheDocument();
    expect(screen.getByText('Historial de consumos (1)')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(callsTo(fetchMock, route.ticket())).toBe(0);
    expect(callsTo(fetchMock, route.consume)).toBe(1);

    // Every scanner call, the GETs included, names this device.
    const [deviceId] = postedBodies(fetchMock, route.consume).map((body) => body.deviceId);
    const headers = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('x-device-id'));
    expect(headers.length).toBeGreaterThanOrEqual(2);
    expect(headers).toEqual(headers.map(() => deviceId));
  });

  it('shows a refusal in red with its reason and the time of the next drink', async () => {
    serveScanner({
      [route.consume]: aRefusal({
        message: 'Debes esperar antes de la próxima bebida',
        reason: 'intervalo',
        nextAllowedTime: '2030-07-04T21:30:00.000Z',
      }),
      [route.ticket()]: aScannerTicket(),
    });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    expect(await screen.findByRole('heading', { name: 'Error de Validación' })).toBeInTheDocument();
    expect(screen.getByText('Debes esperar antes de la próxima bebida')).toBeInTheDocument();
    expect(screen.getByText('Próxima bebida a partir del 04/07 a las 23:30')).toBeInTheDocument();
    expect(screen.queryByText('Consumo Registrado')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deshacer' })).not.toBeInTheDocument();
  });

  it('states the time of the next drink once when the refusal already says it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-07-04T21:00:00.000Z'));
    serveScanner({
      [route.consume]: aRefusal({
        message: 'Debe esperar hasta las 23:30 para la siguiente bebida',
        reason: 'intervalo',
        nextAllowedTime: '2030-07-04T21:30:00.000Z',
      }),
    });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    expect(await screen.findByRole('heading', { name: 'Error de Validación' })).toBeInTheDocument();
    const result = screen.getByRole('region', { name: 'Resultado del escaneo' });
    expect(
      within(result).getByText('Debe esperar hasta las 23:30 para la siguiente bebida'),
    ).toBeInTheDocument();
    expect(within(result).queryByText(/Próxima bebida/)).not.toBeInTheDocument();
    expect(within(result).getAllByText(/23:30/)).toHaveLength(1);
  });

  it('keeps one place for the result above the code field, waiting before the first scan', async () => {
    serveScanner({ [route.consume]: consumeAnswer(), [route.ticket()]: aScannerTicket() });
    const { user, input } = await renderScanner();
    const result = screen.getByRole('region', { name: 'Resultado del escaneo' });
    expect(within(result).getByText('Listo para escanear')).toBeInTheDocument();
    // Above the field: an answer fills that place, it does not push the field down.
    expect(result.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.type(input, `${QR}{Enter}`);
    expect(await within(result).findByRole('heading', { name: 'Consumo Registrado' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Resultado del escaneo' })).toBe(result);
    expect(within(result).queryByText('Listo para escanear')).not.toBeInTheDocument();
  });
});
