/**
 * Image dimensions from the file's header (PNG IHDR, JPEG start-of-frame), without decoding it:
 * an upload that would decode to a huge bitmap is refused before anything opens it.
 */

/** Most pixels an uploaded image may have (40 megapixels: any phone photo fits). */
export const MAX_IMAGE_PIXELS = 40_000_000;

export type ImageSize = { width: number; height: number };

function pngSize(b: Uint8Array): ImageSize | null {
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4).
  if (b.length < 24 || String.fromCharCode(b[12], b[13], b[14], b[15]) !== 'IHDR') return null;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

function jpegSize(b: Uint8Array): ImageSize | null {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let p = 2;
  while (p + 4 <= b.length) {
    if (b[p] !== 0xff) return null;
    const marker = b[p + 1];
    if (marker === 0xff) {
      p += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      p += 2; // no length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / scan before any frame
    const length = v.getUint16(p + 2);
    const isFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (p + 9 > b.length) return null;
      return { height: v.getUint16(p + 5), width: v.getUint16(p + 7) };
    }
    if (length < 2) return null;
    p += 2 + length;
  }
  return null;
}

/** The dimensions a PNG or JPEG header declares, or null when they cannot be read. */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50) return pngSize(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  return null;
}
