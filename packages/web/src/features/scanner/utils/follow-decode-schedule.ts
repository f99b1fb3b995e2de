import type QrScanner from 'qr-scanner';
import { createDecodeSchedule, scanRegionOf, type ScanRegion } from './decode-schedule';

/**
 * Makes a qr-scanner read each frame with the decode schedule's pass. qr-scanner reads, at every
 * scan, the region object its `calculateScanRegion` option returned (and asks again only when the
 * video starts or changes size), so `region` hands it one object that `scanned` moves to the next
 * pass's region; the next pass's inversion goes to the decoder worker at the same moment, before
 * qr-scanner asks for the next frame. Where qr-scanner uses the browser's BarcodeDetector instead
 * of its worker, the detector reads both inversions on its own and the inversion is ignored.
 */
export function followDecodeSchedule(video: Pick<HTMLVideoElement, 'videoWidth' | 'videoHeight'>) {
  const schedule = createDecodeSchedule();
  const region: ScanRegion = scanRegionOf(schedule.pass.area, video.videoWidth, video.videoHeight);
  let scanner: Pick<QrScanner, 'setInversionMode'> | null = null;
  let inverted: boolean | null = null;

  const follow = () => {
    const pass = schedule.pass;
    Object.assign(region, scanRegionOf(pass.area, video.videoWidth, video.videoHeight));
    if (scanner && pass.inverted !== inverted) {
      inverted = pass.inverted;
      scanner.setInversionMode(pass.inverted ? 'invert' : 'original');
    }
  };

  return {
    /** The `calculateScanRegion` option: the current pass's region, as the one object kept up to date. */
    region: (): ScanRegion => {
      follow();
      return region;
    },
    /** The scanner built with `region`: its decoder gets the current pass's inversion from now on. */
    attach(built: Pick<QrScanner, 'setInversionMode'>) {
      scanner = built;
      follow();
    },
    /** A frame was read: `found` a code or not. */
    scanned(found: boolean) {
      schedule.record(found);
      follow();
    },
  };
}
