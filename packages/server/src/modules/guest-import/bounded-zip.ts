import { inflateRawSync } from 'node:zlib';

/**
 * An .xlsx is a zip, and a zip of 16 MB can inflate to gigabytes (a "zip bomb"): the spreadsheet
 * reader would hold it all in memory. So the server inflates the archive itself first, with a cap
 * on the total, and hands the reader the same files stored uncompressed: it then reads no more
 * than the cap, whatever the archive claims.
 */

/** The files of an .xlsx of 20,000 rows and a shop's 50 columns inflate to about 40 MB. */
export const MAX_INFLATED_BYTES = 96 * 1024 * 1024;

/** Thrown when the archive inflates past the cap. */
export class InflatedTooLarge extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

interface ZipEntry {
  name: Buffer;
  data: Buffer;
}

function endOfDirectory(bytes: Buffer): number {
  // The end record is 22 bytes, followed by a comment of at most 65,535.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new Error('zip: no end of central directory');
}

function inflated(method: number, compressed: Buffer, budget: number): Buffer {
  if (method === STORED) return compressed;
  if (method !== DEFLATED) throw new Error(`zip: compression method ${method}`);
  try {
    return inflateRawSync(compressed, { maxOutputLength: Math.max(budget, 1) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new InflatedTooLarge();
    throw error;
  }
}

/** Every file of the archive, as listed in its central directory, inflated within `maxBytes` in all. */
function entriesOf(bytes: Buffer, maxBytes: number): ZipEntry[] {
  const end = endOfDirectory(bytes);
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let left = maxBytes;
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error('zip: bad directory entry');
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (bytes.readUInt32LE(local) !== LOCAL_HEADER) throw new Error('zip: bad local header');
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + compressedSize > bytes.length) throw new Error('zip: entry past the end');
    const data = inflated(method, bytes.subarray(start, start + compressedSize), left);
    if (data.length > left) throw new InflatedTooLarge();
    left -= data.length;
    entries.push({ name, data });
  }
  return entries;
}

/** CRC-32 (IEEE), as zip entries carry it. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip of `entries` stored uncompressed, with their checksums. */
function storedZip(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(DIRECTORY_ENTRY, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, name, data);
    directory.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}

/**
 * The archive's files stored uncompressed in a new zip; throws InflatedTooLarge past `maxBytes`, and
 * an Error when the bytes are not a zip it can read.
 */
export function boundedZip(bytes: Buffer, maxBytes: number = MAX_INFLATED_BYTES): Buffer {
  return storedZip(entriesOf(bytes, maxBytes));
}
