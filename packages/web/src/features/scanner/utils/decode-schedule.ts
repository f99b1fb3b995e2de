/**
 * What the camera decoder reads from each frame (docs/decisions/050-camera-decode-schedule.md).
 * Reading the whole frame in both inversions every frame finds every framing but costs several
 * times a plain read. So each frame gets one cheap pass, and the passes take turns: first the
 * whole frame scaled down (a code centred, held close or not too far, dark on light), then the same
 * for a light code on a dark screen once a frame has found nothing, then finer reads of the centre
 * (where a bartender aims) and of the whole frame (a small code held far). A pass that reads a code
 * is kept while it goes on reading it: a code held in view is seen on every frame, so it is never
 * taken for a new one.
 */

/**
 * Which part of the frame a pass reads, and how finely: `overview` the whole frame at most
 * OVERVIEW_MAX_SIDE px on its long side, `centre` a centred square at most CENTRE_MAX_SIDE px a
 * side, `whole` the whole frame at most WHOLE_MAX_SIDE px on its long side.
 */
export type ScanArea = 'overview' | 'centre' | 'whole';

/** One read of a frame: where to look, and whether for a light code on a dark background. */
export interface DecodePass {
  area: ScanArea;
  inverted: boolean;
}

/** The part of a frame the decoder reads, and the size it is scaled down to (qr-scanner's ScanRegion). */
export interface ScanRegion {
  x: number;
  y: number;
  width: number;
  height: number;
  downScaledWidth: number;
  downScaledHeight: number;
}

/**
 * The passes tried, one a frame, while no code is read, round and round: the cheap overview first,
 * dark on light and then light on dark, then the finer centre and whole frame in the same order.
 * Two frames in three read at most 400 px a side; the costly fine whole frame is one in three.
 */
export const SEARCH_CYCLE: readonly DecodePass[] = [
  { area: 'overview', inverted: false },
  { area: 'overview', inverted: true },
  { area: 'centre', inverted: false },
  { area: 'whole', inverted: false },
  { area: 'centre', inverted: true },
  { area: 'whole', inverted: true },
];

/** The overview reads the whole frame at most this many pixels on its long side (640×480 at 400×300). */
export const OVERVIEW_MAX_SIDE = 400;

/** The centre's share of the frame's short side: a centred square, qr-scanner's own default (where a bartender aims). */
export const CENTRE_SHARE = 2 / 3;
/** The centre square is read at most this many pixels a side (qr-scanner's default canvas). */
export const CENTRE_MAX_SIDE = 400;
/**
 * The whole frame is read at most this many pixels on its long side: a phone's 1280×720 frame at
 * 800×450, still fine enough for a small code held far away.
 */
export const WHOLE_MAX_SIDE = 800;

const scaledTo = (maxSide: number, width: number, height: number) =>
  Math.min(1, maxSide / Math.max(width, height, 1));

/** The region of a `width`×`height` frame that `area` reads. */
export function scanRegionOf(area: ScanArea, width: number, height: number): ScanRegion {
  if (area !== 'centre') {
    const scale = scaledTo(area === 'whole' ? WHOLE_MAX_SIDE : OVERVIEW_MAX_SIDE, width, height);
    return {
      x: 0,
      y: 0,
      width,
      height,
      downScaledWidth: Math.round(width * scale),
      downScaledHeight: Math.round(height * scale),
    };
  }
  const side = Math.round(CENTRE_SHARE * Math.min(width, height));
  const downScaledSide = Math.round(side * scaledTo(CENTRE_MAX_SIDE, side, side));
  return {
    x: Math.round((width - side) / 2),
    y: Math.round((height - side) / 2),
    width: side,
    height: side,
    downScaledWidth: downScaledSide,
    downScaledHeight: downScaledSide,
  };
}

/**
 * The pass for the next frame, told what each frame's pass found: round the search cycle while
 * nothing is read, from its start again once a code has gone, and the pass that read a code for as
 * long as it keeps reading it.
 */
export function createDecodeSchedule() {
  /** Frames in a row that found nothing, since the camera started or a code was last read. */
  let misses = 0;
  /** The pass that read a code on the last frame, if it did. */
  let reading: DecodePass | null = null;
  const current = () => reading ?? SEARCH_CYCLE[misses % SEARCH_CYCLE.length]!;
  return {
    get pass(): DecodePass {
      return current();
    },
    /** The current pass read the frame: `found` a code or not. */
    record(found: boolean) {
      if (found) {
        reading = current();
        misses = 0;
      } else if (reading) {
        reading = null;
      } else {
        misses += 1;
      }
    },
  };
}

export type DecodeSchedule = ReturnType<typeof createDecodeSchedule>;
