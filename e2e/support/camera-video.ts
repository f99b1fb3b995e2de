import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

/*
 * A fake camera that shows a real ticket: the ticket's PDF as the server renders it, rasterised
 * with pdftoppm, its QR code cut out with a white margin and centred in a 640×480 frame, played as
 * a Y4M video that Chromium loops behind getUserMedia with
 * `--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file.y4m>`.
 * Used by the camera journey (e2e/scanner-camera.spec.ts) and the scanner benchmark
 * (bench/scanner-loop.mjs). Needs pdftoppm (poppler-utils) and ffmpeg; zbarimg (zbar-tools), when
 * present, checks that the frame decodes to the expected code before any browser sees it
 * (scripts/ensure-system-tools.sh installs all three).
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
}

/**
 * Turns a ticket PDF (GET /api/tickets/{id}/pdf) into a looping fake-camera video of its QR code.
 * `qrSize` is the QR's side in the 640×480 frame, margin included. With `expectedCode`, the frame
 * must decode to it with zbarimg (when installed).
 */
export async function cameraVideoOfTicketPdf(
  pdf: Uint8Array,
  options: { dir: string; name: string; expectedCode?: string; qrSize?: number },
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
  const qrSize = options.qrSize ?? 300;
  const { width, height, fps, seconds } = FAKE_CAMERA;
  const frame = `${base}-frame.png`;
  await run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    `${base}.pgm`,
    '-vf',
    [
      'format=rgb24',
      `crop=${side}:${side}:${x}:${y}`,
      `scale=${qrSize}:${qrSize}:flags=area`,
      `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:white`,
    ].join(','),
    '-frames:v',
    '1',
    frame,
  ]);
  if (options.expectedCode !== undefined && (await has('zbarimg'))) {
    const { stdout } = await run('zbarimg', ['--quiet', '--raw', frame]);
    if (stdout.trim() !== options.expectedCode) {
      throw new Error(`the fake camera frame decodes to "${stdout.trim()}", not the ticket's code`);
    }
  }

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
  return { video, frame };
}

async function has(command: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
}
