import { describe, it, expect } from 'vitest';
import {
  ageOn,
  calendarDay,
  formatAge,
  formatDate,
  formatMoney,
  formatMonth,
  formatPercent,
  formatRedemptionCode,
  formatPhone,
  formatTime,
  fromBase36Code,
  parseDateOnly,
  parseMoneyToCents,
  toBase36Code,
  toDateString,
  todayString,
} from '~/lib/format';
import { oneLine, unbroken } from '~/lib/table-columns';

const NBSP = '\u00a0';

describe('formatDate', () => {
  it('formats English as MMM Do, YYYY', () => {
    expect(formatDate('2025-03-05')).toBe('Mar 5th, 2025');
    expect(formatDate('2025-03-01', 'en')).toBe('Mar 1st, 2025');
    expect(formatDate('2025-03-02')).toBe('Mar 2nd, 2025');
    expect(formatDate('2025-03-23')).toBe('Mar 23rd, 2025');
    expect(formatDate('2025-12-11')).toBe('Dec 11th, 2025');
  });

  it('formats French as 5 mars 2025 (1er on the first)', () => {
    expect(formatDate('2025-03-05', 'fr')).toBe('5 mars 2025');
    expect(formatDate('2025-03-01', 'fr')).toBe('1er mars 2025');
    expect(formatDate('2025-08-15', 'fr')).toBe('15 août 2025');
  });

  it('does not shift a date-only string by time zone', () => {
    expect(formatDate('2025-01-01')).toBe('Jan 1st, 2025');
    expect(formatDate(' 2024-02-29 ')).toBe('Feb 29th, 2024');
  });

  it('shows instants in America/Los_Angeles', () => {
    // 03:00 UTC on the 6th is still the 5th (19:00 PST) in Los Angeles.
    expect(formatDate('2025-03-06T03:00:00Z')).toBe('Mar 5th, 2025');
    expect(formatDate(new Date('2025-03-06T03:00:00Z'))).toBe('Mar 5th, 2025');
    expect(formatDate(Date.UTC(2025, 2, 6, 3, 0))).toBe('Mar 5th, 2025');
    expect(formatDate('2025-03-06T03:00:00Z', 'fr')).toBe('5 mars 2025');
    expect(formatDate('2025-03-06T09:00:00Z')).toBe('Mar 6th, 2025');
  });

  it('treats an offset-less date-time string as Los Angeles wall time', () => {
    expect(formatDate('2025-03-05T23:30:00')).toBe('Mar 5th, 2025');
  });

  it('shows TBD when missing or invalid', () => {
    expect(formatDate(null)).toBe('TBD');
    expect(formatDate(undefined)).toBe('TBD');
    expect(formatDate('')).toBe('TBD');
    expect(formatDate('not a date')).toBe('TBD');
    expect(formatDate('2025-02-30')).toBe('TBD');
    expect(formatDate(new Date(Number.NaN))).toBe('TBD');
    expect(formatDate(null, 'fr')).toBe('À déterminer');
    expect(formatDate('2025-02-30', 'fr')).toBe('À déterminer');
  });
});

describe('formatTime', () => {
  it('formats h:mm A in Los Angeles', () => {
    expect(formatTime('2025-03-05T23:05:00Z')).toBe('3:05 PM');
    expect(formatTime(new Date('2025-07-04T16:30:00Z'))).toBe('9:30 AM');
    expect(formatTime('2025-03-05T08:00:00Z')).toBe('12:00 AM');
  });

  it('formats French as 15 h 05', () => {
    expect(formatTime('2025-03-05T23:05:00Z', 'fr')).toBe('15 h 05');
    expect(formatTime('2025-07-04T16:30:00Z', 'fr')).toBe('9 h 30');
  });

  it('shows TBD when missing, invalid or date-only', () => {
    expect(formatTime(null)).toBe('TBD');
    expect(formatTime(undefined, 'fr')).toBe('À déterminer');
    expect(formatTime('2025-03-05', 'fr')).toBe('À déterminer');
    expect(formatTime('garbage')).toBe('TBD');
    expect(formatTime('2025-03-05')).toBe('TBD');
  });
});

describe('unbroken (a date or a time kept on one line)', () => {
  it('makes every space non-breaking, and nothing else changes', () => {
    expect(unbroken('Nov 27th, 2026')).toBe(`Nov${NBSP}27th,${NBSP}2026`);
    expect(unbroken(formatTime('2025-03-05T23:05:00Z', 'fr'))).toBe(`15${NBSP}h${NBSP}05`);
    expect(unbroken('TBD')).toBe('TBD');
  });
});

describe('oneLine (a typed value as one line of a phone-detail cell)', () => {
  it('folds line breaks and runs of spaces into one space, and trims', () => {
    expect(oneLine('Jean\nTremblay')).toBe('Jean Tremblay');
    expect(oneLine('  Moto  Sport\r\nLaval\t')).toBe('Moto Sport Laval');
    expect(oneLine('Éric Lévesque')).toBe('Éric Lévesque');
  });

  it('gives nothing for a value that is missing or only blanks (no label left hanging)', () => {
    expect(oneLine(' \n\t ')).toBe('');
    expect(oneLine('')).toBe('');
    expect(oneLine(null)).toBe('');
    expect(oneLine(undefined)).toBe('');
  });
});

describe('calendar days', () => {
  it('parses real calendar dates only', () => {
    expect(parseDateOnly('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDateOnly('2025-02-29')).toBeNull();
    expect(parseDateOnly('2025-13-01')).toBeNull();
    expect(parseDateOnly('2025-3-5')).toBeNull();
  });

  it('gives the Los Angeles day of an instant', () => {
    expect(calendarDay('2025-03-06T03:00:00Z')).toEqual({ year: 2025, month: 3, day: 5 });
    expect(toDateString(new Date('2025-03-06T03:00:00Z'))).toBe('2025-03-05');
    expect(toDateString('2025-03-06')).toBe('2025-03-06');
    expect(todayString(new Date('2025-01-01T07:59:00Z'))).toBe('2024-12-31');
    expect(todayString(new Date('2025-01-01T08:00:00Z'))).toBe('2025-01-01');
  });
});

describe('formatPhone', () => {
  it('leaves fewer than 10 digits unchanged', () => {
    expect(formatPhone('555123456')).toBe('555123456');
    expect(formatPhone('555-1234')).toBe('555-1234');
  });

  it('formats 10 digits', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
  });

  it('adds a + prefix for 11 to 13 digits', () => {
    expect(formatPhone('15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhone('335551234567')).toBe('+33 (555) 123-4567');
    expect(formatPhone('4415551234567')).toBe('+441 (555) 123-4567');
  });

  it('leaves more than 13 digits unchanged', () => {
    expect(formatPhone('12345678901234')).toBe('12345678901234');
    expect(formatPhone('+1 234 567 890 1234')).toBe('+1 234 567 890 1234');
  });

  it('ignores punctuation', () => {
    expect(formatPhone('(555) 123-4567')).toBe('(555) 123-4567');
    expect(formatPhone('555.123.4567')).toBe('(555) 123-4567');
    expect(formatPhone('+1 (555) 123-4567')).toBe('+1 (555) 123-4567');
    expect(formatPhone('1-555-123-4567')).toBe('+1 (555) 123-4567');
  });

  it('shows an empty string when missing', () => {
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
    expect(formatPhone('')).toBe('');
  });
});

describe('formatPercent', () => {
  it('shows a value over 1 as given', () => {
    expect(formatPercent(5)).toBe('5%');
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent('42')).toBe('42%');
  });

  it('multiplies 1 or less by 100 and floors it', () => {
    expect(formatPercent(0.256)).toBe('25%');
    expect(formatPercent('0.5')).toBe('50%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.29)).toBe('29%');
    expect(formatPercent(0.999)).toBe('99%');
  });

  it('shows 0% for non-numeric values', () => {
    expect(formatPercent('abc')).toBe('0%');
    expect(formatPercent('')).toBe('0%');
    expect(formatPercent(null)).toBe('0%');
    expect(formatPercent(undefined)).toBe('0%');
    expect(formatPercent(Number.NaN)).toBe('0%');
    expect(formatPercent({})).toBe('0%');
    expect(formatPercent(true)).toBe('0%');
  });

  it('French: the same number in French form, a no-break space (U+00A0) before %', () => {
    expect(formatPercent(0.29, 'fr')).toBe(`29${NBSP}%`);
    expect(formatPercent(12.5, 'fr')).toBe(`12,5${NBSP}%`);
    expect(formatPercent('42', 'fr')).toBe(`42${NBSP}%`);
    expect(formatPercent(0.999, 'fr')).toBe(`99${NBSP}%`);
    expect(formatPercent('abc', 'fr')).toBe(`0${NBSP}%`);
  });
});

describe('formatMonth (months as words)', () => {
  it('names the month in each language', () => {
    expect(formatMonth('2026-02')).toBe('Feb 2026');
    expect(formatMonth('2026-02', 'fr')).toBe('février 2026');
    expect(formatMonth('2026-12-31', 'fr')).toBe('décembre 2026');
  });

  it('leaves anything that is not a month as given', () => {
    expect(formatMonth('2026-13')).toBe('2026-13');
    expect(formatMonth('soon', 'fr')).toBe('soon');
  });
});

describe('formatRedemptionCode (a code that reads as a code)', () => {
  it('pads to three characters behind a number sign, the same in every language', () => {
    expect(formatRedemptionCode('E')).toBe('#00E');
    expect(formatRedemptionCode(14)).toBe('#00E');
    expect(formatRedemptionCode('21I3V9')).toBe('#21I3V9');
    // Given back as it is when already shown this way (the lists hand out the shown code).
    expect(formatRedemptionCode('#00E')).toBe('#00E');
  });

  it('reads back to the same number as shown', () => {
    expect(fromBase36Code(formatRedemptionCode(14))).toBe(14);
    expect(fromBase36Code(`n°${NBSP}00E`)).toBe(14);
    expect(fromBase36Code('no. 00e')).toBe(14);
    // A bare code that starts with the letters N, O is still that code.
    expect(fromBase36Code('NOX')).toBe(parseInt('NOX', 36));
  });
});

describe('formatMoney', () => {
  it('gives the text Intl gives, for the same amount asked again and after the memo fills', () => {
    const intl = (cents: number, currency: 'USD' | 'CAD', lang: 'en' | 'fr') =>
      new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-US', {
        style: 'currency',
        currency,
      }).format(Math.round(cents) / 100);
    for (let round = 0; round < 2; round++)
      for (const lang of ['en', 'fr'] as const)
        for (const currency of ['USD', 'CAD'] as const)
          for (const cents of [0, -0, 1, 99, 100, 123450, -2500, 10_000_000])
            expect(formatMoney(cents, currency, lang)).toBe(intl(cents, currency, lang));
    for (let cents = 0; cents < 12_000; cents += 1) formatMoney(cents, 'USD', 'fr');
    expect(formatMoney(5, 'USD', 'fr')).toBe(intl(5, 'USD', 'fr'));
    expect(formatMoney(5, 'USD', 'en')).toBe(intl(5, 'USD', 'en'));
  });

  it('formats USD, CAD and EUR in English', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(123450, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney(123450, 'CAD', 'en')).toBe('CA$1,234.50');
    expect(formatMoney(123450, 'EUR', 'en')).toBe('€1,234.50');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(-2500, 'USD')).toBe('-$25.00');
  });

  it('formats USD, CAD and EUR in French (fr-CA)', () => {
    expect(formatMoney(123450, 'USD', 'fr')).toBe(`1${NBSP}234,50${NBSP}$${NBSP}US`);
    expect(formatMoney(123450, 'CAD', 'fr')).toBe(`1${NBSP}234,50${NBSP}$`);
    expect(formatMoney(123450, 'EUR', 'fr')).toBe(`1${NBSP}234,50${NBSP}€`);
  });
});

describe('parseMoneyToCents', () => {
  it('parses plain amounts to integer cents', () => {
    expect(parseMoneyToCents('12')).toBe(1200);
    expect(parseMoneyToCents('12.5')).toBe(1250);
    expect(parseMoneyToCents('12.50')).toBe(1250);
    expect(parseMoneyToCents(' 250 ')).toBe(25000);
    expect(parseMoneyToCents('0.29')).toBe(29);
    expect(parseMoneyToCents('1.00')).toBe(100);
    expect(parseMoneyToCents('.5')).toBe(50);
    expect(parseMoneyToCents('12.')).toBe(1200);
    expect(parseMoneyToCents('0')).toBe(0);
    expect(parseMoneyToCents('12,50')).toBe(1250);
  });

  it('avoids floating-point error', () => {
    expect(parseMoneyToCents('19.99')).toBe(1999);
    expect(parseMoneyToCents('1.15')).toBe(115);
    expect(parseMoneyToCents('4.35')).toBe(435);
    expect(parseMoneyToCents(4.35)).toBe(435);
    expect(parseMoneyToCents(12.5)).toBe(1250);
    expect(parseMoneyToCents(100)).toBe(10000);
  });

  it('rejects invalid and negative input', () => {
    expect(parseMoneyToCents('')).toBeNull();
    expect(parseMoneyToCents('.')).toBeNull();
    expect(parseMoneyToCents('abc')).toBeNull();
    expect(parseMoneyToCents('$12')).toBeNull();
    expect(parseMoneyToCents('1,000.00')).toBeNull();
    expect(parseMoneyToCents('1,000')).toBeNull();
    expect(parseMoneyToCents('12.345')).toBeNull();
    expect(parseMoneyToCents('-5')).toBeNull();
    expect(parseMoneyToCents('+5')).toBeNull();
    expect(parseMoneyToCents('1e3')).toBeNull();
    expect(parseMoneyToCents(-5)).toBeNull();
    expect(parseMoneyToCents(Number.NaN)).toBeNull();
    expect(parseMoneyToCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseMoneyToCents(0.1 + 0.2)).toBeNull();
    expect(parseMoneyToCents('99999999999999999999')).toBeNull();
  });
});

describe('age', () => {
  it('counts whole years on a calendar day', () => {
    expect(ageOn('2007-06-15', '2025-06-14')).toBe(17);
    expect(ageOn('2007-06-15', '2025-06-15')).toBe(18);
    expect(ageOn('2007-06-15', '2025-12-31')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('uses the Los Angeles day of an instant', () => {
    // 2025-06-15T05:00Z is still June 14th in Los Angeles.
    expect(ageOn('2007-06-15', new Date('2025-06-15T05:00:00Z'))).toBe(17);
    expect(ageOn('2007-06-15', new Date('2025-06-15T08:00:00Z'))).toBe(18);
  });

  it('is null when missing, invalid or before birth', () => {
    expect(ageOn('', '2025-01-01')).toBeNull();
    expect(ageOn('2025-02-30', '2025-03-01')).toBeNull();
    expect(ageOn('2010-01-01', 'nope')).toBeNull();
    expect(ageOn('2025-01-02', '2025-01-01')).toBeNull();
  });

  it('formats the age or Unknown', () => {
    const on = new Date('2025-06-20T19:00:00Z');
    expect(formatAge('2000-06-20', on)).toBe('25');
    expect(formatAge('2000-06-21', on, 'fr')).toBe('24');
    expect(formatAge(new Date('2000-06-20T00:00:00Z'), on)).toBe('25');
    expect(formatAge(null, on)).toBe('Unknown');
    expect(formatAge(undefined, on, 'en')).toBe('Unknown');
    expect(formatAge('garbage', on, 'fr')).toBe('Inconnu');
  });
});

describe('base 36 codes', () => {
  it('writes upper-case base 36', () => {
    expect(toBase36Code(0)).toBe('0');
    expect(toBase36Code(35)).toBe('Z');
    expect(toBase36Code(36)).toBe('10');
    expect(toBase36Code(1295)).toBe('ZZ');
    expect(toBase36Code(123456789)).toBe('21I3V9');
  });

  it('reads codes back, case-insensitively', () => {
    expect(fromBase36Code('Z')).toBe(35);
    expect(fromBase36Code('10')).toBe(36);
    expect(fromBase36Code(' 21i3v9 ')).toBe(123456789);
  });

  it('round-trips', () => {
    for (const n of [1, 9, 10, 35, 36, 37, 1000, 46655, 46656, 2 ** 40]) {
      expect(fromBase36Code(toBase36Code(n))).toBe(n);
    }
  });

  it('rejects bad input', () => {
    expect(fromBase36Code('')).toBeNull();
    expect(fromBase36Code('A-1')).toBeNull();
    expect(fromBase36Code(null)).toBeNull();
    expect(fromBase36Code('ZZZZZZZZZZZZZZZZ')).toBeNull();
    expect(() => toBase36Code(-1)).toThrow(RangeError);
    expect(() => toBase36Code(1.5)).toThrow(RangeError);
  });
});

describe('dates and times memoized once built', () => {
  it('a stored date string gives the same text as its instant, asked again, in both languages, past a full memo', () => {
    const start = Date.UTC(2024, 0, 1, 7, 30);
    // More distinct values than the memo keeps, so it is dropped and filled again mid-way.
    for (let i = 0; i < 12_000; i += 1) {
      const instant = new Date(start + i * 37 * 60_000);
      const iso = instant.toISOString();
      for (const lang of ['en', 'fr'] as const) {
        expect(formatDate(iso, lang)).toBe(formatDate(instant, lang));
        expect(formatTime(iso, lang)).toBe(formatTime(instant, lang));
      }
      if (i % 997 === 0) {
        expect(formatDate(iso, 'fr')).toBe(formatDate(instant, 'fr'));
        expect(formatTime(iso)).toBe(formatTime(instant));
      }
    }
    // A day and an instant of the same text kind never share a memoized text.
    expect(formatDate('2025-03-05')).toBe('Mar 5th, 2025');
    expect(formatTime('2025-03-05')).toBe('TBD');
    expect(formatDate('not a date', 'fr')).toBe('À déterminer');
    expect(formatDate('not a date')).toBe('TBD');
  });
});
