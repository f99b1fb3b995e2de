import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

/** qr-scanner as the page uses it; `decode` plays a code held in front of the camera. */
const camera = vi.hoisted(() => ({
  decode: (_code: string) => {},
  start: (): Promise<void> => Promise.resolve(),
  hasCamera: true,
  flash: false,
  cameras: [] as { id: string; label: string }[],
  destroyed: 0,
  canvasOptions: [] as unknown[],
}));

vi.mock('qr-scanner', () => ({
  default: class FakeQrScanner {
    static listCameras = () => Promise.resolve(camera.cameras);
    static hasCamera = () => Promise.resolve(camera.hasCamera);
    constructor(_video: HTMLVideoElement, onDecode: (result: { data: string }) => void) {
      camera.decode = (code) => onDecode({ data: code });
    }
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

    camera.decode(QR);
    expect(await screen.findByText('Consumo Registrado')).toBeInTheDocument();
    expect(input).toHaveValue(QR);
    // The camera keeps seeing the same code many times a second.
    camera.decode(QR);
    camera.decode(QR);
    await screen.findByText('Ana García');
    expect(callsTo(fetchMock, route.consume)).toBe(1);
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
