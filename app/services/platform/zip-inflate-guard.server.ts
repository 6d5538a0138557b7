/**
 * Zip bombs (ASVS 12.1.3): the sizes a zip's directory declares can lie, so before a spreadsheet
 * library opens an XLSX every entry is inflated here with a hard output cap, counting the bytes
 * actually produced. Inflation stops as soon as the total passes the limit: a lying zip costs at
 * most `maxBytes` of work and memory, never what it would inflate to.
 */
import { inflateRawSync } from 'node:zlib';

export type InflateCheck =
  { ok: true; bytes: number } | { ok: false; reason: 'tooLarge' | 'unreadable' };

const MAX_ENTRIES = 2_000;

/** Inflates every entry of a zip (stored or deflated) up to `maxBytes` in total. */
export function checkZipInflation(bytes: Uint8Array, maxBytes: number): InflateCheck {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return { ok: false, reason: 'unreadable' };
  const entries = view.getUint16(eocd + 10, true);
  if (entries > MAX_ENTRIES) return { ok: false, reason: 'tooLarge' };
  let p = view.getUint32(eocd + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50)
      return { ok: false, reason: 'unreadable' };
    const method = view.getUint16(p + 10, true);
    const compressed = view.getUint32(p + 20, true);
    const local = view.getUint32(p + 42, true);
    p +=
      46 +
      view.getUint16(p + 28, true) +
      view.getUint16(p + 30, true) +
      view.getUint16(p + 32, true);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50)
      return { ok: false, reason: 'unreadable' };
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + compressed > bytes.length) return { ok: false, reason: 'unreadable' };
    const data = bytes.subarray(start, start + compressed);
    const room = maxBytes - total;
    if (method === 0) {
      total += compressed;
    } else if (method === 8) {
      try {
        // One byte of room more than allowed tells "exactly at the limit" from "over it".
        total += inflateRawSync(data, { maxOutputLength: room + 1 }).byteLength;
      } catch (err) {
        if (err instanceof RangeError) return { ok: false, reason: 'tooLarge' };
        return { ok: false, reason: 'unreadable' };
      }
    } else {
      return { ok: false, reason: 'unreadable' };
    }
    if (total > maxBytes) return { ok: false, reason: 'tooLarge' };
  }
  return { ok: true, bytes: total };
}
