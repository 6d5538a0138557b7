/**
 * A small placeholder "scanned document" PNG for the seeded rider documents (driver's licence,
 * W-9): a white page with a coloured header band and grey text lines. Built byte by byte so the
 * seed needs no image files; the same input always gives the same bytes.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A 360×240 RGB PNG: header band in `rgb`, then ruled lines like a form. */
export function documentPng(rgb: [number, number, number], lines = 9): Buffer {
  const width = 360;
  const height = 240;
  const raw = Buffer.alloc((width * 3 + 1) * height, 0xff);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    const header = y < 36;
    const lineIndex = Math.floor((y - 56) / 20);
    const onLine = y >= 56 && (y - 56) % 20 < 3 && lineIndex < lines;
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      if (header) {
        raw[i] = rgb[0];
        raw[i + 1] = rgb[1];
        raw[i + 2] = rgb[2];
      } else if (onLine && x >= 24 && x < width - 24 - ((lineIndex * 37) % 120)) {
        raw[i] = raw[i + 1] = raw[i + 2] = 0xb8;
      }
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
