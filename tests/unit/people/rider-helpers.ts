/** Helpers of the rider tests: valid registration input, dates of birth, images. */
import { deflateSync } from 'node:zlib';
import { todayString } from '~/lib/format';

/** A date of birth making someone `years` old today (their birthday was a week ago). */
export function birthDateForAge(years: number): string {
  const [y, m, d] = todayString().split('-').map(Number);
  const day = new Date(Date.UTC(y - years, m - 1, d - 7));
  return day.toISOString().slice(0, 10);
}

/** Form-like registration values (strings as a browser sends them). */
export function registrationForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: 'Casey',
    lastName: 'Rider',
    email: `casey-${Math.random().toString(36).slice(2)}@riders.test`,
    password: 'Gravel-Track-Ride-42',
    confirmPassword: 'Gravel-Track-Ride-42',
    dateOfBirth: birthDateForAge(25),
    sex: 'female',
    phone1: '555 123 4567',
    addressLine1: '1 Track Road',
    city: 'Austin',
    country: 'US',
    state: 'TX',
    zipcode: '78701',
    raceStyle: 'motocross',
    level: 'amateur',
    ...overrides,
  };
}

/** FormData from plain values. */
export function formData(values: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  return fd;
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), Buffer.from(data)]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real 1×1 orange PNG. */
export function tinyPng(): Uint8Array<ArrayBuffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.from([0, 0xff, 0x66, 0x00]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', new Uint8Array()),
    ]),
  );
}

/** The start of a real PDF file. */
export function pdfBytes(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    ),
  );
}
