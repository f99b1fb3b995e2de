import { describe, expect, it } from 'vitest';
import {
  createDecodeSchedule,
  scanRegionOf,
  SEARCH_CYCLE,
  type DecodePass,
  type DecodeSchedule,
} from '@/features/scanner/utils/decode-schedule';
import { followDecodeSchedule } from '@/features/scanner/utils/follow-decode-schedule';

const overview: DecodePass = { area: 'overview', inverted: false };
const overviewInverted: DecodePass = { area: 'overview', inverted: true };
const centre: DecodePass = { area: 'centre', inverted: false };
const centreInverted: DecodePass = { area: 'centre', inverted: true };
const whole: DecodePass = { area: 'whole', inverted: false };
const wholeInverted: DecodePass = { area: 'whole', inverted: true };

/** The passes of the next `frames` frames when none of them finds a code. */
function searching(schedule: DecodeSchedule, frames: number) {
  const passes: DecodePass[] = [];
  for (let frame = 0; frame < frames; frame++) {
    passes.push(schedule.pass);
    schedule.record(false);
  }
  return passes;
}

/**
 * The framings the camera meets, by the passes that read each: a code of an ordinary size in the
 * overview (scaled down to 400 px) or the whole frame, not in the centre when held close (it
 * overflows it); a centred one in any pass of its inversion; a small one held far only at the
 * whole frame's finer scale.
 */
const framings: Record<string, (pass: DecodePass) => boolean> = {
  'ordinary, dim or held close': (pass) => !pass.inverted && pass.area !== 'centre',
  centred: (pass) => !pass.inverted,
  'small, held far': (pass) => !pass.inverted && pass.area === 'whole',
  'light on dark': (pass) => pass.inverted && pass.area !== 'centre',
  'light on dark, centred': (pass) => pass.inverted,
  'light on dark, small, held far': (pass) => pass.inverted && pass.area === 'whole',
};

/** The frame (1 = the first) on which a code that `reads` is found, the search having run `after` frames before it came into view. */
function frameOfRead(reads: (pass: DecodePass) => boolean, after: number) {
  const schedule = createDecodeSchedule();
  searching(schedule, after);
  for (let frame = 1; frame <= 100; frame++) {
    if (reads(schedule.pass)) return frame;
    schedule.record(false);
  }
  return Infinity;
}

describe('the decode schedule: one cheap pass a frame', () => {
  it('reads the whole frame scaled down first: an ordinary code is found on the first frame', () => {
    expect(createDecodeSchedule().pass).toEqual(overview);
  });

  it('looks for a light code on a dark screen once a frame has found nothing, then reads the centre and the whole frame finer', () => {
    expect(searching(createDecodeSchedule(), 6)).toEqual([
      overview,
      overviewInverted,
      centre,
      whole,
      centreInverted,
      wholeInverted,
    ]);
  });

  it('tries every pass once a cycle, two in three at most 400 px a side, and then starts again', () => {
    const passes = searching(createDecodeSchedule(), 2 * SEARCH_CYCLE.length);
    const cycle = passes.slice(0, SEARCH_CYCLE.length);
    expect(cycle).toEqual(
      expect.arrayContaining([overview, overviewInverted, centre, centreInverted, whole, wholeInverted]),
    );
    expect(cycle.filter((pass) => pass.area !== 'whole')).toHaveLength((2 * SEARCH_CYCLE.length) / 3);
    expect(passes.slice(SEARCH_CYCLE.length)).toEqual(cycle);
  });

  it('reads a code that comes into view during the search within one cycle, however far the search had gone', () => {
    for (const [framing, reads] of Object.entries(framings)) {
      for (let after = 0; after < 2 * SEARCH_CYCLE.length; after++) {
        expect(frameOfRead(reads, after), `${framing}, after ${after} frames`).toBeLessThanOrEqual(
          SEARCH_CYCLE.length,
        );
      }
    }
    // From the camera's start: the ordinary code at once, a light code on a dark screen next.
    expect(frameOfRead(framings['ordinary, dim or held close']!, 0)).toBe(1);
    expect(frameOfRead(framings['light on dark']!, 0)).toBe(2);
    expect(frameOfRead(framings['small, held far']!, 0)).toBe(4);
  });

  it('keeps the pass that read a code while it goes on reading it: a code held in view is seen on every frame', () => {
    const schedule = createDecodeSchedule();
    searching(schedule, 5);
    expect(schedule.pass).toEqual(wholeInverted);
    schedule.record(true);
    for (let frame = 0; frame < 20; frame++) {
      expect(schedule.pass).toEqual(wholeInverted);
      schedule.record(true);
    }
    // The code has gone: the search starts again.
    schedule.record(false);
    expect(searching(schedule, 3)).toEqual([overview, overviewInverted, centre]);
  });
});

describe('scanRegionOf: the part of the frame each pass reads', () => {
  it('reads the centre as a centred square of two thirds of the short side, at most 400 px a side', () => {
    expect(scanRegionOf('centre', 640, 480)).toEqual({
      x: 160,
      y: 80,
      width: 320,
      height: 320,
      downScaledWidth: 320,
      downScaledHeight: 320,
    });
    expect(scanRegionOf('centre', 1280, 720)).toEqual({
      x: 400,
      y: 120,
      width: 480,
      height: 480,
      downScaledWidth: 400,
      downScaledHeight: 400,
    });
    // A phone held upright gives a portrait frame.
    expect(scanRegionOf('centre', 1080, 1920)).toEqual({
      x: 180,
      y: 600,
      width: 720,
      height: 720,
      downScaledWidth: 400,
      downScaledHeight: 400,
    });
  });

  it('reads the overview as the whole frame at most 400 px on its long side, keeping the aspect ratio', () => {
    expect(scanRegionOf('overview', 640, 480)).toEqual({
      x: 0,
      y: 0,
      width: 640,
      height: 480,
      downScaledWidth: 400,
      downScaledHeight: 300,
    });
    expect(scanRegionOf('overview', 1080, 1920)).toMatchObject({
      downScaledWidth: 225,
      downScaledHeight: 400,
    });
    expect(scanRegionOf('overview', 320, 240)).toMatchObject({ downScaledWidth: 320, downScaledHeight: 240 });
  });

  it('reads the whole frame downscaled to 800 px on its long side, keeping the aspect ratio, never scaled up', () => {
    expect(scanRegionOf('whole', 1280, 720)).toEqual({
      x: 0,
      y: 0,
      width: 1280,
      height: 720,
      downScaledWidth: 800,
      downScaledHeight: 450,
    });
    expect(scanRegionOf('whole', 1080, 1920)).toMatchObject({ downScaledWidth: 450, downScaledHeight: 800 });
    expect(scanRegionOf('whole', 640, 480)).toMatchObject({ downScaledWidth: 640, downScaledHeight: 480 });
  });
});

describe('followDecodeSchedule: a qr-scanner reading with the schedule', () => {
  it('moves the one region object qr-scanner holds to each next pass, and tells the decoder of each change of inversion', () => {
    const video = { videoWidth: 640, videoHeight: 480 };
    const inversions: string[] = [];
    const passes = followDecodeSchedule(video);
    const region = passes.region();
    passes.attach({ setInversionMode: (mode) => inversions.push(mode) });
    expect(region).toEqual(scanRegionOf('overview', 640, 480));
    expect(inversions).toEqual(['original']);

    passes.scanned(false);
    expect(region).toEqual(scanRegionOf('overview', 640, 480));
    expect(inversions).toEqual(['original', 'invert']);
    passes.scanned(false);
    expect(region).toEqual(scanRegionOf('centre', 640, 480));
    expect(inversions).toEqual(['original', 'invert', 'original']);
    passes.scanned(false);
    expect(region).toEqual(scanRegionOf('whole', 640, 480));
    passes.scanned(false);
    expect(region).toEqual(scanRegionOf('centre', 640, 480));
    expect(inversions).toEqual(['original', 'invert', 'original', 'invert']);
    // Read: the same pass again.
    passes.scanned(true);
    expect(region).toEqual(scanRegionOf('centre', 640, 480));
    expect(inversions).toEqual(['original', 'invert', 'original', 'invert']);
    // The code has gone: the overview, dark on light, again.
    passes.scanned(false);
    expect(inversions).toEqual(['original', 'invert', 'original', 'invert', 'original']);
    // qr-scanner asks again when the video starts or changes size: the same object, the new size.
    video.videoWidth = 1280;
    video.videoHeight = 720;
    expect(passes.region()).toBe(region);
    expect(region).toEqual(scanRegionOf('overview', 1280, 720));
  });
});
