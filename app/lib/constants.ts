/**
 * Business constants and limits, in one place. Pure data: safe to import
 * on the server and in the browser.
 */

/** Dealer credit expires this many months after it is awarded (end of that day, Los Angeles). */
export const CREDIT_EXPIRY_MONTHS = 12;
/** Pros must supply payment information within this many days of the race. */
export const PRO_PAYMENT_INFO_DAYS = 60;
/** Cash is paid this many days after the results are verified. */
export const CASH_PAID_DAYS = 30;
/** Series-end pro payments are due this many days after the series' last event. */
export const SERIES_END_PAYMENT_DAYS = 60;
/** The maker credits the dealer's parts account within this many days of the month's end. */
export const PARTS_CREDIT_DAYS = 30;
/** A class pays only when at least this many riders were present (results other than DNS). */
export const MIN_RIDERS_PER_CLASS = 6;
/** A rider is paid for at most this many (the highest-paying) classes per event. */
export const PAID_CLASSES_PER_EVENT = 2;
/** Default program: bikes of this model year or newer. */
export const MIN_BIKE_YEAR = 2023;
/** Riders younger than this need a parent or guardian consent on file. */
export const AGE_OF_MAJORITY = 18;
/** Digits in a rider's PIN. */
export const PIN_LENGTH = 4;
/** Minimum password length. */
export const PASSWORD_MIN = 8;
/** Maximum password length in bytes (bcrypt ignores anything after 72 bytes). */
export const PASSWORD_MAX_BYTES = 72;
/** Characters a VIN has. */
export const VIN_LENGTH = 17;
/** Maximum characters in a contact message. */
export const CONTACT_MESSAGE_MAX = 500;
/** Maximum upload size in bytes (10 MB). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Percent withheld from cash paid to riders who are not US persons. */
export const NON_RESIDENT_WITHHOLDING_PERCENT = 30;
/** Dealer search radii in miles (0 = exact match), English interface. */
export const SEARCH_RADIUS_MILES = [0, 25, 50, 100, 500] as const;
/** Dealer search radii in kilometres (0 = exact match), French interface; same order as miles. */
export const SEARCH_RADIUS_KM = [0, 40, 80, 160, 800] as const;
/** Kilometres in one mile, to convert the French radii to the API's miles. */
export const KM_PER_MILE = 1.609344;
/** Recent events shown (events before today). */
export const RECENT_EVENTS_LIMIT = 5;
/** Map zoom when there is a single marker. */
export const MAP_SINGLE_ZOOM = 10;
/** Padding (pixels) when fitting the map to several markers. */
export const MAP_BOUNDS_PADDING = 50;
/** Currencies an amount can be in (USD default, CAD for Canadian events). */
export const CURRENCIES = ['USD', 'CAD', 'EUR'] as const;
/** The default currency. */
export const DEFAULT_CURRENCY: Currency = 'USD';
/** Time zone of every displayed date and time, and of day boundaries (expiry, "before today"). */
export const TIME_ZONE = 'America/Los_Angeles';
/** Days the language cookie lives (path /). */
export const LANG_COOKIE_MAX_AGE_DAYS = 365;
/**
 * How long a dealer may void its own redemption: until its midnight this many days after the
 * redemption's day (0: the same business day), in the dealer's time zone; later it is an admin
 * refund.
 */
export const DEALER_VOID_EXTRA_DAYS = 0;
/** Characters a dealer's reason for a void may have. */
export const VOID_REASON_MAX = 500;
/** Wrong PINs for one rider that trigger a lock-out... */
export const PIN_MAX_FAILURES = 5;
/** ...within this many minutes... */
export const PIN_WINDOW_MINUTES = 15;
/** ...which lasts this many minutes. */
export const PIN_LOCK_MINUTES = 15;
/** Wrong PINs across all riders after which one dealer login's counter pauses (per window). */
export const DEALER_USER_PIN_MAX_FAILURES = 10;
/** Wrong PINs across all riders after which a dealer location's counter pauses (all its logins). */
export const DEALER_LOCATION_PIN_MAX_FAILURES = 20;
/** The window of those counts and how long the pause lasts after the last failure that hit it. */
export const DEALER_PIN_WINDOW_MINUTES = 15;
/** Minutes an e-mail one-time code is valid. */
export const CODE_TTL_MINUTES = 10;
/** Tries allowed for one e-mail one-time code. */
export const CODE_MAX_TRIES = 5;
/**
 * Minutes a session's last proof (a full sign-in or a step-up) counts as fresh: a stolen session
 * older than this cannot change how the account signs in.
 */
export const STEP_UP_MINUTES = 10;
/** Riders whose credit expires within this many days get an expiry e-mail (one per award). */
export const EXPIRY_MAIL_DAYS = 30;

/** Deadline reminders (docs/rules.md "Reminders"): days before or after, most distant first. */
export const REMINDER_DAYS = {
  paymentInfo: [30, 14, 3], // before a pro's 60-day payment-information deadline
  creditExpiring: [30, 7], // before dealer credit expires
  resultsLate: [7, 14], // after the event, results still not uploaded (admins copied at 14)
} as const;
/**
 * US information-return threshold (Form 1099-NEC/1099-MISC) by the calendar year payments were
 * made, in USD cents: $600 through 2025; $2,000 for payments made after December 31, 2025
 * (Public Law 119-21 of July 4, 2025, amending 26 U.S.C. §6041(a) and §6041A; indexed for
 * inflation after 2026 — add the IRS figure here each year). TAX_1099_THRESHOLD (dollars, env)
 * overrides it for every year. Source and choice: docs/rules.md "Tax lists".
 */
const TAX_1099_THRESHOLDS: readonly { fromYear: number; cents: number }[] = [
  { fromYear: 0, cents: 60_000 },
  { fromYear: 2026, cents: 200_000 },
];
/** The 1099 threshold (USD cents) for payments made in `year`. */
export function tax1099ThresholdCents(year: number): number {
  let cents = TAX_1099_THRESHOLDS[0]!.cents;
  for (const t of TAX_1099_THRESHOLDS) if (year >= t.fromYear) cents = t.cents;
  return cents;
}

/** A late event older than this gets no reminder (no flood of old events on the first run). */
export const RESULTS_LATE_REMINDER_MAX_DAYS = 30;
/** Class payout types. */
export const PAYOUT_TYPES = ['cash', 'dealerCredit', 'noPayout'] as const;
/** Main sport / race style values. */
export const RACE_STYLES = ['flat', 'motocross', 'road', 'offroad'] as const;
/** Rider sex values. */
export const SEXES = ['male', 'female', 'non-binary'] as const;
/** Account roles (session types). */
export const ROLES = ['rider', 'dealer', 'promoter', 'admin'] as const;
/** Award statuses. */
export const AWARD_STATUSES = [
  'current',
  'expired',
  'spent',
  'earned',
  'funded',
  'sent',
  'paid',
  'redeemed',
  // Withdrawn by a results recompute before anything was drawn from it (value 0, kept because
  // its ledger rows point at it; see docs/rules.md "Awards").
  'reversed',
] as const;
/** Result types. */
export const RESULT_TYPES = ['finish', 'DNF', 'DNS', 'DQ'] as const;
/** Rows per page in paginated lists. */
export const PAGE_SIZE = 20;

/** A currency code. */
export type Currency = (typeof CURRENCIES)[number];
/** A class payout type. */
export type PayoutType = (typeof PAYOUT_TYPES)[number];
/** A race style. */
export type RaceStyle = (typeof RACE_STYLES)[number];
/** An account role. */
export type Role = (typeof ROLES)[number];
/** A result type. */
export type ResultType = (typeof RESULT_TYPES)[number];

/** Radius of the schedule's ZIP / postal-code search for events and series, in miles. */
export const ZIP_SEARCH_MILES = 100;

/** The drawn size of the server's report charts; pages show them at exactly this size. */
export const CHART_SIZE = { width: 440, height: 320 } as const;
