/** The problems of a refused upload (results, class payouts, a series schedule): row, column, why. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ImportProblem } from '~/services/events/files/import-problems.server';

/** One problem as a sentence: "Row 3, column “Date”: …". */
export function problemLine(t: TFunction, p: ImportProblem): string {
  const where =
    p.row !== null && p.column !== null
      ? t('events:problems.atCell', { row: p.row, column: p.column })
      : p.row !== null
        ? t('events:problems.atRow', { row: p.row })
        : '';
  const what = t(`events:problems.${p.code}`, { value: p.value ?? '', column: p.column ?? '' });
  return where ? t('common:punctuation.labelled', { label: where, value: what }) : what;
}

/** Every problem of a refused upload, in a list. */
export function ImportProblemList({ problems }: { problems: ImportProblem[] }) {
  const { t } = useTranslation();
  if (!problems.length) return null;
  return (
    <>
      <p className="font-semibold">{t('events:upload.problemsTitle')}</p>
      <ul className="mt-1 list-disc pl-5" data-testid="upload-problems">
        {problems.map((p, i) => (
          <li key={i}>{problemLine(t, p)}</li>
        ))}
      </ul>
    </>
  );
}
