/**
 * The demo season: programs (categories), series, events, class payouts, redemptions at the
 * dealer counter and contact messages. Event dates are either a fixed day of the current season
 * (`monthDay`, in the current calendar year) or a number of days from today (`daysFromToday`) for
 * the events whose state must not depend on the day the seed runs (late results, the upload test
 * events, the demo rider's expiring credit...).
 */
import type { PoolKey } from './people';

type RaceStyle = 'flat' | 'motocross' | 'road' | 'offroad';

export type SeedCategory = {
  key: string;
  name: string;
  description: string;
  raceStyle: RaceStyle | null;
  eligibleModels: string[] | null;
  minYear: number | null;
  maxYear: number | null;
};

export const SEED_CATEGORIES: SeedCategory[] = [
  {
    key: 'flat',
    name: 'Flat Track',
    description: 'Oval, short track, TT and mile racing. Any eligible model, 2023 or newer.',
    raceStyle: 'flat',
    eligibleModels: null,
    minYear: null,
    maxYear: null,
  },
  {
    key: 'motocross',
    name: 'Motocross',
    description: 'Amateur and pro motocross. Any eligible model, 2023 or newer.',
    raceStyle: 'motocross',
    eligibleModels: null,
    minYear: null,
    maxYear: null,
  },
  {
    key: 'road',
    name: 'Road',
    description: 'Road racing and track-day competition. Any eligible model, 2023 or newer.',
    raceStyle: 'road',
    eligibleModels: null,
    minYear: null,
    maxYear: null,
  },
  {
    key: 'offroad',
    name: 'Off Road',
    description: 'Hare scrambles, enduros and cross-country. Any eligible model, 2023 or newer.',
    raceStyle: 'offroad',
    eligibleModels: null,
    minYear: null,
    maxYear: null,
  },
  {
    key: 'superTwin',
    name: 'SuperTwin',
    description:
      'Only the 790 and 890 Duke models are eligible. Logos on both sides of the fuel tank or fairing and both sides of the rear fender (minimum 4 inches), and on the left chest patch (minimum 3.5 inches). Ride the brand for the whole series to earn final-standing awards.',
    raceStyle: 'road',
    eligibleModels: ['790 Duke', '890 Duke', '890 Duke R'],
    minYear: null,
    maxYear: null,
  },
  {
    key: 'singles',
    name: 'Singles',
    description:
      '450 SX-F, XC-F, XC-F W and SMR models, model years 2021 to 2023. Logos on the tank and both front and rear fenders; orange must dominate. Cash paid within 30 days.',
    raceStyle: null,
    eligibleModels: ['450 SX-F', '450 XC-F', '450 XC-F W', '450 SMR'],
    minYear: 2021,
    maxYear: 2023,
  },
];

/** Class line-ups: one per kind of racing. Amounts in whole currency units per place. */
export type ClassTemplateKey = 'mx' | 'road' | 'singles' | 'flat' | 'hare';

/** Who enters a class: pros, amateurs (by bike size, age, sex or experience) or youth only. */
export type ClassEntry =
  | 'pro450'
  | 'pro250'
  | 'pro'
  | 'am450'
  | 'am250'
  | 'am'
  | 'amA'
  | 'amB'
  | 'novice'
  | 'vet30'
  | 'vet40'
  | 'women'
  | 'youth';

export type SeedClass = {
  name: string;
  payoutType: 'cash' | 'dealerCredit' | 'noPayout';
  amounts: number[];
  entry: ClassEntry;
};

export const CLASS_TEMPLATES: Record<ClassTemplateKey, SeedClass[]> = {
  mx: [
    { name: '450 Pro', payoutType: 'cash', amounts: [1000, 500, 250, 100, 50], entry: 'pro450' },
    { name: '250 Pro', payoutType: 'cash', amounts: [750, 375, 200], entry: 'pro250' },
    { name: '450 B', payoutType: 'dealerCredit', amounts: [300, 200, 100], entry: 'am450' },
    { name: '250 B', payoutType: 'dealerCredit', amounts: [250, 150, 100], entry: 'am250' },
    { name: 'Vet 30+', payoutType: 'dealerCredit', amounts: [150, 100, 50], entry: 'vet30' },
    { name: 'Vet 40+', payoutType: 'dealerCredit', amounts: [150, 100, 50], entry: 'vet40' },
    { name: 'Pee Wee 50', payoutType: 'noPayout', amounts: [], entry: 'youth' },
  ],
  road: [
    {
      name: 'SuperTwin Pro',
      payoutType: 'cash',
      amounts: [1500, 750, 400, 200, 100],
      entry: 'pro',
    },
    {
      name: 'SuperTwin Amateur',
      payoutType: 'dealerCredit',
      amounts: [400, 250, 150],
      entry: 'am',
    },
    { name: 'Twins Novice', payoutType: 'dealerCredit', amounts: [200, 100, 50], entry: 'novice' },
    { name: 'Vintage Twins', payoutType: 'noPayout', amounts: [], entry: 'youth' },
  ],
  singles: [
    { name: 'Open Pro', payoutType: 'cash', amounts: [800, 400, 200], entry: 'pro' },
    { name: 'Singles A', payoutType: 'dealerCredit', amounts: [250, 150, 100], entry: 'amA' },
    { name: 'Singles B', payoutType: 'dealerCredit', amounts: [150, 100, 50], entry: 'amB' },
    { name: 'Women', payoutType: 'dealerCredit', amounts: [150, 100, 50], entry: 'women' },
  ],
  flat: [
    { name: 'Pro Singles', payoutType: 'cash', amounts: [600, 300, 150], entry: 'pro' },
    { name: '450 Amateur', payoutType: 'dealerCredit', amounts: [200, 125, 75], entry: 'amA' },
    { name: 'Open Novice', payoutType: 'dealerCredit', amounts: [150, 100, 50], entry: 'novice' },
    { name: 'Vet 40+', payoutType: 'dealerCredit', amounts: [150, 100, 50], entry: 'vet40' },
    { name: 'Youth 85cc', payoutType: 'noPayout', amounts: [], entry: 'youth' },
  ],
  hare: [
    { name: 'Open Pro', payoutType: 'cash', amounts: [500, 250, 125], entry: 'pro' },
    { name: 'Open A', payoutType: 'dealerCredit', amounts: [200, 100, 50], entry: 'amA' },
    { name: 'Open B', payoutType: 'dealerCredit', amounts: [150, 75, 50], entry: 'amB' },
    { name: 'Vet 40+', payoutType: 'dealerCredit', amounts: [150, 75, 50], entry: 'vet40' },
    { name: 'Women', payoutType: 'dealerCredit', amounts: [150, 75, 50], entry: 'women' },
    { name: 'Youth', payoutType: 'noPayout', amounts: [], entry: 'youth' },
  ],
};

export type SeedSeries = {
  key: PoolKey;
  /** The series' name; `year` is the calendar year of its events. */
  name: (year: number) => string;
  description: string;
  category: string;
  promoter: string;
  raceStyle: RaceStyle;
  city: string;
  state: string;
  zipcode: string;
  country: 'US' | 'CA';
  currency: 'USD' | 'CAD';
  classes: ClassTemplateKey;
};

export const SEED_SERIES: SeedSeries[] = [
  {
    key: 'lastSeason',
    name: (y) => `${y} Golden State Motocross Championship`,
    description: 'Last season of the Golden State amateur and pro motocross championship.',
    category: 'motocross',
    promoter: 'goldenState',
    raceStyle: 'motocross',
    city: 'San Bernardino',
    state: 'CA',
    zipcode: '92407',
    country: 'US',
    currency: 'USD',
    classes: 'mx',
  },
  {
    key: 'goldenState',
    name: (y) => `${y} Golden State Motocross Championship`,
    description:
      'Southern and Northern California motocross, amateur and pro classes at the state’s classic tracks. Contingency on every round.',
    category: 'motocross',
    promoter: 'goldenState',
    raceStyle: 'motocross',
    city: 'San Bernardino',
    state: 'CA',
    zipcode: '92407',
    country: 'US',
    currency: 'USD',
    classes: 'mx',
  },
  {
    key: 'superTwin',
    name: (y) => `${y} SuperTwin Road Series`,
    description:
      'Road racing for the 790 and 890 Duke twins on the West Coast’s best circuits. SuperTwin program rules apply.',
    category: 'superTwin',
    promoter: 'goldenState',
    raceStyle: 'road',
    city: 'Sonoma',
    state: 'CA',
    zipcode: '95476',
    country: 'US',
    currency: 'USD',
    classes: 'road',
  },
  {
    key: 'singles',
    name: (y) => `${y} Rocky Mountain Singles Cup`,
    description:
      'Cross-country and sprint enduro for 450 singles across Utah, Colorado, Idaho and Wyoming. Singles program rules apply (model years 2021–2023).',
    category: 'singles',
    promoter: 'rockyMountain',
    raceStyle: 'offroad',
    city: 'Grand Junction',
    state: 'CO',
    zipcode: '81501',
    country: 'US',
    currency: 'USD',
    classes: 'singles',
  },
  {
    key: 'flatTrack',
    name: (y) => `${y} Heartland Flat Track Series`,
    description: 'Miles, half-miles and TTs at the Midwest’s historic fairgrounds.',
    category: 'flat',
    promoter: 'heartland',
    raceStyle: 'flat',
    city: 'Springfield',
    state: 'IL',
    zipcode: '62702',
    country: 'US',
    currency: 'USD',
    classes: 'flat',
  },
  {
    key: 'hareScramble',
    name: (y) => `${y} Eastern Hare Scramble Series`,
    description:
      'Two-hour hare scrambles through the Appalachians, from the Carolinas to Pennsylvania.',
    category: 'offroad',
    promoter: 'heartland',
    raceStyle: 'offroad',
    city: 'Buckhannon',
    state: 'WV',
    zipcode: '26201',
    country: 'US',
    currency: 'USD',
    classes: 'hare',
  },
  {
    key: 'canada',
    name: (y) => `Coupe Canada Motocross ${y}`,
    description:
      'Amateur and pro motocross across Québec, Ontario and Alberta. Payouts in Canadian dollars. / Motocross amateur et pro au Québec, en Ontario et en Alberta; bourses en dollars canadiens.',
    category: 'motocross',
    promoter: 'boreal',
    raceStyle: 'motocross',
    city: 'Sherbrooke',
    state: 'QC',
    zipcode: 'J1H 1S1',
    country: 'CA',
    currency: 'CAD',
    classes: 'mx',
  },
];

/** A rider placed by hand in a class (the demo accounts' story, the two-class limit). */
type ForcedEntry = { rider: string; className: string; place: number };

export type SeedEvent = {
  key: string;
  series: PoolKey;
  title: string;
  venue: string;
  venueWebsite?: string;
  city: string;
  state: string;
  zipcode: string;
  lat: number;
  lon: number;
  when: { monthDay: string } | { daysFromToday: number };
  startTime?: string;
  cancelled?: boolean;
  notes?: string;
  bonuses?: string;
  /** No program of its own: the default program (category null). */
  noCategory?: boolean;
  /** 'auto': results once the event is 5 days past; 'none': never results (awaiting / late). */
  results?: 'auto' | 'none';
  /** False: no classes published either. */
  classes?: boolean;
  forced?: ForcedEntry[];
  /** An event bonus entered for one rider's result. */
  bonus?: { rider: string; className: string; amount: number; note: string };
};

/** The title of the upload test events (also exported from db/seed.ts). */
export const TEST_EVENT_TITLE = 'Test Track Open';

const perris = {
  venue: 'Perris Raceway',
  city: 'Perris',
  state: 'CA',
  zipcode: '92570',
  lat: 33.8093,
  lon: -117.2385,
};
const glenHelen = {
  venue: 'Glen Helen Raceway',
  venueWebsite: 'https://www.glenhelen.com',
  city: 'San Bernardino',
  state: 'CA',
  zipcode: '92407',
  lat: 34.2237,
  lon: -117.405,
};
const pala = {
  venue: 'Fox Raceway at Pala',
  city: 'Pala',
  state: 'CA',
  zipcode: '92059',
  lat: 33.369,
  lon: -117.07,
};
const cahuilla = {
  venue: 'Cahuilla Creek Motocross',
  city: 'Anza',
  state: 'CA',
  zipcode: '92539',
  lat: 33.5614,
  lon: -116.7767,
};

export const SEED_EVENTS: SeedEvent[] = [
  // ------------------------------------------------------------- last season (Golden State)
  {
    key: 'ls1',
    series: 'lastSeason',
    title: 'Cahuilla Creek Summer Series',
    ...cahuilla,
    when: { daysFromToday: -500 },
    startTime: '07:30',
    forced: [{ rider: 'demoRider', className: 'Vet 30+', place: 3 }],
  },
  {
    key: 'ls2',
    series: 'lastSeason',
    title: 'Zaca Station Fall Classic',
    venue: 'Zaca Station MX',
    city: 'Buellton',
    state: 'CA',
    zipcode: '93427',
    lat: 34.656,
    lon: -120.135,
    when: { daysFromToday: -430 },
    startTime: '08:00',
    forced: [{ rider: 'demoRider', className: '450 B', place: 3 }],
  },
  {
    key: 'ls3',
    series: 'lastSeason',
    title: 'Holiday Grand Prix at Pala',
    ...pala,
    when: { daysFromToday: -345 },
    startTime: '08:00',
    forced: [{ rider: 'demoRider', className: '450 B', place: 2 }],
  },
  // ------------------------------------------------------------- Golden State motocross
  {
    key: 'gs1',
    series: 'goldenState',
    title: 'Glen Helen Season Opener',
    ...glenHelen,
    when: { monthDay: '02-22' },
    startTime: '08:00',
  },
  {
    key: 'gs2',
    series: 'goldenState',
    title: 'Hangtown Amateur Classic',
    venue: 'Prairie City SVRA',
    city: 'Rancho Cordova',
    state: 'CA',
    zipcode: '95742',
    lat: 38.596,
    lon: -121.17,
    when: { monthDay: '04-18' },
    startTime: '07:30',
    bonuses: 'Holeshot award in each pro main: $100 cash.',
  },
  {
    key: 'gs3',
    series: 'goldenState',
    title: 'Cahuilla Creek Summer Night',
    ...cahuilla,
    when: { monthDay: '07-18' },
    startTime: '17:00',
    cancelled: true,
    notes: 'Cancelled: excessive heat warning for the Anza valley. Entry fees refunded.',
  },
  {
    key: 'gs4',
    series: 'goldenState',
    title: 'Hollister Hills Fall Classic',
    venue: 'Hollister Hills SVRA',
    city: 'Hollister',
    state: 'CA',
    zipcode: '95023',
    lat: 36.769,
    lon: -121.402,
    when: { monthDay: '09-19' },
    startTime: '08:00',
  },
  {
    key: 'gsC',
    series: 'goldenState',
    title: 'Pala Fall Series Opener',
    ...pala,
    when: { daysFromToday: -60 },
    startTime: '08:00',
    forced: [
      { rider: 'demoRider', className: '450 B', place: 1 },
      { rider: 'tyler', className: '250 B', place: 2 },
    ],
  },
  {
    key: 'gsX',
    series: 'goldenState',
    title: 'Glen Helen Fall Classic',
    ...glenHelen,
    when: { daysFromToday: -40 },
    startTime: '08:00',
    forced: [
      { rider: 'demoPro', className: '450 Pro', place: 2 },
      { rider: 'derek', className: '450 B', place: 1 },
      { rider: 'derek', className: 'Vet 30+', place: 1 },
      { rider: 'derek', className: 'Vet 40+', place: 2 },
    ],
  },
  {
    key: 'gsD',
    series: 'goldenState',
    title: 'Milestone Fall Finale',
    venue: 'Milestone MX Park',
    city: 'Riverside',
    state: 'CA',
    zipcode: '91752',
    lat: 33.9825,
    lon: -117.521,
    when: { daysFromToday: -25 },
    startTime: '16:00',
    notes: 'Night race under the lights. Gates open at 2 pm.',
    bonuses: 'Holeshot award in the 450 Pro main: $100 cash.',
    forced: [
      { rider: 'demoPro', className: '450 Pro', place: 1 },
      { rider: 'demoRider', className: 'Vet 30+', place: 2 },
    ],
    bonus: {
      rider: 'demoPro',
      className: '450 Pro',
      amount: 100,
      note: 'Holeshot award, 450 Pro main',
    },
  },
  {
    key: 'testTrack',
    series: 'goldenState',
    title: TEST_EVENT_TITLE,
    ...perris,
    when: { daysFromToday: -17 },
    startTime: '08:00',
    noCategory: true,
    results: 'none',
    classes: false,
  },
  {
    key: 'testTrackFr',
    series: 'goldenState',
    title: `${TEST_EVENT_TITLE} FR`,
    ...perris,
    when: { daysFromToday: -16 },
    startTime: '08:00',
    noCategory: true,
    results: 'none',
    classes: false,
  },
  {
    key: 'gsAwait',
    series: 'goldenState',
    title: 'Glen Helen Night Series',
    ...glenHelen,
    when: { daysFromToday: -6 },
    startTime: '17:30',
    results: 'none',
  },
  {
    key: 'gsNext',
    series: 'goldenState',
    title: 'Pala Winter Kickoff',
    ...pala,
    when: { daysFromToday: 12 },
    startTime: '08:00',
  },
  // ------------------------------------------------------------- SuperTwin road series
  {
    key: 'st1',
    series: 'superTwin',
    title: 'Chuckwalla Spring Twins',
    venue: 'Chuckwalla Valley Raceway',
    city: 'Desert Center',
    state: 'CA',
    zipcode: '92239',
    lat: 33.7715,
    lon: -115.31,
    when: { monthDay: '03-14' },
    startTime: '09:00',
  },
  {
    key: 'st2',
    series: 'superTwin',
    title: 'Buttonwillow Twins Shootout',
    venue: 'Buttonwillow Raceway Park',
    venueWebsite: 'https://www.buttonwillowraceway.com',
    city: 'Buttonwillow',
    state: 'CA',
    zipcode: '93206',
    lat: 35.488,
    lon: -119.546,
    when: { monthDay: '04-25' },
    startTime: '09:00',
  },
  {
    key: 'st3',
    series: 'superTwin',
    title: 'Thunderhill Twins 100',
    venue: 'Thunderhill Raceway Park',
    venueWebsite: 'https://www.thunderhill.com',
    city: 'Willows',
    state: 'CA',
    zipcode: '95988',
    lat: 39.539,
    lon: -122.331,
    when: { monthDay: '06-06' },
    startTime: '09:30',
  },
  {
    key: 'st4',
    series: 'superTwin',
    title: 'Laguna Seca SuperTwin Cup',
    venue: 'WeatherTech Raceway Laguna Seca',
    venueWebsite: 'https://www.weathertechraceway.com',
    city: 'Salinas',
    state: 'CA',
    zipcode: '93908',
    lat: 36.5843,
    lon: -121.7534,
    when: { monthDay: '07-25' },
    startTime: '10:00',
  },
  {
    key: 'st5',
    series: 'superTwin',
    title: 'Sonoma SuperTwin Showdown',
    venue: 'Sonoma Raceway',
    venueWebsite: 'https://www.sonomaraceway.com',
    city: 'Sonoma',
    state: 'CA',
    zipcode: '95476',
    lat: 38.1611,
    lon: -122.4549,
    when: { monthDay: '09-12' },
    startTime: '09:00',
  },
  {
    key: 'stNext',
    series: 'superTwin',
    title: 'Inde Desert Twins',
    venue: 'Inde Motorsports Ranch',
    city: 'Willcox',
    state: 'AZ',
    zipcode: '85643',
    lat: 32.244,
    lon: -109.919,
    when: { daysFromToday: 24 },
    startTime: '09:00',
  },
  // ------------------------------------------------------------- Rocky Mountain Singles Cup
  {
    key: 'sg1',
    series: 'singles',
    title: 'Utah Singles Sprint',
    venue: 'Utah Motorsports Campus',
    city: 'Tooele',
    state: 'UT',
    zipcode: '84074',
    lat: 40.583,
    lon: -112.378,
    when: { monthDay: '05-09' },
    startTime: '08:30',
  },
  {
    key: 'sg2',
    series: 'singles',
    title: 'Grand Junction Singles Enduro',
    venue: 'Grand Valley Moto Park',
    city: 'Grand Junction',
    state: 'CO',
    zipcode: '81501',
    lat: 39.0983,
    lon: -108.631,
    when: { monthDay: '06-20' },
    startTime: '08:00',
  },
  {
    key: 'sg3',
    series: 'singles',
    title: 'Magic Valley Singles Scramble',
    venue: 'Twin Falls County Fairgrounds',
    city: 'Filer',
    state: 'ID',
    zipcode: '83328',
    lat: 42.571,
    lon: -114.607,
    when: { monthDay: '07-11' },
    startTime: '09:00',
  },
  {
    key: 'sg4',
    series: 'singles',
    title: 'Casper Singles Shootout',
    venue: 'Central Wyoming Fairgrounds',
    city: 'Casper',
    state: 'WY',
    zipcode: '82604',
    lat: 42.848,
    lon: -106.36,
    when: { monthDay: '08-08' },
    startTime: '09:00',
  },
  // ------------------------------------------------------------- Heartland flat track
  {
    key: 'ft1',
    series: 'flatTrack',
    title: 'Springfield Mile Amateur Day',
    venue: 'Illinois State Fairgrounds',
    city: 'Springfield',
    state: 'IL',
    zipcode: '62702',
    lat: 39.834,
    lon: -89.642,
    when: { monthDay: '05-23' },
    startTime: '11:00',
  },
  {
    key: 'ft2',
    series: 'flatTrack',
    title: 'Peoria TT Amateur National',
    venue: 'Peoria Motorcycle Club Grounds',
    city: 'Peoria',
    state: 'IL',
    zipcode: '61615',
    lat: 40.7661,
    lon: -89.645,
    when: { monthDay: '06-27' },
    startTime: '10:00',
  },
  {
    key: 'ft3',
    series: 'flatTrack',
    title: 'Du Quoin Mile',
    venue: 'Du Quoin State Fairgrounds',
    city: 'Du Quoin',
    state: 'IL',
    zipcode: '62832',
    lat: 38.022,
    lon: -89.235,
    when: { monthDay: '08-29' },
    startTime: '12:00',
    bonuses: 'Fastest qualifier in Pro Singles: $150 cash.',
  },
  {
    key: 'ftLate',
    series: 'flatTrack',
    title: 'Indy Short Track Classic',
    venue: 'Indiana State Fairgrounds',
    city: 'Indianapolis',
    state: 'IN',
    zipcode: '46205',
    lat: 39.829,
    lon: -86.135,
    when: { daysFromToday: -38 },
    startTime: '18:00',
    results: 'none',
    notes: 'Results pending from the timing contractor.',
  },
  // ------------------------------------------------------------- Eastern hare scrambles
  {
    key: 'hs1',
    series: 'hareScramble',
    title: 'Big Buck Hare Scramble',
    venue: 'Big Buck Farm',
    city: 'Union',
    state: 'SC',
    zipcode: '29379',
    lat: 34.727,
    lon: -81.62,
    when: { monthDay: '03-28' },
    startTime: '09:00',
  },
  {
    key: 'hs2',
    series: 'hareScramble',
    title: 'Snowshoe Mountain Scramble',
    venue: 'Snowshoe Mountain Resort',
    city: 'Snowshoe',
    state: 'WV',
    zipcode: '26209',
    lat: 38.402,
    lon: -79.994,
    when: { monthDay: '05-02' },
    startTime: '09:00',
  },
  {
    key: 'hs3',
    series: 'hareScramble',
    title: 'Sequatchie Valley Hare Scramble',
    venue: 'Trials Training Center',
    city: 'Sequatchie',
    state: 'TN',
    zipcode: '37374',
    lat: 35.16,
    lon: -85.63,
    when: { monthDay: '07-04' },
    startTime: '09:00',
    cancelled: true,
    notes: 'Cancelled: the course flooded after two days of storms.',
  },
  {
    key: 'hs4',
    series: 'hareScramble',
    title: 'Greensburg Fall Hare Scramble',
    venue: 'Westmoreland County Fairgrounds',
    city: 'Greensburg',
    state: 'PA',
    zipcode: '15601',
    lat: 40.282,
    lon: -79.494,
    when: { monthDay: '10-03' },
    startTime: '10:00',
  },
  {
    key: 'hsLate',
    series: 'hareScramble',
    title: 'Blue Ridge Fall Scramble',
    venue: 'Blue Ridge Off-Road Park',
    city: 'Hendersonville',
    state: 'NC',
    zipcode: '28792',
    lat: 35.32,
    lon: -82.42,
    when: { daysFromToday: -52 },
    startTime: '09:00',
    results: 'none',
    classes: false,
  },
  {
    key: 'hsCancel',
    series: 'hareScramble',
    title: 'Cartersville Winter Scramble',
    venue: 'Etowah River Moto Ranch',
    city: 'Cartersville',
    state: 'GA',
    zipcode: '30120',
    lat: 34.165,
    lon: -84.8,
    when: { daysFromToday: 19 },
    startTime: '09:00',
    cancelled: true,
    notes: 'Cancelled: the landowner’s permit was not renewed.',
  },
  // ------------------------------------------------------------- Coupe Canada motocross
  {
    key: 'ca1',
    series: 'canada',
    title: 'Sherbrooke Motocross Classic',
    venue: 'Motoparc de l’Estrie',
    city: 'Sherbrooke',
    state: 'QC',
    zipcode: 'J1H 5H3',
    lat: 45.37,
    lon: -71.96,
    when: { monthDay: '05-30' },
    startTime: '08:30',
  },
  {
    key: 'ca2',
    series: 'canada',
    title: 'Deschambault National Amateur',
    venue: 'MX Deschambault',
    city: 'Deschambault-Grondines',
    state: 'QC',
    zipcode: 'G0A 1S0',
    lat: 46.651,
    lon: -71.928,
    when: { monthDay: '06-20' },
    startTime: '08:30',
  },
  {
    key: 'ca3',
    series: 'canada',
    title: 'Walton Raceway Amateur Cup',
    venue: 'Walton Raceway',
    city: 'Walton',
    state: 'ON',
    zipcode: 'N0K 1Z0',
    lat: 43.673,
    lon: -81.309,
    when: { monthDay: '07-11' },
    startTime: '08:00',
  },
  {
    key: 'ca4',
    series: 'canada',
    title: 'Wild Rose MX Classic',
    venue: 'Wild Rose MX Park',
    city: 'Calgary',
    state: 'AB',
    zipcode: 'T3R 1E1',
    lat: 51.2,
    lon: -114.32,
    when: { monthDay: '08-29' },
    startTime: '09:00',
  },
];

/** A redemption at a dealer counter: an amount drawn soonest-expiry-first on that day. */
export type SeedRedemption = {
  rider: string;
  dealer: string;
  daysAgo: number;
  employee: string;
  /** Whole currency units; or a share of what the rider had available that day. */
  amount?: number;
  share?: number;
  /** Refunded by the admin this many days after (a revoked redemption). */
  revokedAfterDays?: number;
  revokeReason?: string;
};

export const SEED_REDEMPTIONS: SeedRedemption[] = [
  // The demo rider's story: an old redemption across two awards, a recent one, a refunded one.
  { rider: 'demoRider', dealer: 'orangeLine', daysAgo: 150, employee: 'Mike Dalton', amount: 80 },
  { rider: 'demoRider', dealer: 'orangeLine', daysAgo: 40, employee: 'Sara Whitfield', amount: 80 },
  {
    rider: 'demoRider',
    dealer: 'orangeLine',
    daysAgo: 30,
    employee: 'Mike Dalton',
    amount: 50,
    revokedAfterDays: 2,
    revokeReason: 'Rung up twice at the counter; the second ticket was voided.',
  },
  { rider: 'hannah', dealer: 'orangeLine', daysAgo: 75, employee: 'Sara Whitfield', share: 0.5 },
  { rider: 'luis', dealer: 'valleyFresno', daysAgo: 100, employee: 'Carla Mendes', share: 0.5 },
  { rider: 'derek', dealer: 'orangeLine', daysAgo: 20, employee: 'Mike Dalton', share: 0.6 },
  { rider: 'kim', dealer: 'orangeLine', daysAgo: 12, employee: 'Sara Whitfield', share: 0.5 },
  { rider: 'ana', dealer: 'treasureValley', daysAgo: 70, employee: 'Jon Eckert', share: 0.5 },
  { rider: 'marc', dealer: 'sherbrooke', daysAgo: 50, employee: 'Isabelle Roy', share: 0.5 },
  { rider: 'sophie', dealer: 'sherbrooke', daysAgo: 22, employee: 'Mathieu Caron', share: 1 },
  { rider: 'travis', dealer: 'buckeye', daysAgo: 45, employee: 'Dave Kowalski', share: 0.4 },
  { rider: 'emily', dealer: 'buckeye', daysAgo: 30, employee: 'Dave Kowalski', share: 1 },
];

export type SeedContactMessage = {
  kind: 'contact' | 'accountRecovery';
  name: string;
  email: string;
  phone?: string;
  subject?: string;
  message: string;
  handled: boolean;
  daysAgo: number;
};

export const SEED_CONTACT_MESSAGES: SeedContactMessage[] = [
  {
    kind: 'contact',
    name: 'Rachel Simmons',
    email: 'rachel@highplainsmoto.com',
    phone: '4065550149',
    subject: 'Joining the contingency program as a dealer',
    message:
      'Hi, we are a new dealer in Billings, MT and would like to accept contingency credit at our parts counter. Who should we talk to about getting set up?',
    handled: false,
    daysAgo: 3,
  },
  {
    kind: 'contact',
    name: 'Luis Ortega',
    email: 'luis.ortega@example.com',
    subject: 'Missing result',
    message:
      'My 3rd place in 450 B at the spring round is not showing in my earnings. Can you check the results?',
    handled: true,
    daysAgo: 190,
  },
  {
    kind: 'accountRecovery',
    name: 'Pete Sandoval',
    email: 'pete.sandoval@example.com',
    phone: '9095550116',
    message:
      'I registered two years ago with an old work e-mail that no longer exists. My AMA number is 553120. Please move my account to this address.',
    handled: false,
    daysAgo: 1,
  },
];

/** Names for the entrants without an account (they fill the classes). */
export const FILLER_FIRST_NAMES = [
  'Aaron',
  'Beau',
  'Carter',
  'Dillon',
  'Eli',
  'Felix',
  'Gavin',
  'Hunter',
  'Ivan',
  'Jace',
  'Kyle',
  'Landon',
  'Mason',
  'Nolan',
  'Parker',
  'Quinn',
  'Reed',
  'Shane',
  'Trent',
  'Vince',
  'Wade',
  'Zane',
  'Bryce',
  'Chase',
  'Dakota',
  'Jenna',
  'Kelsey',
  'Lexi',
  'Mia',
  'Tessa',
  'Brady',
  'Colby',
  'Dustin',
  'Garrett',
  'Jared',
  'Kurt',
  'Levi',
  'Rhett',
  'Tanner',
  'Wes',
];

export const FILLER_LAST_NAMES = [
  'Abbott',
  'Barnes',
  'Castillo',
  'Dunn',
  'Ellison',
  'Fowler',
  'Griggs',
  'Hale',
  'Ingram',
  'Jett',
  'Keller',
  'Lowry',
  'Maddox',
  'Nash',
  'Osborne',
  'Pruitt',
  'Quarles',
  'Rollins',
  'Sharp',
  'Tate',
  'Underwood',
  'Vance',
  'Wilder',
  'Yates',
  'Zimmer',
  'Beckett',
  'Crowley',
  'Draper',
  'Foley',
  'Hayward',
  'Kendrick',
  'Lacroix',
  'Mercado',
  'Pacheco',
  'Redding',
  'Shaw',
  'Tolbert',
  'Voss',
  'Whitley',
  'Archer',
];

/** Other makes and models the fillers ride, by class line-up. */
export const FILLER_BIKES: Record<ClassTemplateKey, [string, string][]> = {
  mx: [
    ['Honda', 'CRF450R'],
    ['Yamaha', 'YZ450F'],
    ['Kawasaki', 'KX450'],
    ['Husqvarna', 'FC 450'],
    ['GasGas', 'MC 450F'],
    ['Honda', 'CRF250R'],
    ['Yamaha', 'YZ250F'],
    ['KTM', '450 SX-F'],
  ],
  road: [
    ['Yamaha', 'MT-09'],
    ['Triumph', 'Trident 660'],
    ['Aprilia', 'RS 660'],
    ['Suzuki', 'SV650'],
    ['Kawasaki', 'Z900'],
  ],
  singles: [
    ['Honda', 'CRF450X'],
    ['Yamaha', 'WR450F'],
    ['Husqvarna', 'FE 450'],
    ['Beta', '430 RR-S'],
    ['KTM', '450 XC-F'],
  ],
  flat: [
    ['Honda', 'CRF450R'],
    ['Yamaha', 'YZ450F'],
    ['Kawasaki', 'KX450'],
    ['Indian', 'FTR'],
    ['KTM', '450 SMR'],
  ],
  hare: [
    ['Husqvarna', 'TE 300'],
    ['Beta', '300 RR'],
    ['Sherco', '300 SE'],
    ['GasGas', 'EC 300'],
    ['Yamaha', 'YZ250FX'],
    ['KTM', '300 XC'],
  ],
};

/** What the fillers ride in the youth / vintage classes (the classes that do not pay). */
export const FILLER_YOUTH_BIKES: Record<ClassTemplateKey, [string, string][]> = {
  mx: [
    ['KTM', '50 SX'],
    ['Cobra', 'CX50'],
    ['Yamaha', 'PW50'],
    ['Husqvarna', 'TC 50'],
  ],
  road: [
    ['Ducati', '750 Sport'],
    ['Moto Guzzi', 'V7 Sport'],
    ['BMW', 'R90S'],
    ['Triumph', 'Bonneville T120'],
  ],
  singles: [['KTM', '85 SX']],
  flat: [
    ['KTM', '85 SX'],
    ['Kawasaki', 'KX85'],
    ['Yamaha', 'YZ85'],
    ['Husqvarna', 'TC 85'],
  ],
  hare: [
    ['KTM', '125 SX'],
    ['Yamaha', 'YZ125'],
    ['Husqvarna', 'TC 125'],
    ['GasGas', 'MC 85'],
  ],
};

/** Hometowns of the fillers, by series. */
export const FILLER_HOMETOWNS: Record<PoolKey, string[]> = {
  lastSeason: ['Temecula, CA', 'Hesperia, CA', 'Oceanside, CA', 'Victorville, CA', 'Yucaipa, CA'],
  goldenState: [
    'Menifee, CA',
    'Chino, CA',
    'Modesto, CA',
    'Visalia, CA',
    'Lancaster, CA',
    'Escondido, CA',
  ],
  superTwin: ['San Mateo, CA', 'Fresno, CA', 'Tempe, AZ', 'Santa Cruz, CA', 'Petaluma, CA'],
  singles: ['Provo, UT', 'Fort Collins, CO', 'Idaho Falls, ID', 'Laramie, WY', 'Durango, CO'],
  flatTrack: ['Peoria, IL', 'Decatur, IL', 'Dayton, OH', 'Topeka, KS', 'Rockford, IL'],
  hareScramble: [
    'Morgantown, WV',
    'Asheville, NC',
    'Cookeville, TN',
    'Altoona, PA',
    'Spartanburg, SC',
  ],
  canada: [
    'Drummondville, QC',
    'Granby, QC',
    'Kitchener, ON',
    'Red Deer, AB',
    'Lévis, QC',
    'Guelph, ON',
  ],
};
