import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failure } from '../../support/api-stub';
import {
  aRefusal,
  aScannerTicket,
  aScanResult,
  callsTo,
  consumeAnswer,
  postedBodies,
  QR,
  renderScanner,
  route,
  serveScanner,
  ticketCard,
} from './scanner-fixtures';

// Each journey types, waits for answers and renders the whole page: on a busy 2-core machine one
// takes longer than Vitest's default 5 s. A missing text still fails after findBy's own 5 s.
vi.setConfig({ testTimeout: 20_000 });

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
    // Another event's ticket is refused, not a fault (docs/decisions/065).
    expect(await screen.findByRole('heading', { name: 'Ticket no válido' })).toBeInTheDocument();
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
