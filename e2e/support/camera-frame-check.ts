import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { type Box, parsePgm } from './ticket-qr-box';

// The check every fake-camera video passes before a browser sees it (camera-video.ts makes them).

const run = promisify(execFile);

/** How the code looks to the camera: printed, in a dim bar, or light on a dark phone screen. */
export type CameraLook = 'print' | 'dim' | 'inverted';

/**
 * Reads a frame back from the video (as Chromium will get it, after the YUV conversion) and throws
 * unless it shows what was asked: the symbol where intended, within 3 px; a dim frame dark and low
 * in contrast; and, with zbarimg installed, a frame that decodes to `expectedCode` once the dimming
 * or the inversion is undone.
 */
export async function checkVideo(
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
