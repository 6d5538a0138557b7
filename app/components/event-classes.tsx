/**
 * The classes of an event on the event page: payout type, currency and the amount of each place,
 * with buttons to remove a place or a whole class (they ask first when JavaScript runs).
 */
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ConfirmForm } from '~/components/event-form-parts';
import { useLang } from '~/components/link';
import { formatMoney } from '~/lib/format';
import type { ClassView } from '~/services/events/management/event-view.server';
import { scrollable } from '~/components/scroll-region';

export function ClassesSection({ classes }: { classes: ClassView[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section className="mb-6" aria-labelledby="classes-title">
      <h2 id="classes-title" className="mb-2 text-lg font-semibold">
        {t('events:classes.title')}
      </h2>
      {classes.length === 0 ? (
        <p className="text-gray-600" data-testid="no-classes">
          {t('events:page.noClasses')}
        </p>
      ) : (
        <div className="overflow-x-auto" {...scrollable(t('events:classes.title'))}>
          <table className="table w-full text-sm" data-testid="classes-table">
            <thead>
              <tr>
                <th scope="col">{t('events:classes.name')}</th>
                <th scope="col">{t('events:classes.payoutType')}</th>
                <th scope="col">{t('events:classes.currency')}</th>
                <th scope="col">{t('events:classes.places')}</th>
                <th scope="col">{t('events:table.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {classes.map((c) => (
                <tr key={c.id} data-testid="class-row" data-class={c.name}>
                  <td className="font-medium">{c.name}</td>
                  <td>{t(`events:payoutTypes.${c.payoutType}`)}</td>
                  <td>{c.currency}</td>
                  <td>
                    {c.places.length === 0 ? (
                      <span className="text-gray-500">{t('events:classes.noPlaces')}</span>
                    ) : (
                      <ul className="flex flex-wrap gap-2">
                        {c.places.map((p) => (
                          <li
                            key={p.id}
                            className="flex items-center gap-1 rounded bg-gray-100 px-2 py-0.5"
                          >
                            <span>
                              {t('common:punctuation.labelled', {
                                label: p.place,
                                value: formatMoney(p.amountCents, c.currency, lang),
                              })}
                            </span>
                            <ConfirmForm
                              intent="removePlace"
                              fields={{ placeId: p.id }}
                              message="events:classes.confirmRemovePlace"
                              className="text-xs text-red-700 underline"
                              formClassName="inline"
                            >
                              <span aria-hidden="true">×</span>
                              <span className="sr-only">
                                {t('events:classes.removePlace', { place: p.place })}
                              </span>
                            </ConfirmForm>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    <Link
                      to={`?class=${c.id}`}
                      className="mr-3 inline-flex min-h-6 min-w-6 items-center text-sm underline"
                      data-testid="class-edit"
                    >
                      {t('events:classForm.edit')}
                    </Link>
                    <ConfirmForm
                      intent="removeClass"
                      fields={{ classId: c.id }}
                      message="events:classes.confirmRemoveClass"
                      className="text-sm text-red-700 underline"
                    >
                      {t('events:classes.removeClass')}
                    </ConfirmForm>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
