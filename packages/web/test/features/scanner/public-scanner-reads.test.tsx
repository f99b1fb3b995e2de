import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure } from '../../support/api-stub';
import {
  aScannerTicket,
  aScanResult,
  callsTo,
  consumeAnswer,
  postedBodies,
  QR,
  renderScanner,
  resultRegion,
  route,
  serveScanner,
} from './scanner-fixtures';

// Each journey types, waits for answers and renders the whole page: on a busy 2-core machine one
// takes longer than Vitest's default 5 s. A missing text still fails after findBy's own 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.useRealTimers();
});

describe('public scanner: quick mode', () => {
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

  it("titles an unknown code 'Ticket no válido' with the server's message, and lets it be tried again", async () => {
    const fetchMock = serveScanner({
      [route.consume]: failure(404, { message: 'Ticket no encontrado', error: 'not_found' }),
    });
    const { user, input } = await renderScanner();
    await user.type(input, `${QR}{Enter}`);
    expect(await screen.findByRole('heading', { name: 'Ticket no válido' })).toBeInTheDocument();
    expect(screen.getByText('Ticket no encontrado')).toBeInTheDocument();
    expect(screen.queryByText('Error al procesar el ticket')).not.toBeInTheDocument();
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
