/**
 * A dealer's time zone from its address (docs/rules.md "Dealer credit": the void window ends at
 * the dealer's midnight). A state or province that spans two zones gets the zone most of its
 * people live in; anything unknown gets the program's zone.
 */
import { TIME_ZONE } from './constants';

/** Zone → the codes of its states (or provinces), separated by spaces. */
const ZONES: Record<string, string> = {
  'America/New_York': 'CT DE DC FL GA IN KY ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV',
  'America/Chicago': 'AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI',
  'America/Denver': 'CO ID MT NM UT WY',
  'America/Phoenix': 'AZ',
  'America/Los_Angeles': 'CA NV OR WA',
  'America/Anchorage': 'AK',
  'Pacific/Honolulu': 'HI',
  'America/Puerto_Rico': 'PR',
};

const CA_ZONES: Record<string, string> = {
  'America/Toronto': 'ON QC',
  'America/Halifax': 'NS NB PE',
  'America/St_Johns': 'NL',
  'America/Winnipeg': 'MB',
  'America/Regina': 'SK',
  'America/Edmonton': 'AB NT',
  'America/Vancouver': 'BC',
  'America/Whitehorse': 'YT',
  'America/Iqaluit': 'NU',
};

/** Countries of one zone a dealer may be in outside North America. */
const COUNTRY_ZONES: Record<string, string> = {
  FR: 'Europe/Paris',
  BE: 'Europe/Brussels',
  LU: 'Europe/Luxembourg',
  DE: 'Europe/Berlin',
  NL: 'Europe/Amsterdam',
  IT: 'Europe/Rome',
  ES: 'Europe/Madrid',
  AT: 'Europe/Vienna',
  IE: 'Europe/Dublin',
  FI: 'Europe/Helsinki',
};

function invert(table: Record<string, string>): Map<string, string> {
  return new Map(
    Object.entries(table).flatMap(([zone, codes]) =>
      codes.split(' ').map((c) => [c, zone] as const),
    ),
  );
}
const US = invert(ZONES);
const CA = invert(CA_ZONES);

/** The IANA time zone of an address (its country and state or province code). */
export function timeZoneOf(place: { country: string | null; state: string | null }): string {
  const country = (place.country ?? '').trim().toUpperCase();
  const state = (place.state ?? '').trim().toUpperCase();
  if (country === 'US' || country === '') return US.get(state) ?? TIME_ZONE;
  if (country === 'CA') return CA.get(state) ?? TIME_ZONE;
  return COUNTRY_ZONES[country] ?? TIME_ZONE;
}
