import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SCANS_PER_SECOND } from '@/features/scanner/hooks/use-qr-camera';
import { scanRegionOf } from '@/features/scanner/utils/decode-schedule';
import {
  aScannerTicket,
  aScanResult,
  callsTo,
  postedBodies,
  QR,
  renderScanner,
  route,
  serveScanner,
} from './scanner-fixtures';

// Each journey types, waits for answers and renders the whole page: on a busy 2-core machine one
// takes longer than Vitest's default 5 s. A missing text still fails after findBy's own 5 s.
vi.setConfig({ testTimeout: 20_000 });

/**
 * qr-scanner as the page uses it, on a 640×480 camera; `decode` plays a frame in which the code
 * held in front of the camera is read, `miss` one in which nothing is, and `region` is where the
 * next frame is read.
 */
const camera = vi.hoisted(() => ({
  decode: (_code: string) => {},
  miss: () => {},
  region: undefined as unknown,
  start: (): Promise<void> => Promise.resolve(),
  hasCamera: true,
  flash: false,
  cameras: [] as { id: string; label: string }[],
  destroyed: 0,
  canvasOptions: [] as unknown[],
  options: undefined as
    | {
        calculateScanRegion?: (video: HTMLVideoElement) => unknown;
        onDecodeError?: (error: string) => void;
        maxScansPerSecond?: number;
      }
    | undefined,
  inversion: [] as string[],
}));

vi.mock('qr-scanner', () => ({
  default: class FakeQrScanner {
    static listCameras = () => Promise.resolve(camera.cameras);
    static hasCamera = () => Promise.resolve(camera.hasCamera);
    constructor(
      video: HTMLVideoElement,
      onDecode: (result: { data: string }) => void,
      options: typeof camera.options,
    ) {
      Object.defineProperties(video, { videoWidth: { value: 640 }, videoHeight: { value: 480 } });
      // qr-scanner asks for the region once and reads that object at every scan.
      camera.region = options?.calculateScanRegion?.(video);
      camera.decode = (code) => onDecode({ data: code });
      camera.miss = () => options?.onDecodeError?.('No QR code found');
      camera.options = options;
    }
    setInversionMode = (mode: string) => camera.inversion.push(mode);
    // The canvas qr-scanner reads frames from; the hook fixes its context options first.
    $canvas = { getContext: (_kind: string, options: unknown) => camera.canvasOptions.push(options) };
    start = () => camera.start();
    hasFlash = () => Promise.resolve(camera.flash);
    isFlashOn = () => false;
    toggleFlash = () => Promise.resolve();
    setCamera = () => Promise.resolve();
    destroy = () => {
      camera.destroyed += 1;
    };
  },
}));

function secureDeviceWithCamera() {
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: () => Promise.resolve({}) },
  });
}

describe('public scanner: camera', () => {
  beforeEach(() => {
    camera.start = () => Promise.resolve();
    camera.hasCamera = true;
    camera.flash = false;
    camera.cameras = [];
    camera.destroyed = 0;
    camera.canvasOptions = [];
    camera.options = undefined;
    camera.region = undefined;
    camera.inversion = [];
    secureDeviceWithCamera();
  });

  it('submits a decoded code like Enter, once while the code stays in view', async () => {
    const fetchMock = serveScanner({
      [route.consume]: (body: unknown) => ({ ...aScanResult(), scanId: (body as { scanId: string }).scanId }),
      [route.ticket()]: aScannerTicket(),
    });
    const { user, input } = await renderScanner();
    await user.click(screen.getByRole('button', { name: 'Activar Cámara' }));
    expect(await screen.findByRole('button', { name: 'Cerrar Cámara' })).toBeInTheDocument();
    expect(camera.canvasOptions).toEqual([{ alpha: false, willReadFrequently: true }]);
    // One cheap pass a frame: the whole frame scaled down, printed codes, first.
    expect(camera.options?.maxScansPerSecond).toBe(SCANS_PER_SECOND);
    expect(camera.region).toEqual(scanRegionOf('overview', 640, 480));
    expect(camera.inversion).toEqual(['original']);

    camera.decode(QR);
    expect(await screen.findByText('Consumo Registrado')).toBeInTheDocument();
    expect(input).toHaveValue(QR);
    // The camera keeps seeing the same code many times a second: silently, no 'Ya escaneado'.
    camera.decode(QR);
    camera.decode(QR);
    const card = await screen.findByRole('region', { name: 'Información del Ticket' });
    expect(within(card).getByText('Ana García')).toBeInTheDocument();
    expect(callsTo(fetchMock, route.consume)).toBe(1);
    expect(screen.queryByText(/Ya escaneado/)).not.toBeInTheDocument();
    expect(screen.getAllByText('Consumo Registrado')).toHaveLength(1);
    expect(postedBodies(fetchMock, route.consume)[0]).toMatchObject({ qrCode: QR });

    // Another ticket is a new scan.
    camera.decode('qr-dos');
    await waitFor(() => expect(callsTo(fetchMock, route.consume)).toBe(2));

    await user.click(screen.getByRole('button', { name: 'Cerrar Cámara' }));
    expect(screen.getByRole('button', { name: 'Activar Cámara' })).toBeInTheDocument();
    expect(camera.destroyed).toBe(1);
  });

  it('looks for a light code on a dark screen once a frame shows nothing, then reads the centre finer', async () => {
    const fetchMock = serveScanner({
      [route.consume]: (body: unknown) => ({ ...aScanResult(), scanId: (body as { scanId: string }).scanId }),
      [route.ticket()]: aScannerTicket(),
    });
    const { user } = await renderScanner();
    await user.click(screen.getByRole('button', { name: 'Activar Cámara' }));
    expect(await screen.findByRole('button', { name: 'Cerrar Cámara' })).toBeInTheDocument();
    const region = camera.region;
    expect(region).toEqual(scanRegionOf('overview', 640, 480));

    camera.miss();
    expect(region).toEqual(scanRegionOf('overview', 640, 480));
    expect(camera.inversion).toEqual(['original', 'invert']);
    camera.miss();
    expect(region).toEqual(scanRegionOf('centre', 640, 480));
    expect(camera.inversion).toEqual(['original', 'invert', 'original']);
    camera.miss();
    camera.miss();
    expect(region).toEqual(scanRegionOf('centre', 640, 480));
    expect(camera.inversion).toEqual(['original', 'invert', 'original', 'invert']);

    // A light code on a dark screen, read and then held in view: read on every frame, sent once.
    camera.decode(QR);
    expect(await screen.findByText('Consumo Registrado')).toBeInTheDocument();
    camera.decode(QR);
    camera.decode(QR);
    expect(camera.inversion).toEqual(['original', 'invert', 'original', 'invert']);
    expect(region).toEqual(scanRegionOf('centre', 640, 480));
    await waitFor(() => expect(callsTo(fetchMock, route.consume)).toBe(1));
    expect(screen.queryByText(/Ya escaneado/)).not.toBeInTheDocument();
  });

  it('offers the choice of camera when there are several, and the torch when there is one', async () => {
    camera.cameras = [
      { id: 'trasera', label: 'Cámara trasera' },
      { id: 'frontal', label: 'Cámara frontal' },
    ];
    camera.flash = true;
    serveScanner({});
    const { user } = await renderScanner();
    await user.click(screen.getByRole('button', { name: 'Activar Cámara' }));
    expect(await screen.findByLabelText('Cámara')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Cámara'), 'frontal');
    expect(localStorage.getItem('drinkflow-scanner-camara')).toBe('frontal');
    expect(screen.getByRole('button', { name: 'Linterna' })).toBeInTheDocument();
  });

  it('says so when the device has no camera', async () => {
    camera.start = () => Promise.reject('Camera not found.');
    camera.hasCamera = false;
    serveScanner({});
    const { user } = await renderScanner();
    await user.click(screen.getByRole('button', { name: 'Activar Cámara' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se encontró ninguna cámara en este dispositivo.',
    );
    expect(screen.getByRole('button', { name: 'Activar Cámara' })).toBeInTheDocument();
  });

  it('says so when the camera permission was denied', async () => {
    camera.start = () => Promise.reject('Camera not found.');
    Object.defineProperty(navigator, 'permissions', {
      configurable: true,
      value: { query: () => Promise.resolve({ state: 'denied' }) },
    });
    serveScanner({});
    const { user } = await renderScanner();
    await user.click(screen.getByRole('button', { name: 'Activar Cámara' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Permiso de cámara denegado.');
    Reflect.deleteProperty(navigator, 'permissions');
  });

  it('explains that the camera needs https', async () => {
    vi.stubGlobal('isSecureContext', false);
    serveScanner({});
    const { user } = await renderScanner();
    await user.click(screen.getByRole('button', { name: 'Activar Cámara' }));
    expect(screen.getByRole('alert')).toHaveTextContent('conexión segura (https)');
  });
});
