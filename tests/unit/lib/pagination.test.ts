import { describe, expect, it } from 'vitest';
import { pageSearch } from '~/components/pagination';
import { PAGE_SIZE } from '~/lib/constants';
import { pageWindow, parsePage } from '~/lib/pagination';

describe('pagination (page, totalPages)', () => {
  it('parsePage takes a positive integer and falls back to 1 for anything else', () => {
    expect(parsePage('3')).toBe(3);
    for (const bad of ['0', '-2', '2.5', 'abc', '', undefined, null, '99999999'])
      expect(parsePage(bad), String(bad)).toBe(1);
  });

  it('pageWindow clamps a missing, fractional or out-of-range page to 1..totalPages', () => {
    expect(pageWindow(0, 3)).toEqual({
      offset: 0,
      limit: PAGE_SIZE,
      pagination: { page: 1, totalPages: 1, total: 0 },
    });
    expect(pageWindow(41, 3, 20)).toEqual({
      offset: 40,
      limit: 20,
      pagination: { page: 3, totalPages: 3, total: 41 },
    });
    expect(pageWindow(41, 9, 20).pagination.page).toBe(3);
    expect(pageWindow(41, -2, 20).pagination.page).toBe(1);
    expect(pageWindow(41, undefined, 20).pagination.page).toBe(1);
    expect(pageWindow(41, 2.7, 20)).toMatchObject({ offset: 20, pagination: { page: 2 } });
    expect(pageWindow(41, Number.NaN, 20).pagination.page).toBe(1);
  });

  it('page links keep the filters, drop one-off parameters and omit page 1', () => {
    expect(pageSearch('?riderName=ann&page=2', 3)).toBe('?riderName=ann&page=3');
    expect(pageSearch('?riderName=ann&page=2', 1)).toBe('?riderName=ann');
    expect(pageSearch('?page=2&confirm=7&claim=3', 3, 'awardsPage', ['confirm', 'claim'])).toBe(
      '?page=2&awardsPage=3',
    );
    expect(pageSearch('', 1)).toBe('');
  });
});
