// Where the QR code sits on a ticket as the server renders it, read from pdftoppm's grey image.

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
