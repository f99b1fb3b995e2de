import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { consumeTicket } from '@/features/scanner/api/consume-ticket';
import { storedOfflineData } from '@/features/scanner/offline/offline-data-store';
import { OfflineStatus, dataAgeText } from '@/features/scanner/offline/offline-status';
import type { OfflineStatusSnapshot } from '@/features/scanner/offline/offline-runner';
import { useOfflineScanner } from '@/features/scanner/offline/use-offline-scanner';
import {
  failure,
  freshDevice,
  KEY,
  MINUTE,
  offlineDataWith,
  posted,
  stubScannerApi,
  uploaded,
} from './offline-fixtures';

const snapshot = (patch: Partial<OfflineStatusSnapshot> = {}): OfflineStatusSnapshot => ({
  online: true,
  dataAt: Date.now(),
  pending: 0,
  failed: [],
  ...patch,
});

describe('OfflineStatus', () => {
  it('says when the scanner works without connection, how old its data is and what waits to be sent', () => {
    const { rerender } = render(
      <OfflineStatus
        status={snapshot({ online: false, dataAt: Date.now() - 2 * MINUTE - 5_000, pending: 3 })}
      />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Sin conexión — modo offline');
    expect(status).toHaveTextContent('Datos de hace 2 min');
    expect(status).toHaveTextContent('3 pendientes de enviar');

    rerender(<OfflineStatus status={snapshot({ pending: 1 })} />);
    expect(status).toHaveTextContent('En línea');
    expect(status).toHaveTextContent('1 pendiente de enviar');
    expect(status).not.toHaveTextContent('Sin conexión');

    rerender(<OfflineStatus status={snapshot({ dataAt: null })} />);
    expect(status).toHaveTextContent('Sin datos offline');
    expect(status).not.toHaveTextContent('pendiente');
  });

  it('reads the age of the data in minutes, hours or days', () => {
    const now = Date.UTC(2030, 6, 4, 22);
    expect(dataAgeText(null, now)).toBe('Sin datos offline');
    expect(dataAgeText(now - 59_000, now)).toBe('Datos de hace un momento');
    expect(dataAgeText(now + 5_000, now)).toBe('Datos de hace un momento');
    expect(dataAgeText(now - MINUTE, now)).toBe('Datos de hace 1 min');
    expect(dataAgeText(now - 59 * MINUTE, now)).toBe('Datos de hace 59 min');
    expect(dataAgeText(now - 60 * MINUTE, now)).toBe('Datos de hace 1 h');
    expect(dataAgeText(now - 47 * 60 * MINUTE, now)).toBe('Datos de hace 47 h');
    expect(dataAgeText(now - 72 * 60 * MINUTE, now)).toBe('Datos de hace 3 días');
  });

  it('lists the drinks the server refused for good until the bartender dismisses them', async () => {
    let cleared = 0;
    const failed = [
      {
        apiKey: KEY,
        scanId: 's1',
        escaneadoEn: '2030-07-04T20:15:00.000Z',
        tipoBebida: 'copa',
        barra: 'Terraza',
        titular: 'Ana García',
        status: 404,
        message: 'Ticket no encontrado',
      },
    ];
    render(<OfflineStatus status={snapshot({ failed })} onClearFailed={() => (cleared += 1)} />);
    const user = userEvent.setup();
    await user.click(screen.getByText('1 consumo no se pudo enviar'));
    expect(screen.getByRole('listitem')).toHaveTextContent(
      '22:15 · Ana García · Copa · Terraza — Ticket no encontrado',
    );
    expect(screen.getByRole('listitem')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Entendido' }));
    expect(cleared).toBe(1);
  });
});

function Page() {
  const { status, clearFailed } = useOfflineScanner(KEY);
  return <OfflineStatus status={status} onClearFailed={clearFailed} />;
}

describe('useOfflineScanner', () => {
  beforeEach(freshDevice);

  it('downloads the offline data when the scanner opens', async () => {
    const fetchMock = stubScannerApi({
      'GET /offline': Response.json(await offlineDataWith([{ qr: 'qr-uno' }])),
    });
    render(<Page />);
    expect(await screen.findByText('Datos de hace un momento')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(`/api/scanner/${KEY}/offline`, expect.anything());
    expect(screen.getByRole('status')).toHaveTextContent('En línea');
  });

  it('counts the drinks served offline and sends them when the network comes back', async () => {
    const data = await offlineDataWith([
      { qr: 'qr-uno', tipo: 1 },
      { qr: 'qr-dos', tipo: 1 },
    ]);
    stubScannerApi({ 'GET /offline': Response.json(data) });
    render(<Page />);
    await screen.findByText('Datos de hace un momento');
    // The download this page started is stored (the refresh reads the stored ETag first).
    await waitFor(async () => expect(await storedOfflineData(KEY)).not.toBeNull());

    // The network falls: two drinks are served offline.
    act(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
      window.dispatchEvent(new Event('offline'));
    });
    stubScannerApi({});
    await act(() => consumeTicket(KEY, { qrCode: 'qr-uno', scanId: 'a', deviceId: 'd' }));
    await act(() => consumeTicket(KEY, { qrCode: 'qr-dos', scanId: 'b', deviceId: 'd' }));
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('2 pendientes de enviar'));
    expect(status).toHaveTextContent('Sin conexión — modo offline');

    // It comes back: the queue is sent, one refused for good.
    const fetchMock = stubScannerApi({
      'GET /offline': Response.json(data),
      'POST /consume': (body) => (body.scanId === 'a' ? uploaded() : failure(404, 'Ticket no encontrado')),
    });
    act(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(status).not.toHaveTextContent('pendiente'));
    expect(status).toHaveTextContent('En línea');
    expect(posted(fetchMock, '/consume').map((body) => body.scanId)).toEqual(['a', 'b']);
    expect(await screen.findByText('1 consumo no se pudo enviar')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('1 consumo no se pudo enviar'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByText('1 consumo no se pudo enviar')).not.toBeInTheDocument());
    expect(within(status).queryByText(/Sin conexión/)).not.toBeInTheDocument();
  });
});
