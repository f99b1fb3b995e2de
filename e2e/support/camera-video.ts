import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { type CameraLook, checkVideo } from './camera-frame-check';
import { type Box, findQrBox, parsePgm } from './ticket-qr-box';

/*
 * A fake camera that shows a real ticket: the ticket's PDF as the server renders it, rasterised
 * with pdftoppm, its QR code cut out with a white margin and placed in a 640×480 frame, played as
 * a Y4M video that Chromium loops behind getUserMedia with
 * `--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file.y4m>`.
 * The frame can show the code the ways a bar's camera sees it (`CameraShot`): centred at a
 * comfortable size, filling the frame, small and off to one side, dim and low in contrast, or light
 * on dark (a phone in dark mode). Each video is checked before any browser sees it: a frame read
 * back from the Y4M must show the code at the intended size and brightness, and zbarimg must decode
 * it (after undoing the dimming or the inversion) to the ticket's code.
 * Used by the camera journeys (e2e/scanner-camera.spec.ts) and the scanner benchmark
 * (bench/scanner-loop.mjs). Needs pdftoppm (poppler-utils) and ffmpeg; zbarimg (zbar-tools), when
 * present, does the decoding check (scripts/ensure-system-tools.sh installs all three).
 */

const run = promisify(execFile);

/** The frame Chromium's fake camera delivers. */
export const FAKE_CAMERA = { width: 640, height: 480, fps: 10, seconds: 1 } as const;

/** The Chromium switches, besides the usual ones, that make `video` the only camera. */
export const fakeCameraArgs = (video: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${video}`,
];

export interface CameraVideo {
  /** The Y4M file for --use-file-for-fake-video-capture. */
  video: string;
  /** One frame of it as PNG (what the camera shows). */
  frame: string;
  /** The QR symbol (without its quiet zone) as measured in a frame read back from the video. */
  symbol: Box;
}

/** What the camera sees: the QR symbol's side and place in the frame, and its look. */
export interface CameraShot {
  /** The symbol's side in pixels, without its quiet zone. */
  symbolSize?: number;
  /** The symbol's top-left corner in the frame; centred when left out. */
  at?: { x: number; y: number };
  look?: CameraLook;
}

/**
 * The framings a bar's camera meets besides the ordinary one (a 240 px code centred, printed): each
 * must decode. The camera journeys (e2e/scanner-camera.spec.ts) and the scanner benchmark
 * (bench/scanner-loop.mjs) use these same shots.
 */
export const FIELD_SHOTS = {
  /** Held close: the code fills 90 % of the frame's height. */
  close: { symbolSize: Math.round(0.9 * FAKE_CAMERA.height) },
  /** Held far: a small code (120 px) in a corner. */
  far: { symbolSize: 120, at: { x: 24, y: 24 } },
  /** A dim bar: dark grey on darker grey, low in contrast. */
  dim: { look: 'dim' },
  /** A phone in dark mode: a light code on a dark screen. */
  lightOnDark: { look: 'inverted' },
} as const satisfies Record<string, CameraShot>;

/** A dim bar: paper at this grey, ink at that one (0–255), a little sensor noise. */
export const DIM = { paper: 62, ink: 22, noise: 4 } as const;

/**
 * Turns a ticket PDF (GET /api/tickets/{id}/pdf) into a looping fake-camera video of its QR code,
 * framed as `shot` says (by default the symbol centred at 240 px). `qrSize`, the older way to size
 * it, is the code's side with its margin (the symbol is 4/5 of it). With `expectedCode`, a frame
 * read back from the video must decode to it with zbarimg (when installed); the symbol's measured
 * size and place, and a dim frame's brightness, are always checked.
 */
export async function cameraVideoOfTicketPdf(
  pdf: Uint8Array,
  options: { dir: string; name: string; expectedCode?: string; qrSize?: number; shot?: CameraShot },
): Promise<CameraVideo> {
  const dir = resolve(options.dir);
  await mkdir(dir, { recursive: true });
  const base = join(dir, options.name);
  await writeFile(`${base}.pdf`, pdf);
  await run('pdftoppm', ['-gray', '-r', '150', '-f', '1', '-l', '1', '-singlefile', `${base}.pdf`, base]);
  const box = findQrBox(parsePgm(await readFile(`${base}.pgm`)));

  // A quiet zone of an eighth of the code (3–4 modules) on every side, the crop inside the page.
  const margin = Math.round(box.height / 8);
  const side = box.height + 2 * margin;
  const x = Math.max(0, box.x - margin);
  const y = Math.max(0, box.y - margin);
  const { width, height, fps, seconds } = FAKE_CAMERA;
  const shot = options.shot ?? {};
  const look = shot.look ?? 'print';
  const symbolSize = shot.symbolSize ?? Math.round(((options.qrSize ?? 300) * box.height) / side);
  const scaled = Math.round((side * symbolSize) / box.height);
  const scaledMargin = Math.round((margin * symbolSize) / box.height);
  const at = shot.at ?? {
    x: Math.round((width - symbolSize) / 2),
    y: Math.round((height - symbolSize) / 2),
  };
  const looks: Record<CameraLook, string[]> = {
    print: [],
    dim: [`lut=c0='${DIM.ink}+val*${DIM.paper - DIM.ink}/255'`, `noise=c0s=${DIM.noise}:c0f=u`],
    inverted: ['negate'],
  };
  const frame = `${base}-frame.png`;
  // The code, scaled, laid on white paper filling the frame (cut where it overflows), then the look.
  await run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    // White paper: 255, not the 235 of the colour source's video range.
    `color=c=white:s=${width}x${height}:d=1,format=gray,lut=c0=255`,
    '-i',
    `${base}.pgm`,
    '-filter_complex',
    [
      `[1:v]format=gray,crop=${side}:${side}:${x}:${y},scale=${scaled}:${scaled}:flags=area[code]`,
      [
        `[0:v][code]overlay=${at.x - scaledMargin}:${at.y - scaledMargin}`,
        'format=gray',
        ...looks[look],
      ].join(','),
    ].join(';'),
    '-frames:v',
    '1',
    frame,
  ]);

  const video = `${base}.y4m`;
  await run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-loop',
    '1',
    '-framerate',
    String(fps),
    '-i',
    frame,
    '-t',
    String(seconds),
    '-vf',
    'format=yuv420p',
    '-f',
    'yuv4mpegpipe',
    video,
  ]);

  const symbol = await checkVideo(video, `${base}-check`, {
    look,
    symbol: { x: at.x, y: at.y, width: symbolSize, height: symbolSize },
    expectedCode: options.expectedCode,
  });
  return { video, frame, symbol };
}
