/**
 * Calendar days in America/Los_Angeles and the money deadlines built on them — one copy, used by
 * the award engine, expiry, payouts and the seed. Pure: safe on the server and in the browser.
 */
import { fromZonedTime } from 'date-fns-tz';
import { CREDIT_EXPIRY_MONTHS, PRO_PAYMENT_INFO_DAYS, TIME_ZONE } from '~/lib/constants';
import { calendarDay, toDateString, type DateInput } from '~/lib/format';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 'YYYY-MM-DD' plus n days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const d = calendarDay(day);
  if (!d) throw new RangeError(`Not a calendar day: ${day}`);
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** 'YYYY-MM-DD' plus n months; the day is clamped to the month's last day (Feb 29 → Feb 28). */
export function addMonths(day: string, n: number): string {
  const d = calendarDay(day);
  if (!d) throw new RangeError(`Not a calendar day: ${day}`);
  const monthIndex = d.year * 12 + (d.month - 1) + n;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d.day, last))}`;
}

/** A wall-clock time ('HH:mm:ss.SSS') on a Los Angeles day, as an ISO UTC instant. */
export function laInstant(day: string, time: string): string {
  return fromZonedTime(`${day}T${time}`, TIME_ZONE).toISOString();
}

/** The instant a Los Angeles calendar day starts (00:00), as an ISO UTC string. */
export function laDayStart(day: string): string {
  return laInstant(day, '00:00:00.000');
}

/** The last millisecond of a Los Angeles calendar day (23:59:59.999), as an ISO UTC string. */
function laDayEnd(day: string): string {
  return new Date(new Date(laDayStart(addDays(day, 1))).getTime() - 1).toISOString();
}

/** The Los Angeles calendar day of an instant or date ('YYYY-MM-DD'). */
export function laDay(value: DateInput): string {
  const d = toDateString(value);
  if (!d) throw new RangeError(`Not a date: ${String(value)}`);
  return d;
}

/**
 * When dealer credit awarded at `awardedAt` expires: the end of the day (Los Angeles) 12 months
 * after the award day. Still `current` up to and including 23:59:59.999 that day.
 */
export function creditExpiresAt(awardedAt: DateInput): string {
  return laDayEnd(addMonths(laDay(awardedAt), CREDIT_EXPIRY_MONTHS));
}

/** When a pro's payment information is due: the end of the day (LA) 60 days after the race. */
export function paymentInfoDueAt(raceDay: string): string {
  return laDayEnd(addDays(raceDay, PRO_PAYMENT_INFO_DAYS));
}
