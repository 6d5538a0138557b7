/**
 * Which column of a results file holds what: the header words (English and French, as timing
 * systems and promoters write them) each result column is recognised by.
 */
import { headerKey } from '~/services/events/files/match-keys.server';
import { cellText, type Cell } from '~/services/events/files/sheet-cells.server';

export type ResultColumn =
  | 'class'
  | 'place'
  | 'name'
  | 'first'
  | 'last'
  | 'ama'
  | 'email'
  | 'make'
  | 'model'
  | 'hometown'
  | 'resultType'
  | 'number';

const RESULT_HEADERS: Record<ResultColumn, string[]> = {
  class: ['class', 'classname', 'classe', 'race', 'raceclass', 'category', 'categorie', 'division'],
  place: [
    'place',
    'position',
    'pos',
    'plc',
    'finish',
    'finishposition',
    'finishplace',
    'rank',
    'overall',
    'placing',
  ],
  name: [
    'rider',
    'ridername',
    'name',
    'fullname',
    'racer',
    'racername',
    'pilote',
    'nom',
    'competitor',
    'competitorname',
    'participant',
    'driver',
  ],
  first: ['first', 'firstname', 'givenname', 'prenom'],
  last: ['last', 'lastname', 'surname', 'familyname', 'nomdefamille'],
  ama: [
    'ama',
    'ama#',
    'amanumber',
    'amano',
    'amanum',
    'amaid',
    'amanumero',
    'numeroama',
    'ama#number',
    'amamember',
    'amamembership',
    'license',
    'licence',
    'licensenumber',
    'licenceno',
    'licenseno',
    'licencenumber',
  ],
  email: ['email', 'emailaddress', 'mail', 'courriel'],
  make: [
    'make',
    'bike',
    'brand',
    'manufacturer',
    'bikemake',
    'marque',
    'moto',
    'machine',
    'vehicle',
  ],
  model: ['model', 'bikemodel', 'modele'],
  hometown: ['hometown', 'city', 'from', 'town', 'ville'],
  resultType: [
    'resulttype',
    'type',
    'status',
    'result',
    'statut',
    'resultat',
    'classified',
    'state',
    'etat',
  ],
  // The race (start) number: recognised so it is not mistaken for anything else, but not stored
  // (results carry no race-number column).
  number: [
    '#',
    'no',
    'num',
    'number',
    'startnumber',
    'startno',
    'bib',
    'bibnumber',
    'racenumber',
    'numero',
    'dossard',
    'plate',
    'platenumber',
  ],
};

/**
 * Headers timing systems add that we know and do not store (laps, times, gaps, points…): they are
 * ignored without asking, like a column the uploader chose to ignore.
 */
const INFO_HEADERS = new Set([
  'laps',
  'lap',
  'lapscompleted',
  'totaltime',
  'totaltm',
  'time',
  'racetime',
  'elapsed',
  'besttime',
  'besttm',
  'bestlap',
  'bestlaptime',
  'bestlapno',
  'inlap',
  'lastlap',
  'lastlaptime',
  'lasttm',
  'gap',
  'gapfirst',
  'gapprevious',
  'gapprev',
  'diff',
  'difference',
  'behind',
  'interval',
  'speed',
  'bestspeed',
  'avgspeed',
  'kmh',
  'mph',
  'points',
  'pts',
  'tours',
  'tps',
  'temps',
  'ecart',
  'meilleurtour',
  'transponder',
  'tx',
  // what live timing repeats on every row: the event, the track, the rider's team
  'event',
  'track',
  'team',
]);

/** The header words (reduced as `headerKey` does) each stored result column is recognised by. */
export function resultHeaderWords(column: Exclude<ResultColumn, 'number'>): readonly string[] {
  return RESULT_HEADERS[column];
}

/** Whether we know a header: one of our result columns or one we ignore without asking. */
export function isKnownHeader(header: string): boolean {
  return resultColumnOf(header) !== null || INFO_HEADERS.has(headerKey(header));
}

/** Which result column a header names, or null. */
export function resultColumnOf(header: string): ResultColumn | null {
  const key = headerKey(header);
  if (key === '') return null;
  for (const [col, words] of Object.entries(RESULT_HEADERS) as [ResultColumn, string[]][]) {
    if (words.includes(key)) return col;
  }
  if (key.startsWith('ama')) return 'ama';
  return null;
}

/** Where each recognised result column is (its index and header as written). */
export type ColumnMap = Partial<Record<ResultColumn, { col: number; header: string }>>;

/** Maps a header row's cells to result columns (the first header naming a column wins). */
export function mapColumns(cells: Cell[]): ColumnMap {
  const map: ColumnMap = {};
  cells.forEach((c, col) => {
    const header = cellText(c);
    const which = resultColumnOf(header);
    if (which && !map[which]) map[which] = { col, header };
  });
  return map;
}

/** A promoter's choice for each column of a file, by position: a result column, or null (ignore). */
export type ChosenColumns = (ResultColumn | null)[];

/** The column map a promoter chose in the mapping step (the first column chosen for each wins). */
export function mapChosenColumns(cells: Cell[], chosen: ChosenColumns): ColumnMap {
  const map: ColumnMap = {};
  cells.forEach((c, col) => {
    const which = chosen[col] ?? null;
    if (which && !map[which]) map[which] = { col, header: cellText(c) };
  });
  return map;
}

/** The headers of a file we recognise no column for (blank headers are not counted). */
export function unrecognisedHeaders(cells: Cell[]): string[] {
  return cells.map((c) => cellText(c)).filter((h) => h !== '' && !isKnownHeader(h));
}

/** Whether a row is a results header: it names the place and the rider. */
export function looksLikeHeader(map: ColumnMap): boolean {
  return Boolean(map.place && (map.name || (map.first && map.last)));
}
