import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicScannerPage } from '@/features/scanner/pages/public-scanner-page';
import { failure } from '../../support/api-stub';
import {
  anEventBanner,
  aRefusal,
  aScannerTicket,
  aScanResult,
  callsTo,
  KEY,
  postedBodies,
  QR,
  renderScanner,
  route,
  serveScanner,
  urlsOf,
} from './scanner-fixtures';

// Each journey types, waits for answers and renders the whole page: on a busy 2-core machine one
// takes longer than Vitest's default 5 s. A missing text still fails after findBy's own 5 s.
vi.setConfig({ testTimeout: 20_000 });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A consume stub that echoes the scanId, as the server does. */
const consumeAnswer =
  (result = aScanResult()) =>
  (body: unknown) =>
    ({ ...result, scanId: (body as { scanId: string }).scanId }) as typeof result;

const resultRegion = () => screen.getByText('Consumo Registrado').closest('[aria-live]') as HTMLElement;
const ticketCard = () => screen.findByRole('region', { name: 'Información del Ticket' });

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
    expect(input).toHaveFocus();
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
    expect(screen.getByText(/Próxima bebida a partir de las 04\/07 23:30/)).toBeInTheDocument();
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

  it('submits with Enter, as a handheld scanner does, and shows the same code again within 3 s as a repeat, not sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-07-04T21:00:00.000Z'));
    const fetchMock = serveScanner({ [route.consume]: consumeAnswer(), [route.ticket()]: aScannerTicket() });
    const { user, input } = await renderScanner();

    await user.type(input, `${QR}{Enter}`);
    await screen.findByText('Consumo Registrado');
    expect(callsTo(fetchMock, route.consume)).toBe(1);

    // The scanner reads the same code again 2.4 s later, typed over the code in the field.
    vi.setSystemTime(new Date('2030-07-04T21:00:02.400Z'));
    await user.keyboard(`${QR}{Enter}`);
    expect(await screen.findByText('Ya escaneado hace 2 s')).toBeInTheDocument();
    expect(callsTo(fetchMock, route.consume)).toBe(1);
    // The field is empty for the next guest; the first answer stays.
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(within(resultRegion()).getByText('Ya escaneado hace 2 s')).toBeInTheDocument();

    // Three seconds after the scan that was sent, it is a new drink.
    vi.setSystemTime(new Date('2030-07-04T21:00:03.100Z'));
    await user.keyboard(`${QR}{Enter}`);
    await waitFor(() => expect(callsTo(fetchMock, route.consume)).toBe(2));
    const [first, second] = postedBodies(fetchMock, route.consume);
    expect(first!.scanId).not.toBe(second!.scanId);
    await waitFor(() => expect(screen.queryByText(/Ya escaneado/)).not.toBeInTheDocument());
  });

  it('counts the seconds of a repeat from the scan that was sent: 1 s at the least', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-07-04T21:00:00.000Z'));
    serveScanner({ [route.consume]: consumeAnswer(), [route.ticket()]: aScannerTicket() });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    await screen.findByText('Consumo Registrado');
    // A handheld scanner's double read: the same code a moment later.
    vi.setSystemTime(new Date('2030-07-04T21:00:00.150Z'));
    await user.keyboard(`${QR}{Enter}`);
    expect(await screen.findByText('Ya escaneado hace 1 s')).toBeInTheDocument();
  });

  it("a handheld scanner's next code replaces the code already sent, never adds to it", async () => {
    const fetchMock = serveScanner({ [route.consume]: consumeAnswer(), [route.ticket()]: aScannerTicket() });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    await screen.findByText('Consumo Registrado');
    // Ready for the next guest: the code is selected...
    expect(input).toHaveFocus();
    expect([(input as HTMLInputElement).selectionStart, (input as HTMLInputElement).selectionEnd]).toEqual([
      0,
      QR.length,
    ]);
    await user.keyboard('qr-dos{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, route.consume)).toBe(2));

    // ...and even with the cursor at its end, what comes next is a new code.
    await screen.findByText('Consumo Registrado');
    (input as HTMLInputElement).setSelectionRange(6, 6);
    await user.keyboard('qr-tres{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, route.consume)).toBe(3));
    expect(postedBodies(fetchMock, route.consume).map((body) => body.qrCode)).toEqual([
      QR,
      'qr-dos',
      'qr-tres',
    ]);
  });

  it('a code corrected by hand is kept as typed', async () => {
    const fetchMock = serveScanner({
      [route.consume]: failure(404, { message: 'Ticket no encontrado', error: 'not_found' }),
    });
    const { user, input } = await renderScanner();
    await user.type(input, 'qr-unx{Enter}');
    await screen.findByText('Ticket no encontrado');
    // Backspace, then the right letter: an edit of the code, not a new read.
    (input as HTMLInputElement).setSelectionRange(6, 6);
    await user.keyboard('{Backspace}o{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, route.consume)).toBe(2));
    expect(postedBodies(fetchMock, route.consume).map((body) => body.qrCode)).toEqual(['qr-unx', 'qr-uno']);
  });

  it('a code read while the last scan is on its way goes right after its answer; a repeat is shown', async () => {
    const fetchMock = serveScanner({ [route.consume]: consumeAnswer(), [route.ticket()]: aScannerTicket() });
    const answer = fetchMock.getMockImplementation()!;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    fetchMock.mockImplementation(async (url, init) => {
      if (url.endsWith('/consume') && first) {
        first = false;
        await held;
      }
      return answer(url, init);
    });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    expect(await screen.findByText('Comprobando ticket...')).toBeInTheDocument();
    // The handheld scanner's double read: a repeat, even while the first is on its way.
    await user.keyboard(`${QR}{Enter}`);
    expect(await screen.findByText('Ya escaneado hace 1 s')).toBeInTheDocument();
    expect(input).toHaveValue('');
    // The next guest.
    await user.keyboard('qr-dos{Enter}');
    expect(input).toHaveValue('qr-dos');
    expect(callsTo(fetchMock, route.consume)).toBe(1);
    await act(async () => release());
    await waitFor(() => expect(callsTo(fetchMock, route.consume)).toBe(2));
    expect(postedBodies(fetchMock, route.consume).map((body) => body.qrCode)).toEqual([QR, 'qr-dos']);
  });

  it('empties the code 3 s after a recorded drink', async () => {
    serveScanner({ [route.consume]: consumeAnswer(), [route.ticket()]: aScannerTicket() });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    await screen.findByText('Consumo Registrado');
    const shown = Date.now();
    expect(input).toHaveValue(QR);
    await waitFor(() => expect(input).toHaveValue(''), { timeout: 4000, interval: 100 });
    expect(Date.now() - shown).toBeGreaterThan(2500);
  });

  it("shows the server's message when the ticket is unknown, and lets the same code be tried again", async () => {
    const fetchMock = serveScanner({
      [route.consume]: failure(404, { message: 'Ticket no encontrado', error: 'not_found' }),
    });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    expect(await screen.findByRole('heading', { name: 'Error al procesar el ticket' })).toBeInTheDocument();
    expect(screen.getByText('Ticket no encontrado')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, route.consume)).toBe(2));
  });

  it('says when the server asks to slow down (429)', async () => {
    serveScanner({
      [route.consume]: failure(429, {
        message: 'Demasiados escaneos seguidos. Espera unos segundos e inténtalo de nuevo.',
        error: 'rate_limited',
      }),
    });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    expect(
      await screen.findByText('Demasiados escaneos seguidos. Espera unos segundos e inténtalo de nuevo.'),
    ).toBeInTheDocument();
  });

  it('sends the scan once more with the same scanId when the first request got no answer', async () => {
    const fetchMock = serveScanner({ [route.consume]: consumeAnswer(), [route.ticket()]: aScannerTicket() });
    const answer = fetchMock.getMockImplementation()!;
    let dropped = false;
    fetchMock.mockImplementation(async (url, init) => {
      if (url.endsWith('/consume') && !dropped) {
        dropped = true;
        throw new TypeError('Failed to fetch');
      }
      return answer(url, init);
    });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    expect(await screen.findByText('Consumo Registrado')).toBeInTheDocument();
    const [first, retry] = fetchMock.mock.calls
      .filter(([url]) => url.endsWith('/consume'))
      .map(([, init]) => JSON.parse(String(init?.body)) as { scanId: string });
    expect(retry!.scanId).toBe(first!.scanId);
  });

  it('disables the main button while the request is in flight', async () => {
    let answer: (value: Response) => void = () => {};
    const fetchMock = serveScanner({ [route.ticket()]: aScannerTicket() });
    const ticketAnswer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((url, init) =>
      url.endsWith('/consume')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : ticketAnswer(url, init),
    );
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    expect(screen.getByRole('button', { name: 'Validar y Registrar Ticket' })).toBeDisabled();
    await act(async () => answer(Response.json(aScanResult())));
    expect(await screen.findByText('Consumo Registrado')).toBeInTheDocument();
    await user.type(input, 'x');
    expect(screen.getByRole('button', { name: 'Validar y Registrar Ticket' })).toBeEnabled();
  });
});

describe('public scanner: advanced mode', () => {
  it("verifies first, then records with 'Registrar Consumo' and reloads the ticket", async () => {
    let drinks = 0;
    const fetchMock = serveScanner({
      [route.ticket()]: () =>
        aScannerTicket({
          consumos: Array.from({ length: drinks }, (_, i) => ({
            id: i + 1,
            tipoBebida: 'cerveza',
            timestamp: '2030-07-04T21:05:00.000Z',
            barra: null,
          })),
        }),
      [route.consume]: (body: unknown) => {
        drinks += 1;
        return consumeAnswer(aScanResult({ remainingDrinks: 2, tipoBebida: 'cerveza' }))(body);
      },
    });
    const { user, input } = await renderScanner();
    await user.click(screen.getByRole('button', { name: 'Cambiar a Escáner Avanzado' }));
    expect(screen.getByRole('heading', { name: 'Escáner Avanzado' })).toBeInTheDocument();
    expect(input).toHaveFocus();

    await user.type(input, QR);
    const register = screen.getByRole('button', { name: 'Registrar Consumo' });
    expect(register).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Verificar Ticket' })).toHaveClass('bg-brand-700');
    await user.click(screen.getByRole('button', { name: 'Verificar Ticket' }));

    expect(await screen.findByText('Puede consumir')).toBeInTheDocument();
    expect(screen.getByText('Historial de consumos (0)')).toBeInTheDocument();
    expect(callsTo(fetchMock, route.consume)).toBe(0);
    expect(register).toBeEnabled();
    // Recording is the next step now: that button is the strong one, verifying again the outlined one.
    const verifyButton = screen.getByRole('button', { name: 'Verificar Ticket' });
    expect(register).toHaveClass('bg-brand-700');
    expect(register).not.toHaveClass('bg-white');
    expect(verifyButton).toHaveClass('bg-white', 'border-brand-700');

    await user.selectOptions(screen.getByLabelText('Bebida'), 'cerveza');
    await user.click(register);
    expect(await screen.findByText('Consumo Registrado')).toBeInTheDocument();
    expect(screen.getByText('Quedan 2 bebidas')).toBeInTheDocument();
    expect(postedBodies(fetchMock, route.consume)[0]).toMatchObject({ qrCode: QR, tipoBebida: 'cerveza' });
    // Reloaded half a second later.
    expect(await screen.findByText('Historial de consumos (1)')).toBeInTheDocument();
    // The code stays, for another drink of the same ticket.
    expect(input).toHaveValue(QR);
  });

  it('shows why a verified ticket cannot drink, and a code that is not the verified one cannot be recorded', async () => {
    serveScanner({
      [route.ticket()]: aScannerTicket({
        ticket: { id: 1, estado: 'agotado', titular: 'Ana García', createdAt: '2030-06-01T10:00:00.000Z' },
        verificacion: aRefusal(),
      }),
      [route.ticket('otro')]: failure(403, { message: 'Este ticket no pertenece a este evento', error: 'x' }),
    });
    const { user, input } = await renderScanner();
    await user.click(screen.getByRole('button', { name: 'Cambiar a Escáner Avanzado' }));
    await user.type(input, `${QR}{Enter}`);
    expect(await screen.findByText('No puede consumir')).toBeInTheDocument();
    expect(screen.getByText('Agotado')).toBeInTheDocument();
    expect(screen.getByText('Límite de bebidas alcanzado')).toBeInTheDocument();
    // Nothing to record: verifying stays the strong button.
    expect(screen.getByRole('button', { name: 'Verificar Ticket' })).toHaveClass('bg-brand-700');
    expect(screen.getByRole('button', { name: 'Registrar Consumo' })).not.toHaveClass('bg-brand-700');

    await user.clear(input);
    await user.type(input, 'otro{Enter}');
    expect(await screen.findByText('Error al obtener información del ticket')).toBeInTheDocument();
    expect(screen.getByText('Este ticket no pertenece a este evento')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar Consumo' })).toBeDisabled();
  });
});

describe('public scanner: advanced mode, read twice', () => {
  it('a repeat of the verified code is shown and keeps the code, so it can still be registered', async () => {
    const fetchMock = serveScanner({ [route.ticket()]: aScannerTicket(), [route.consume]: consumeAnswer() });
    const { user, input } = await renderScanner();
    await user.click(screen.getByRole('button', { name: 'Cambiar a Escáner Avanzado' }));
    await user.type(input, `${QR}{Enter}`);
    expect(await screen.findByText('Puede consumir')).toBeInTheDocument();
    await user.keyboard(`${QR}{Enter}`);
    expect(await screen.findByText('Ya escaneado hace 1 s')).toBeInTheDocument();
    expect(callsTo(fetchMock, route.ticket())).toBe(1);
    expect(input).toHaveValue(QR);
    await user.click(screen.getByRole('button', { name: 'Registrar Consumo' }));
    expect(await screen.findByText('Consumo Registrado')).toBeInTheDocument();
    expect(callsTo(fetchMock, route.consume)).toBe(1);
  });
});

describe('public scanner: after a scan', () => {
  it("'Nuevo Escaneo' empties the code and forgets the result and the ticket", async () => {
    serveScanner({ [route.consume]: consumeAnswer(), [route.ticket()]: aScannerTicket() });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    await ticketCard();
    await user.click(screen.getByRole('button', { name: 'Nuevo Escaneo' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.queryByText('Consumo Registrado')).not.toBeInTheDocument();
    expect(screen.queryByText('Información del Ticket')).not.toBeInTheDocument();
  });

  it("'Deshacer' takes the drink back with the scan's id and this device's id, then reloads the ticket", async () => {
    const fetchMock = serveScanner({
      [route.consume]: consumeAnswer(),
      [route.ticket()]: aScannerTicket(),
      [route.undo]: { undone: true, message: 'Consumo deshecho' },
    });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    await user.click(await screen.findByRole('button', { name: 'Deshacer' }));

    expect(await screen.findByRole('heading', { name: 'Consumo deshecho' })).toBeInTheDocument();
    // Said once: the server's message is the same words as the title.
    expect(screen.getAllByText('Consumo deshecho')).toHaveLength(1);
    expect(screen.queryByText('Consumo Registrado')).not.toBeInTheDocument();
    const [consumed] = postedBodies(fetchMock, route.consume);
    expect(postedBodies(fetchMock, route.undo)).toEqual([
      { scanId: consumed!.scanId, deviceId: consumed!.deviceId },
    ]);
    await waitFor(() => expect(callsTo(fetchMock, route.ticket())).toBe(2));
  });

  it('says when it is too late to undo, and hides the button', async () => {
    serveScanner({
      [route.consume]: consumeAnswer(),
      [route.ticket()]: aScannerTicket(),
      [route.undo]: failure(409, { message: 'Ya no se puede deshacer este consumo', error: 'conflict' }),
    });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    await user.click(await screen.findByRole('button', { name: 'Deshacer' }));
    expect(await screen.findByText('Ya no se puede deshacer este consumo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deshacer' })).not.toBeInTheDocument();
  });
});

describe('public scanner: this device', () => {
  it('asks the bar once, sends it with every drink and remembers it', async () => {
    const fetchMock = serveScanner({ [route.consume]: consumeAnswer(), [route.ticket()]: aScannerTicket() });
    const { user, input, view } = await renderScanner({ barra: null });
    await user.type(screen.getByLabelText('¿En qué barra estás?'), 'Barra Piscina');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.queryByLabelText('¿En qué barra estás?')).not.toBeInTheDocument();
    expect(screen.getByText('Barra Piscina')).toBeInTheDocument();

    await user.type(input, `${QR}{Enter}`);
    await screen.findByText('Consumo Registrado');
    expect(postedBodies(fetchMock, route.consume)[0]).toMatchObject({ barra: 'Barra Piscina' });

    view.unmount();
    render(<PublicScannerPage apiKey={KEY} />);
    await screen.findByRole('heading', { name: 'Boda Ana y Luis' });
    expect(screen.queryByLabelText('¿En qué barra estás?')).not.toBeInTheDocument();
    expect(screen.getByText('Barra Piscina')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cambiar barra' }));
    const field = screen.getByLabelText('¿En qué barra estás?');
    await user.clear(field);
    await user.type(field, 'Terraza{Enter}');
    expect(localStorage.getItem('drinkflow-scanner-barra')).toBe('Terraza');
  });

  it("'Ahora no' is remembered too: the question does not come back", async () => {
    const fetchMock = serveScanner({ [route.consume]: consumeAnswer(), [route.ticket()]: aScannerTicket() });
    const { user, input, view } = await renderScanner({ barra: null });
    await user.click(screen.getByRole('button', { name: 'Ahora no' }));
    await user.type(input, `${QR}{Enter}`);
    await screen.findByText('Consumo Registrado');
    expect(postedBodies(fetchMock, route.consume)[0]).not.toHaveProperty('barra');
    view.unmount();
    render(<PublicScannerPage apiKey={KEY} />);
    await screen.findByRole('heading', { name: 'Boda Ana y Luis' });
    expect(screen.queryByLabelText('¿En qué barra estás?')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Indicar barra' })).toBeInTheDocument();
  });

  it('keeps one device id across scans and visits', async () => {
    const fetchMock = serveScanner({ [route.consume]: consumeAnswer(), [route.ticket()]: aScannerTicket() });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    await screen.findByText('Consumo Registrado');
    await user.click(screen.getByRole('button', { name: 'Nuevo Escaneo' }));
    await user.type(input, `${QR}{Enter}`);
    await waitFor(() => expect(callsTo(fetchMock, route.consume)).toBe(2));
    const [first, second] = postedBodies(fetchMock, route.consume);
    expect(second!.deviceId).toBe(first!.deviceId);
    expect(localStorage.getItem('drinkflow-scanner-dispositivo')).toBe(first!.deviceId);
  });

  it('remembers the sound and vibration switches, and vibrates only when it is on', async () => {
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { vibrate }));
    serveScanner({ [route.consume]: consumeAnswer(), [route.ticket()]: aScannerTicket() });
    const { user, input, view } = await renderScanner();
    const sound = screen.getByRole('button', { name: 'Sonido' });
    const vibration = screen.getByRole('button', { name: 'Vibración' });
    expect(sound).toHaveAttribute('aria-pressed', 'false');
    expect(vibration).toHaveAttribute('aria-pressed', 'true');

    await user.type(input, `${QR}{Enter}`);
    await screen.findByText('Consumo Registrado');
    expect(vibrate).toHaveBeenCalledTimes(1);

    await user.click(sound);
    await user.click(vibration);
    expect(sound).toHaveAttribute('aria-pressed', 'true');
    expect(vibration).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Nuevo Escaneo' }));
    await user.type(input, `${QR}{Enter}`);
    await screen.findByText('Consumo Registrado');
    expect(vibrate).toHaveBeenCalledTimes(1);

    view.unmount();
    render(<PublicScannerPage apiKey={KEY} />);
    await screen.findByRole('heading', { name: 'Boda Ana y Luis' });
    expect(screen.getByRole('button', { name: 'Sonido' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Vibración' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('public scanner: the event’s bars (docs/rules/festivals.md)', () => {
  it('offers the event’s bars as the choice, and looks tickets up at the chosen bar', async () => {
    const fetchMock = serveScanner({
      [route.event]: anEventBanner({ barras: ['VIP', 'Terraza'] }),
      [route.ticket()]: aScannerTicket(),
    });
    const { user, input } = await renderScanner({ barra: null });
    const choice = screen.getByRole('group', { name: '¿En qué barra estás?' });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['VIP', 'Terraza']);
    expect(screen.queryByRole('textbox', { name: '¿En qué barra estás?' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await user.click(within(choice).getByRole('radio', { name: 'VIP' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(localStorage.getItem('drinkflow-scanner-barra')).toBe('VIP');

    await user.click(screen.getByRole('button', { name: 'Cambiar a Escáner Avanzado' }));
    await user.type(input, `${QR}{Enter}`);
    await ticketCard();
    expect(urlsOf(fetchMock, route.ticket())).toEqual([`/api/scanner/${KEY}/ticket/${QR}?barra=VIP`]);
  });

  it('asks again when the bar this device remembers is not one of the event’s', async () => {
    serveScanner({ [route.event]: anEventBanner({ barras: ['VIP', 'Terraza'] }) });
    await renderScanner({ barra: 'Barra Piscina' });
    expect(screen.getByRole('group', { name: '¿En qué barra estás?' })).toBeInTheDocument();
  });

  it('keeps the free text when the event has no bars', async () => {
    serveScanner({ [route.event]: anEventBanner({ barras: [] }) });
    await renderScanner({ barra: null });
    expect(screen.getByRole('textbox', { name: '¿En qué barra estás?' })).toBeInTheDocument();
  });
});
