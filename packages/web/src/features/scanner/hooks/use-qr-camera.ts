import type QrScanner from 'qr-scanner';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { cameraMessages, cameraPermission, diagnoseCameraFailure } from '../utils/camera-error';
import { followDecodeSchedule } from '../utils/follow-decode-schedule';
import { readStored, storageKeys, writeStored } from '../utils/storage';

export type CameraStatus = 'off' | 'starting' | 'on';

/**
 * Each scan waits for the one before, so a slow phone reads fewer frames, never a queue. A pass is
 * cheap (one region, one inversion): 12 a second read every frame of a 10 fps camera and 12 of a
 * 30 fps one's 30, for less work than the 8 whole-frame scans in both inversions they replace.
 */
export const SCANS_PER_SECOND = 12;

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
      // One cheap pass a frame, the passes taking turns (utils/decode-schedule.ts).
      const passes = followDecodeSchedule(video);
      const scanner = new Scanner(
        video,
        (result) => {
          passes.scanned(true);
          onCodeRef.current(result.data);
        },
        {
          returnDetailedScanResult: true,
          preferredCamera: cameraId,
          calculateScanRegion: passes.region,
          maxScansPerSecond: SCANS_PER_SECOND,
          // Nothing readable in this frame: keep looking, silently, with the next pass.
          onDecodeError: () => passes.scanned(false),
        },
      );
      passes.attach(scanner);
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
