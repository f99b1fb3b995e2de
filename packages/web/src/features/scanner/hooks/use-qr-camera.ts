import type QrScanner from 'qr-scanner';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { cameraMessages, cameraPermission, diagnoseCameraFailure } from '../utils/camera-error';
import { readStored, storageKeys, writeStored } from '../utils/storage';

export type CameraStatus = 'off' | 'starting' | 'on';

/** The long side of the image the decoder reads: a phone's 1280×720 frame is read at 800×450. */
export const SCAN_MAX_SIDE = 800;

/**
 * Where qr-scanner looks: the whole frame, downscaled to at most SCAN_MAX_SIDE on its long side,
 * keeping the aspect ratio. qr-scanner's default reads only a centred square of two thirds of the
 * short side (at 400×400): a code held close, filling the frame, or off to one side never decodes.
 * 800 px keeps at least qr-scanner's own pixel density for a 720p camera.
 */
export function wholeFrame(
  video: Pick<HTMLVideoElement, 'videoWidth' | 'videoHeight'>,
): QrScanner.ScanRegion {
  const { videoWidth: width, videoHeight: height } = video;
  const scale = Math.min(1, SCAN_MAX_SIDE / Math.max(width, height, 1));
  return {
    x: 0,
    y: 0,
    width,
    height,
    downScaledWidth: Math.round(width * scale),
    downScaledHeight: Math.round(height * scale),
  };
}

/**
 * The device camera as a QR reader. qr-scanner (and, from it, its decoder worker) loads only when
 * the camera is turned on: the scanner page itself stays small. Every decoded code goes to
 * `onCode`; the caller ignores the repeats.
 */
export function useQrCamera(videoRef: RefObject<HTMLVideoElement | null>, onCode: (code: string) => void) {
  const scannerRef = useRef<QrScanner | null>(null);
  const onCodeRef = useRef(onCode);
  /** Bumped by every start and stop: a start that was closed meanwhile leaves the camera off. */
  const session = useRef(0);
  const [status, setStatus] = useState<CameraStatus>('off');
  const [error, setError] = useState<string | null>(null);
  const [cameras, setCameras] = useState<QrScanner.Camera[]>([]);
  const [cameraId, setCameraId] = useState(() => readStored(storageKeys.camera) ?? 'environment');
  const [hasFlash, setHasFlash] = useState(false);
  const [flashOn, setFlashOn] = useState(false);

  useEffect(() => {
    onCodeRef.current = onCode;
  });

  // Leaving the page turns the camera off.
  useEffect(
    () => () => {
      session.current += 1;
      scannerRef.current?.destroy();
      scannerRef.current = null;
    },
    [],
  );

  const stop = () => {
    session.current += 1;
    scannerRef.current?.destroy();
    scannerRef.current = null;
    setStatus('off');
    setFlashOn(false);
    setHasFlash(false);
  };

  const start = async () => {
    const video = videoRef.current;
    if (!video || scannerRef.current) return;
    setError(null);
    if (!window.isSecureContext) return setError(cameraMessages.insecure);
    if (!navigator.mediaDevices?.getUserMedia) return setError(cameraMessages.unsupported);
    setStatus('starting');
    const current = ++session.current;
    let Scanner: typeof QrScanner | undefined;
    try {
      Scanner = (await import('qr-scanner')).default;
      if (current !== session.current) return;
      const scanner = new Scanner(video, (result) => onCodeRef.current(result.data), {
        returnDetailedScanResult: true,
        preferredCamera: cameraId,
        calculateScanRegion: wholeFrame,
        // Each scan waits for the one before, so a slow phone reads fewer frames, never a queue.
        maxScansPerSecond: 8,
        // Nothing readable in this frame yet: keep looking, silently.
        onDecodeError: () => {},
      });
      // Dark codes on light paper, and light codes on a dark screen (a phone in dark mode). qr-scanner's
      // decoder worker tries the inverted image in the same scan, only when the frame as it is holds
      // no code (so no halved rate to make up for); where it uses the browser's BarcodeDetector
      // instead, that detector's own handling applies.
      scanner.setInversionMode('both');
      // qr-scanner reads every frame back from its canvas; the first getContext call fixes the
      // context's options, so ask for one made for frequent reads (Chromium warns otherwise).
      scanner.$canvas.getContext('2d', { alpha: false, willReadFrequently: true });
      scannerRef.current = scanner;
      await scanner.start();
      // Closed again while it was starting.
      if (current !== session.current) return;
      setStatus('on');
      setHasFlash(await scanner.hasFlash());
      setCameras(await Scanner.listCameras(true));
    } catch (failure) {
      if (current !== session.current) return;
      stop();
      const ScannerClass = Scanner;
      const problem = await diagnoseCameraFailure(failure, {
        hasCamera: () => (ScannerClass ? ScannerClass.hasCamera() : Promise.resolve(true)),
        permission: cameraPermission,
      });
      if (session.current === current + 1) setError(cameraMessages[problem]);
    }
  };

  const chooseCamera = async (id: string) => {
    setCameraId(id);
    writeStored(storageKeys.camera, id);
    const scanner = scannerRef.current;
    if (!scanner) return;
    try {
      await scanner.setCamera(id);
      setFlashOn(false);
      setHasFlash(await scanner.hasFlash());
    } catch {
      setError(cameraMessages.unavailable);
    }
  };

  const toggleFlash = async () => {
    const scanner = scannerRef.current;
    if (!scanner) return;
    try {
      await scanner.toggleFlash();
    } finally {
      setFlashOn(scanner.isFlashOn());
    }
  };

  return {
    status,
    error,
    cameras,
    cameraId,
    hasFlash,
    flashOn,
    start: () => void start(),
    stop,
    chooseCamera: (id: string) => void chooseCamera(id),
    toggleFlash: () => void toggleFlash(),
  };
}
