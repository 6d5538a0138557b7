/** A page that adds a record and the same route editing one are titled apart. */
import { describe, expect, it } from 'vitest';
import { addOrEditTitle, titleOf } from '~/lib/route-handle';

describe('addOrEditTitle', () => {
  const handle = {
    title: addOrEditTitle((d) => d.dealer === null, 'titles:newDealer', 'titles:dealer'),
  };

  it('names the adding page by its add key and an existing record by its own', () => {
    expect(titleOf(handle, { dealer: null })).toEqual({ key: 'titles:newDealer' });
    expect(titleOf(handle, { dealer: { id: 3 } })).toEqual({ key: 'titles:dealer' });
  });

  it('falls back to the record title when there is no data to tell', () => {
    expect(titleOf(handle, undefined)).toEqual({ key: 'titles:dealer' });
  });
});
