/**
 * ~/lib/format parses and formats dates with Intl (date-fns' formatters and locales were
 * 11 kB of every public page's JavaScript). These compare it with date-fns / date-fns-tz, which it
 * replaced, over fixed edge cases (DST gap and overlap, offsets, fractions, invalid input) and
 * random instants across 50 years.
 */
import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { formatInTimeZone, toDate } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { formatDate, formatTime, toInstant, todayString } from '~/lib/format';

const TZ = 'America/Los_Angeles';
const pad = (n: number) => String(n).padStart(2, '0');
const oldParse = (s: string) => {
  const t = toDate(s, { timeZone: TZ }).getTime();
  return Number.isNaN(t) ? null : t;
};
// A fixed pseudo-random sequence: the same instants every run.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const instants = Array.from(
  { length: 3000 },
  () => new Date(Date.UTC(1990, 0, 1) + Math.floor(random() * 50 * 365 * 86_400_000)),
);

describe('dates without date-fns', () => {
  it('parses strings as date-fns-tz did (Los Angeles wall time unless an offset is given)', () => {
    for (const s of [
      '2025-03-05',
      '2025-03-05T10:00',
      '2025-03-05 10:00:00',
      '2025-03-05T10:00:00.123',
      '2025-03-05T10:00:00Z',
      '2025-03-05T10:00:00.5Z',
      '2025-03-05T10:00:00+02:00',
      '2025-03-05T10:00:00-0700',
      '2025-03-09T02:30:00',
      '2025-11-02T01:30:00',
      '2025-11-02T02:00',
      'not a date',
      '2025-13-01',
      '2025-03-05T25:00',
    ]) {
      expect(toInstant(s)?.getTime() ?? null, s).toBe(oldParse(s));
    }
    for (const t of instants) {
      const wall = `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}T${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
      expect(toInstant(wall)!.getTime(), wall).toBe(oldParse(wall));
      expect(toInstant(t.toISOString())!.getTime()).toBe(t.getTime());
    }
  });

  it('formats days and times as date-fns did, in both languages', () => {
    for (const t of instants) {
      expect(formatTime(t)).toBe(formatInTimeZone(t, TZ, 'h:mm a'));
      expect(formatTime(t, 'fr')).toBe(formatInTimeZone(t, TZ, "H 'h' mm"));
      expect(todayString(t)).toBe(formatInTimeZone(t, TZ, 'yyyy-MM-dd'));
      const [y, m, d] = todayString(t).split('-').map(Number) as [number, number, number];
      const local = new Date(y, m - 1, d);
      expect(formatDate(t)).toBe(format(local, 'MMM do, yyyy'));
      expect(formatDate(t, 'fr')).toBe(
        `${d === 1 ? '1er' : d} ${format(local, 'MMMM yyyy', { locale: fr })}`,
      );
    }
  });
});
