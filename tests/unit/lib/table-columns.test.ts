import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STYLED_COLUMNS, tableColumns } from '~/lib/table-columns';

describe('table column styles said once on the table', () => {
  it('names the 1-based columns of each style, and nothing for a style no column has', () => {
    expect(
      tableColumns([
        {},
        { phoneHidden: true },
        { right: true, nowrap: true },
        { nowrap: true },
        { right: true, nowrap: true, phoneHidden: true },
      ]),
    ).toEqual({ 'data-right': '3 5', 'data-nowrap': '3 4 5', 'data-phone-hidden': '2 5' });
    expect(tableColumns([{}, {}])).toEqual({});
  });

  it('refuses a styled column the stylesheet does not reach (it would silently lose its style)', () => {
    const columns = Array.from({ length: STYLED_COLUMNS + 1 }, () => ({}));
    expect(tableColumns(columns)).toEqual({});
    expect(() => tableColumns([...columns.slice(0, -1), { right: true }])).toThrow(/past/);
  });

  it('the stylesheet has the rule of every style for every column it reaches', () => {
    const css = fs.readFileSync(path.join(__dirname, '../../../app/tailwind.css'), 'utf8');
    for (const style of ['right', 'nowrap', 'phone-hidden']) {
      for (let n = 1; n <= STYLED_COLUMNS; n++) {
        expect(css).toContain(`.table[data-${style}~='${n}'] > tbody > tr > td:nth-child(${n})`);
      }
    }
  });

  it("a row's phone details (a <small> under a cell) are styled by the table, not per row: one text, a line per newline", () => {
    const css = fs.readFileSync(path.join(__dirname, '../../../app/tailwind.css'), 'utf8');
    const rule = (selector: string) => css.slice(css.indexOf(`${selector} {`)).split('}')[0];
    expect(rule('.table > tbody > tr > td > small')).toMatch(/block[^;]*sm:hidden/);
    expect(rule('.table > tbody > tr > td > small')).toMatch(/whitespace-pre-line/);
  });
});
