/**
 * The sections of the mapping step of a results file: the file's columns with a select each, its
 * distinct status values with what each means, the rows whose place must be settled (an input
 * each, or places from the file's order), and the first rows as they will be stored with the
 * rider each matched and what it would pay. Plain form fields: the page works without JavaScript.
 */
import { useTranslation } from 'react-i18next';
import { Hidden } from '~/components/event-form-parts';
import { ErrorList } from '~/components/forms';
import { ScrollRegion } from '~/components/scroll-region';
import { problemLine } from '~/components/import-problems';
import { useLang } from '~/components/link';
import { NoPayoutReason } from '~/components/no-payout-reason';
import type { Currency } from '~/lib/constants';
import { formatMoney } from '~/lib/format';
import { STATUS_OUTCOMES, TIMING_CHOICES } from '~/lib/schemas/timing';
import type { ClassTarget } from '~/services/events/results-import/class-choices.server';
import type { PreviewRow, TimingView } from '~/services/events/results-import/timing-import.server';

const cell = 'border-b p-2 align-top';

export function FileTable({
  view,
  fieldErrors,
}: {
  view: TimingView;
  fieldErrors: Record<string, string[]>;
}) {
  const { t } = useTranslation();
  return (
    <ScrollRegion label={t('timing:yourFileCaption')} className="mb-6">
      <table className="min-w-full text-sm" data-testid="timing-file">
        <caption className="sr-only">{t('timing:yourFileCaption')}</caption>
        <thead>
          <tr>
            {view.headers.map((h, i) => (
              <th key={i} scope="col" className="border-b p-2 text-left align-top">
                <span className="block font-semibold">{h || '—'}</span>
                {view.recognised[i] ? null : (
                  <span className="block text-xs text-amber-800">{t('timing:notRecognised')}</span>
                )}
                <select
                  name={`columns[${i}]`}
                  data-testid={`column-${i}`}
                  aria-label={t('timing:columnFor', { header: h || String(i + 1) })}
                  // As wide as its longest choice: a column squeezed by the others cut the
                  // choices to a few letters.
                  className="input mt-1 w-auto"
                  defaultValue={view.choices[i]}
                >
                  {TIMING_CHOICES.map((c) => (
                    <option key={c} value={c}>
                      {t(`timing:choices.${c}`)}
                    </option>
                  ))}
                </select>
                <ErrorList errors={fieldErrors[`columns[${i}]`]} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.sample.map((cells, r) => (
            <tr key={r}>
              {cells.map((c, i) => (
                <td key={i} className="border-b p-2">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The file's distinct status values, each with what it means (the unknown ones first). */
export function StatusTable({ view }: { view: TimingView }) {
  const { t } = useTranslation();
  if (!view.statuses.length) return null;
  return (
    <section className="mb-6" data-testid="timing-statuses">
      <h2 className="mb-2 text-lg font-semibold">{t('timing:statuses.title')}</h2>
      <p className="mb-2 text-sm">{t('timing:statuses.intro')}</p>
      <ScrollRegion label={t('timing:statuses.title')}>
        <table className="text-sm">
          <caption className="sr-only">{t('timing:statuses.title')}</caption>
          <thead>
            <tr>
              <th scope="col" className={`${cell} text-left`}>
                {t('timing:statuses.value')}
              </th>
              <th scope="col" className={`${cell} text-left`}>
                {t('timing:statuses.rows')}
              </th>
              <th scope="col" className={`${cell} text-left`}>
                {t('timing:statuses.meaning')}
              </th>
            </tr>
          </thead>
          <tbody>
            {view.statuses.map((s, i) => {
              const shown = s.text === '' ? t('timing:statuses.blank') : s.text;
              return (
                <tr key={s.key} data-testid="timing-status" data-value={s.text}>
                  <td className={cell}>
                    <span className="font-semibold">{shown}</span>
                    {s.builtIn === null ? (
                      <span className="block text-xs text-amber-800">
                        {t('timing:notRecognised')}
                      </span>
                    ) : null}
                  </td>
                  <td className={cell}>{s.count}</td>
                  <td className={cell}>
                    <Hidden name={`statuses[${i}].key`} value={s.key} />
                    <select
                      name={`statuses[${i}].outcome`}
                      aria-label={t('timing:statuses.meaningOf', { value: shown })}
                      className="input"
                      defaultValue={s.outcome ?? ''}
                    >
                      {s.outcome === null ? (
                        <option value="">{t('timing:statuses.choose')}</option>
                      ) : null}
                      {STATUS_OUTCOMES.map((o) => (
                        <option key={o} value={o}>
                          {t(`timing:outcomes.${o}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

/**
 * The file's class values (a live-timing export's races), each with the class it feeds or "leave
 * these rows out"; a value matching none of the event's classes waits for an answer.
 */
export function ClassTable({ view, options }: { view: TimingView; options: ClassTarget[] }) {
  const { t } = useTranslation();
  if (!view.classes.length) return null;
  return (
    <section className="mb-6" data-testid="timing-classes">
      <h2 className="mb-2 text-lg font-semibold">{t('timing:classes.title')}</h2>
      <p className="mb-2 text-sm">{t('timing:classes.intro')}</p>
      <ScrollRegion label={t('timing:classes.title')}>
        <table className="text-sm">
          <caption className="sr-only">{t('timing:classes.title')}</caption>
          <thead>
            <tr>
              {(['value', 'rows', 'target'] as const).map((h) => (
                <th key={h} scope="col" className={`${cell} text-left`}>
                  {t(`timing:classes.${h}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.classes.map((c, i) => {
              const id = options.find((o) => o.name === c.target)?.id;
              const chosen = !c.answered ? '' : c.target === null ? 'ignore' : String(id ?? '');
              return (
                <tr key={c.key} data-testid="timing-class" data-value={c.text}>
                  <td className={`${cell} font-semibold`}>{c.text}</td>
                  <td className={cell}>{c.count}</td>
                  <td className={cell}>
                    <Hidden name={`classes[${i}].key`} value={c.key} />
                    <select
                      name={`classes[${i}].target`}
                      aria-label={t('timing:classes.targetOf', { value: c.text })}
                      className="input w-auto"
                      defaultValue={chosen}
                    >
                      {chosen === '' ? (
                        <option value="">{t('timing:statuses.choose')}</option>
                      ) : null}
                      {options.map((o) => (
                        <option key={o.id} value={String(o.id)}>
                          {o.name}
                        </option>
                      ))}
                      <option value="ignore">{t('timing:classes.leaveOut')}</option>
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

/** The rows whose place is missing, repeated or unreadable: an input each, or the file's order. */
export function PlacesSection({
  view,
  typedPlaces,
}: {
  view: TimingView;
  typedPlaces: Record<number, string>;
}) {
  const { t } = useTranslation();
  if (view.missing.length) return null;
  return (
    <section className="mb-6" data-testid="timing-places">
      <h2 className="mb-2 text-lg font-semibold">{t('timing:places.title')}</h2>
      {view.places.length ? (
        <>
          <p className="mb-2 text-sm">{t('timing:places.intro')}</p>
          <ScrollRegion label={t('timing:places.title')} className="mb-3">
            <table className="text-sm">
              <caption className="sr-only">{t('timing:places.title')}</caption>
              <thead>
                <tr>
                  {(['row', 'class', 'rider', 'inFile', 'issue', 'place'] as const).map((h) => (
                    <th key={h} scope="col" className={`${cell} text-left`}>
                      {t(`timing:places.head.${h}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {view.places.map((p, i) => {
                  const typed = typedPlaces[p.row];
                  const errorId = `place-error-${p.row}`;
                  return (
                    <tr key={p.row} data-testid="timing-place" data-row={p.row}>
                      <td className={cell}>{p.row}</td>
                      <td className={cell}>{p.className ?? ''}</td>
                      <td className={cell}>{p.riderName}</td>
                      <td className={cell}>{p.inFile || '—'}</td>
                      <td className={cell}>
                        {p.issue === 'duplicate'
                          ? t('timing:places.duplicate', { rows: p.sharedWith.join(', ') })
                          : p.issue === 'gap'
                            ? t('timing:places.gap', { places: p.missing ?? '' })
                            : p.issue
                              ? t(`timing:places.${p.issue}`)
                              : t('timing:places.fixed')}
                      </td>
                      <td className={cell}>
                        <Hidden name={`fixes[${i}].row`} value={String(p.row)} />
                        <input
                          name={`fixes[${i}].place`}
                          inputMode="numeric"
                          className="input w-20"
                          aria-label={t('timing:places.placeOf', {
                            row: p.row,
                            rider: p.riderName,
                          })}
                          aria-invalid={typed !== undefined || undefined}
                          aria-describedby={typed !== undefined ? errorId : undefined}
                          defaultValue={typed ?? p.place}
                        />
                        {typed !== undefined ? (
                          <p id={errorId} className="text-xs text-red-900">
                            {t('timing:places.bad')}
                          </p>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      ) : (
        <p className="mb-2 text-sm">{t('timing:places.none')}</p>
      )}
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="fromOrder"
          className="mt-1"
          defaultChecked={view.fromOrder}
          data-testid="timing-from-order"
        />
        <span>{t('timing:places.fromOrder')}</span>
      </label>
    </section>
  );
}

function Outcome({ row }: { row: PreviewRow }) {
  const { t } = useTranslation();
  const lang = useLang();
  const o = row.outcome;
  if (!o) return <span className="text-gray-400">—</span>;
  if (o.payoutCents > 0)
    return (
      <span className="font-semibold text-green-900" data-testid="timing-pays">
        {t('timing:review.paysAmount', {
          amount: formatMoney(o.payoutCents, o.currency as Currency, lang),
        })}
      </span>
    );
  return <NoPayoutReason reason={o.reason} resultId={0} audience="public" />;
}

/** The first rows as they will be stored, the rider each matched and what it would pay. */
export function StoredTable({ view, withClass }: { view: TimingView; withClass: boolean }) {
  const { t } = useTranslation();
  const heads = [
    'row',
    ...(withClass ? ['class'] : []),
    'place',
    'result',
    'rider',
    'matched',
    'pays',
  ];
  return (
    <ScrollRegion label={t('timing:storedCaption')} className="mb-3">
      <table className="min-w-full text-sm" data-testid="timing-preview">
        <caption className="sr-only">{t('timing:storedCaption')}</caption>
        <thead>
          <tr>
            {heads.map((h) => (
              <th key={h} scope="col" className="border-b p-2 text-left">
                {h === 'matched' || h === 'pays' ? t(`timing:review.${h}`) : t(`timing:head.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.preview.map((p) => {
            const r = p.result;
            return (
              <tr key={p.row} data-testid="timing-preview-row">
                <td className={cell}>{p.row}</td>
                {p.ignored ? (
                  <td colSpan={heads.length - 1} className={`${cell} text-gray-600`}>
                    {t('timing:review.ignoredRow')}
                  </td>
                ) : r ? (
                  <>
                    {withClass ? <td className={cell}>{r.className}</td> : null}
                    <td className={cell}>{r.place ?? '—'}</td>
                    <td className={cell}>{t(`events:resultTypes.${r.resultType}`)}</td>
                    <td className={cell}>{r.riderName}</td>
                    <td className={cell} data-testid="timing-matched">
                      {p.outcome ? (p.outcome.riderName ?? t('timing:review.noMatch')) : '—'}
                    </td>
                    <td className={cell}>
                      <Outcome row={p} />
                    </td>
                  </>
                ) : (
                  <td colSpan={heads.length - 1} className={`${cell} text-red-900`}>
                    {p.problems.map((x) => problemLine(t, x)).join(' ')}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
