/**
 * What the status cell of a results file means, across timing systems: each word (any case,
 * spacing, accents or punctuation) is read as a finish, a DNF, a DNS or a DQ. Live timing writes
 * `Active` for a rider still circulating when the race ended (classified) and `OUT` for one who
 * retired; other systems write `Running`, `Finished`, `Classified`, `Retired`, `NC`… A blank status
 * is a finish (the place says where). A word not listed here is the uploader's to map.
 */
import type { StatusOutcome } from '~/lib/schemas/timing';
import { wordKey } from '~/services/events/files/match-keys.server';

const WORDS: Record<Exclude<StatusOutcome, 'ignore'>, string[]> = {
  finish: [
    '',
    'finish',
    'finished',
    'fin',
    'f',
    'ok',
    'classified',
    'cl',
    'active',
    'running',
    'run',
    'racing',
    'checkered',
    'chequered',
    'fini',
    'termine',
    'classe',
    'arrive',
    'arrivee',
    'enpiste',
  ],
  // Not classified: started (counts toward the riders present) but did not finish the race.
  DNF: [
    'dnf',
    'didnotfinish',
    'notfinished',
    'out',
    'retired',
    'ret',
    'rtd',
    'nc',
    'notclassified',
    'nonclasse',
    'abandon',
    'abandonne',
    'ab',
    'abd',
  ],
  DNS: ['dns', 'didnotstart', 'nostart', 'notstarted', 'nonstarter', 'nonpartant', 'absent'],
  DQ: [
    'dq',
    'dsq',
    'disq',
    'disqualified',
    'disqualifie',
    'disqualifiee',
    'excluded',
    'exclu',
    'exclue',
  ],
};

const BUILT_IN = new Map<string, StatusOutcome>(
  (Object.entries(WORDS) as [StatusOutcome, string[]][]).flatMap(([outcome, words]) =>
    words.map((w) => [w, outcome] as const),
  ),
);

/** A status value reduced for matching and remembering ('Did Not Finish' → 'didnotfinish'). */
export function statusKey(text: string): string {
  return wordKey(text);
}

/** What we read a status as without asking, or null for a word we do not know. */
export function builtInStatus(text: string): StatusOutcome | null {
  return BUILT_IN.get(statusKey(text)) ?? null;
}

/** The uploader's choices for a file's status values, by statusKey. */
export type StatusChoices = Record<string, StatusOutcome>;

/** What a status value means: the uploader's choice for it first, then our words; null when unknown. */
export function statusOutcome(text: string, chosen: StatusChoices = {}): StatusOutcome | null {
  const key = statusKey(text);
  return Object.hasOwn(chosen, key) ? chosen[key]! : (BUILT_IN.get(key) ?? null);
}
