/**
 * A row's details that a phone shows under one of its cells, their own columns hidden there
 * (`phoneHidden` / `hideOnPhone`, ~/lib/table-columns): how every money table keeps its amounts on
 * a 390 px screen. One `<small>` of one text, a line per detail, styled once by the table's rules
 * (tailwind.css, `.table td > small`: shown below `sm` only); no element per line, since each is
 * rendered, sent and collected per row.
 */
import type { TFunction } from 'i18next';

/** A detail: a labelled value from `labeller`, a plain text, or nothing (skipped). */
type Detail = string | false | null | undefined;

/**
 * "Label: " in the page's language, looked up once per table rather than per row: the value
 * ends the phrase in every language (French "Libellé : ").
 */
export function labeller(t: TFunction) {
  return (label: string) => {
    const prefix = t('common:punctuation.labelled', { label, value: '' });
    return (value: string | null | undefined) => {
      const text = value ? value.replace(/\s+/g, ' ').trim() : '';
      return text ? `${prefix}${text}` : null;
    };
  };
}

/** The details as the phone shows them, or nothing when every detail is empty. */
export function phoneDetails(...details: Detail[]) {
  const lines = details.filter((d): d is string => Boolean(d));
  return lines.length ? <small>{lines.join('\n')}</small> : null;
}
