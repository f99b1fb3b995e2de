import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicScannerPage } from '@/features/scanner/pages/public-scanner-page';
import {
  anEventBanner,
  aScannerTicket,
  callsTo,
  consumeAnswer,
  KEY,
  postedBodies,
  QR,
  renderScanner,
  route,
  serveScanner,
  ticketCard,
  urlsOf,
} from './scanner-fixtures';

// Each journey types, waits for answers and renders the whole page: on a busy 2-core machine one
// takes longer than Vitest's default 5 s. A missing text still fails after findBy's own 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.useRealTimers();
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
