import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { wholeFrame } from '@/features/scanner/hooks/use-qr-camera';
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

/** qr-scanner as the page uses it; `decode` plays a code held in front of the camera. */
const camera = vi.hoisted(() => ({
  decode: (_code: string) => {},
  start: (): Promise<void> => Promise.resolve(),
  hasCamera: true,
  flash: false,
  cameras: [] as { id: string; label: string }[],
  destroyed: 0,
  canvasOptions: [] as unknown[],
  options: undefined as { calculateScanRegion?: unknown; maxScansPerSecond?: number } | undefined,
  inversion: [] as string[],
}));

vi.mock('qr-scanner', () => ({
  default: class FakeQrScanner {
    static listCameras = () => Promise.resolve(camera.cameras);
    static hasCamera = () => Promise.resolve(camera.hasCamera);
    constructor(
      _video: HTMLVideoElement,
      onDecode: (result: { data: string }) => void,
      options: typeof camera.options,
    ) {
      camera.decode = (code) => onDecode({ data: code });
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
    // The whole frame, light codes on dark screens too.
    expect(camera.options?.calculateScanRegion).toBe(wholeFrame);
    expect(camera.inversion).toEqual(['both']);

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

describe('wholeFrame: where the camera looks for a code', () => {
  it('reads the whole frame, downscaled to 800 px on its long side, keeping the aspect ratio', () => {
    expect(wholeFrame({ videoWidth: 1280, videoHeight: 720 })).toEqual({
      x: 0,
      y: 0,
      width: 1280,
      height: 720,
      downScaledWidth: 800,
      downScaledHeight: 450,
    });
    // A phone held upright gives a portrait frame.
    expect(wholeFrame({ videoWidth: 1080, videoHeight: 1920 })).toMatchObject({
      width: 1080,
      height: 1920,
      downScaledWidth: 450,
      downScaledHeight: 800,
    });
  });

  it('never scales a small frame up', () => {
    expect(wholeFrame({ videoWidth: 640, videoHeight: 480 })).toMatchObject({
      width: 640,
      height: 480,
      downScaledWidth: 640,
      downScaledHeight: 480,
    });
  });
});
