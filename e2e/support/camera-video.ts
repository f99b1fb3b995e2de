import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

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

interface Gray {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** A binary PGM (P5, 8 bits), as `pdftoppm -gray` writes it. */
export function parsePgm(bytes: Uint8Array): Gray {
  const fields: string[] = [];
  let at = 0;
  while (fields.length < 4) {
    while (at < bytes.length && /\s/.test(String.fromCharCode(bytes[at]!))) at++;
    if (bytes[at] === 0x23) {
      while (at < bytes.length && bytes[at] !== 0x0a) at++;
      continue;
    }
    let field = '';
    while (at < bytes.length && !/\s/.test(String.fromCharCode(bytes[at]!))) {
      field += String.fromCharCode(bytes[at]!);
      at++;
    }
    fields.push(field);
  }
  const [magic, width, height, max] = [fields[0], Number(fields[1]), Number(fields[2]), Number(fields[3])];
  if (magic !== 'P5' || max !== 255) throw new Error(`not an 8-bit binary PGM: ${fields.join(' ')}`);
  at += 1; // the single whitespace after maxval
  return { width, height, pixels: bytes.subarray(at, at + width * height) };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where the QR code is on a rendered ticket: the page's ink falls into horizontal bands separated
 * by white gaps taller than `gap` pixels (the QR's quiet zone is wider than the spacing between
 * lines of text, and a QR has no such white gap inside), and the QR is the tallest band that is
 * about as wide as it is tall.
 */
export function findQrBox({ width, height, pixels }: Gray, gap = 24): Box {
  const dark = (x: number, y: number) => pixels[y * width + x]! < 128;
  const rowInk = Array.from({ length: height }, (_, y) => {
    for (let x = 0; x < width; x++) if (dark(x, y)) return true;
    return false;
  });
  const bands: { top: number; bottom: number }[] = [];
  let top = -1;
  let lastInk = -1;
  for (let y = 0; y < height; y++) {
    if (!rowInk[y]) continue;
    if (top < 0 || y - lastInk > gap) {
      if (top >= 0) bands.push({ top, bottom: lastInk });
      top = y;
    }
    lastInk = y;
  }
  if (top >= 0) bands.push({ top, bottom: lastInk });

  const boxes = bands.map(({ top, bottom }) => {
    let left = width;
    let right = -1;
    for (let y = top; y <= bottom; y++) {
      for (let x = 0; x < width; x++) {
        if (!dark(x, y)) continue;
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
    return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
  });
  const squares = boxes.filter((box) => Math.abs(box.width - box.height) <= 0.1 * box.height);
  const qr = squares.sort((a, b) => b.height - a.height)[0];
  if (!qr || qr.height < 50) throw new Error('no QR code found on the rendered ticket');
  return qr;
}

export interface CameraVideo {
  /** The Y4M file for --use-file-for-fake-video-capture. */
  video: string;
  /** One frame of it as PNG (what the camera shows). */
  frame: string;
  /** The QR symbol (without its quiet zone) as measured in a frame read back from the video. */
  symbol: Box;
}

/** How the code looks to the camera: printed, in a dim bar, or light on a dark phone screen. */
export type CameraLook = 'print' | 'dim' | 'inverted';

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

/**
 * Reads a frame back from the video (as Chromium will get it, after the YUV conversion) and throws
 * unless it shows what was asked: the symbol where intended, within 3 px; a dim frame dark and low
 * in contrast; and, with zbarimg installed, a frame that decodes to `expectedCode` once the dimming
 * or the inversion is undone.
 */
async function checkVideo(
  video: string,
  base: string,
  expected: { look: CameraLook; symbol: Box; expectedCode?: string },
): Promise<Box> {
  await run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    video,
    '-frames:v',
    '1',
    '-pix_fmt',
    'gray',
    `${base}.pgm`,
  ]);
  const gray = parsePgm(await readFile(`${base}.pgm`));
  const sorted = Uint8Array.from(gray.pixels).sort();
  const percentile = (share: number) => sorted[Math.floor(share * (sorted.length - 1))]!;
  const [low, high] = [percentile(0.01), percentile(0.99)];
  const threshold = (low + high) / 2;
  // The code's modules: dark ones, or light ones on a dark screen.
  const ink = (value: number) => (expected.look === 'inverted' ? value > threshold : value < threshold);
  let [left, top, right, bottom] = [gray.width, gray.height, -1, -1];
  for (let py = 0; py < gray.height; py++) {
    for (let px = 0; px < gray.width; px++) {
      if (!ink(gray.pixels[py * gray.width + px]!)) continue;
      [left, top] = [Math.min(left, px), Math.min(top, py)];
      [right, bottom] = [Math.max(right, px), Math.max(bottom, py)];
    }
  }
  const symbol = { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
  const off = (['x', 'y', 'width', 'height'] as const).filter(
    (key) => Math.abs(symbol[key] - expected.symbol[key]) > 3,
  );
  if (off.length > 0) {
    throw new Error(
      `the fake camera frame shows the code at ${JSON.stringify(symbol)}, not ${JSON.stringify(expected.symbol)}`,
    );
  }
  if (expected.look === 'dim' && (high > 85 || high - low > 60 || high - low < 25)) {
    throw new Error(`the "dim" frame is not dim and low in contrast: its grey runs from ${low} to ${high}`);
  }
  if (expected.look === 'inverted' && percentile(0.5) > 64) {
    throw new Error('the "inverted" frame is not light on dark: most of it is not dark');
  }

  if (expected.expectedCode === undefined || !(await has('zbarimg'))) return symbol;
  // What a plain reader needs: the levels stretched back, or the colours turned back.
  const undo: Record<CameraLook, string> = {
    print: 'null',
    dim: `lut=c0='clip((val-${low})*255/${Math.max(1, high - low)},0,255)'`,
    inverted: 'negate',
  };
  const readable = `${base}.png`;
  await run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    `${base}.pgm`,
    '-vf',
    undo[expected.look],
    readable,
  ]);
  const { stdout } = await run('zbarimg', ['--quiet', '--raw', readable]).catch(() => ({ stdout: '' }));
  if (stdout.trim() !== expected.expectedCode) {
    throw new Error(`the fake camera frame decodes to "${stdout.trim()}", not the ticket's code`);
  }
  return symbol;
}

async function has(command: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
}
