/**
 * A table's column styles, said once on the `<table>` instead of on every body cell: each styled
 * cell was one more attribute rendered on every row. The rules live in tailwind.css (`.table`);
 * they cover the first STYLED_COLUMNS columns of the body (a foot row with joined cells keeps its
 * own classes).
 */

/** How many columns the rules in tailwind.css reach. */
export const STYLED_COLUMNS = 16;

/** What a column of the body looks like (all off by default). */
export type ColumnStyle = {
  /** Right-aligned (amounts). */
  right?: boolean;
  /** Kept on one line (amounts, dates). */
  nowrap?: boolean;
  /** Hidden on a phone (below `sm`): the row must show its content another way there. */
  phoneHidden?: boolean;
};

export type TableColumnAttributes = {
  'data-right'?: string;
  'data-nowrap'?: string;
  'data-phone-hidden'?: string;
};

function numbers(columns: readonly ColumnStyle[], key: keyof ColumnStyle): string | undefined {
  const list: number[] = [];
  columns.forEach((c, i) => {
    if (!c[key]) return;
    if (i >= STYLED_COLUMNS) throw new Error(`Column ${i + 1} is past the styled columns`);
    list.push(i + 1);
  });
  return list.length ? list.join(' ') : undefined;
}

/** The attributes of a `<table className="table">` whose columns are `columns`, in order. */
export function tableColumns(columns: readonly ColumnStyle[]): TableColumnAttributes {
  const attributes: TableColumnAttributes = {};
  const right = numbers(columns, 'right');
  const nowrap = numbers(columns, 'nowrap');
  const phoneHidden = numbers(columns, 'phoneHidden');
  if (right) attributes['data-right'] = right;
  if (nowrap) attributes['data-nowrap'] = nowrap;
  if (phoneHidden) attributes['data-phone-hidden'] = phoneHidden;
  return attributes;
}

/** A cell's text kept on one line where it wraps: its spaces made non-breaking (a date, a time). */
export function unbroken(text: string): string {
  return text.replace(/ /g, '\u00a0');
}

/**
 * A typed value as one line of a cell's lines (a name an API or an import sent with a line break
 * or a run of spaces): its whitespace as single spaces, trimmed; '' when only blanks.
 */
export function oneLine(value: string | null | undefined): string {
  return value ? value.replace(/\s+/g, ' ').trim() : '';
}
