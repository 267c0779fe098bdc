// ZIP archives built byte by byte for the job-upload attacks: entries whose compressed bytes are given
// (so 500 MB of zeros is written once as its 50 KB of DEFLATE), hundreds of thousands of empty hidden
// entries, and a ZIP64 end record as tools write past 65,535 entries.
import { crc32, deflateRawSync } from 'node:zlib';

export interface CraftEntry {
  name: string;
  /** Compressed bytes (method 8) or the bytes themselves (method 0). */
  data: Uint8Array;
  method: 0 | 8;
  size: number;
  crc: number;
}

export const deflated = (name: string, plain: Uint8Array): CraftEntry => ({
  name,
  data: deflateRawSync(plain),
  method: 8,
  size: plain.length,
  crc: crc32(plain),
});
export const stored = (name: string, plain: Uint8Array): CraftEntry => ({ name, data: plain, method: 0, size: plain.length, crc: crc32(plain) });

/** The archive; `zip64` writes a ZIP64 end record and locator (entry count 0xFFFF in the classic one). */
export function craftZip(entries: CraftEntry[], o: { zip64?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const l = Buffer.alloc(30);
    l.writeUInt32LE(0x04034b50, 0);
    l.writeUInt16LE(20, 4);
    l.writeUInt16LE(0x800, 6);
    l.writeUInt16LE(e.method, 8);
    l.writeUInt32LE(e.crc >>> 0, 14);
    l.writeUInt32LE(e.data.length, 18);
    l.writeUInt32LE(e.size, 22);
    l.writeUInt16LE(name.length, 26);
    locals.push(l, name, Buffer.from(e.data.buffer, e.data.byteOffset, e.data.byteLength));
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x800, 8);
    c.writeUInt16LE(e.method, 10);
    c.writeUInt32LE(e.crc >>> 0, 16);
    c.writeUInt32LE(e.data.length, 20);
    c.writeUInt32LE(e.size, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    offset += 30 + name.length + e.data.length;
  }
  const cdSize = central.reduce((n, b) => n + b.length, 0);
  const tail: Buffer[] = [];
  if (o.zip64) {
    const z = Buffer.alloc(56);
    z.writeUInt32LE(0x06064b50, 0);
    z.writeBigUInt64LE(44n, 4);
    z.writeUInt16LE(45, 12);
    z.writeUInt16LE(45, 14);
    z.writeBigUInt64LE(BigInt(entries.length), 24);
    z.writeBigUInt64LE(BigInt(entries.length), 32);
    z.writeBigUInt64LE(BigInt(cdSize), 40);
    z.writeBigUInt64LE(BigInt(offset), 48);
    const loc = Buffer.alloc(20);
    loc.writeUInt32LE(0x07064b50, 0);
    loc.writeBigUInt64LE(BigInt(offset + cdSize), 8);
    loc.writeUInt32LE(1, 16);
    tail.push(z, loc);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = o.zip64 ? 0xffff : entries.length & 0xffff;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, ...tail, end]);
}
