/**
 * The mapping step remembers a promoter's column choices: the next file with the same
 * headers comes pre-selected with them; another promoter still gets our header words.
 */
import { describe, expect, it } from 'vitest';
import { promoters } from '#db/schema';
import { testDb } from '../../helpers/db';
import {
  preselectedColumns,
  rememberColumns,
} from '~/services/events/results-import/timing-mappings.server';

describe('remembered timing mappings', () => {
  it('pre-selects header words first, then the promoter’s remembered choice', () => {
    const db = testDb();
    const a = db.insert(promoters).values({ name: 'A' }).returning().get();
    const b = db.insert(promoters).values({ name: 'B' }).returning().get();
    const headers = ['Pl', 'Driver Name', 'Grp', 'Laps', 'Pos'];
    expect(preselectedColumns(db, a.id, headers)).toEqual([null, null, null, null, 'place']);
    rememberColumns(db, a.id, headers, ['place', 'name', 'class', null, null]);
    expect(preselectedColumns(db, a.id, ['grp', 'PL', 'Driver name', 'Pos'])).toEqual([
      'class',
      'place',
      'name',
      null,
    ]);
    expect(preselectedColumns(db, b.id, headers)).toEqual([null, null, null, null, 'place']);
    rememberColumns(db, a.id, ['Grp'], [null]);
    expect(preselectedColumns(db, a.id, ['Grp'])).toEqual([null]);
  });
});
