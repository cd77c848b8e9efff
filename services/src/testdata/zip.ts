// A small, strict zip reader and writer for test data. Reading trusts nothing in the archive: sizes are
// checked against the limits before anything is inflated, inflation stops at the declared size (so a header
// that lies cannot blow up memory), CRCs are verified, and encrypted, multi-disk and zip64 archives are refused.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { OjError } from '@oj/proto';

export interface ZipEntry {
  /** The path as stored, with `/` separators. */
  name: string;
  data: Buffer;
}

export interface ZipReadLimits {
  entries: number;
  fileBytes: number;
  totalBytes: number;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const bad = (detail: string) => new OjError('TESTCASE_INVALID_ZIP', { detail });
const tooLarge = (detail: string) => new OjError('FILE_TOO_LARGE', { detail });

interface CentralEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function findEndOfCentralDirectory(zip: Buffer): number {
  const min = Math.max(0, zip.length - 22 - 0xffff);
  for (let i = zip.length - 22; i >= min; i--) if (zip.readUInt32LE(i) === 0x06054b50) return i;
  throw bad('no end of central directory');
}

/** Lists the entries from the central directory, refusing what the reader does not support. */
function centralDirectory(zip: Buffer, limits: ZipReadLimits): CentralEntry[] {
  const eocd = findEndOfCentralDirectory(zip);
  if (zip.readUInt16LE(eocd + 4) !== 0 || zip.readUInt16LE(eocd + 6) !== 0) throw bad('multi-disk archive');
  const count = zip.readUInt16LE(eocd + 10);
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw bad('zip64 archive');
  if (count > limits.entries) throw tooLarge(`more than ${limits.entries} entries`);
  if (cdOffset + cdSize > eocd) throw bad('central directory out of bounds');
  const out: CentralEntry[] = [];
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || zip.readUInt32LE(at) !== 0x02014b50) throw bad('corrupt central directory');
    const flags = zip.readUInt16LE(at + 8);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    if (at + 46 + nameLen > eocd) throw bad('corrupt central directory');
    const name = zip.toString('utf8', at + 46, at + 46 + nameLen);
    if (flags & 0x1) throw bad(`encrypted entry ${name}`);
    out.push({
      name,
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/**
 * Reads the file entries `want` selects (directories are skipped). Every selected entry's declared size is
 * checked against the limits before any is inflated; an entry that inflates past its declared size fails.
 */
export function readZip(zip: Buffer, limits: ZipReadLimits, want: (name: string) => boolean): ZipEntry[] {
  const entries = centralDirectory(zip, limits).filter((e) => !e.name.endsWith('/') && want(e.name));
  let total = 0;
  for (const e of entries) {
    if (e.size > limits.fileBytes) throw tooLarge(`${e.name} is larger than ${limits.fileBytes} bytes`);
    total += e.size;
    if (total > limits.totalBytes) throw tooLarge(`the files add up to more than ${limits.totalBytes} bytes`);
  }
  return entries.map((e) => {
    const at = e.localOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== 0x04034b50) throw bad(`corrupt local header of ${e.name}`);
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    if (start + e.compressedSize > zip.length) throw bad(`${e.name} is truncated`);
    const raw = zip.subarray(start, start + e.compressedSize);
    let data: Buffer;
    if (e.method === 0) {
      data = Buffer.from(raw);
    } else if (e.method === 8) {
      try {
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, e.size) });
      } catch (err) {
        // ERR_BUFFER_TOO_LARGE: the entry inflates past its declared size (a lying header, i.e. a bomb).
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(`${e.name} inflates beyond its declared size`);
        throw bad(`${e.name} cannot be inflated`);
      }
    } else {
      throw bad(`${e.name} uses unsupported compression method ${e.method}`);
    }
    if (data.length !== e.size) throw tooLarge(`${e.name} does not have its declared size`);
    if (crc32(data) !== e.crc) throw bad(`${e.name} fails its CRC check`);
    return { name: e.name, data };
  });
}

/** Writes a zip of `files` (deflated, UTF-8 names, no directories). */
export function writeZip(files: readonly { name: string; data: Uint8Array }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const deflated = deflateRawSync(f.data);
    const crc = crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(f.data.byteLength, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(f.data.byteLength, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    centrals.push(central, name);
    offset += local.length + name.length + deflated.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
