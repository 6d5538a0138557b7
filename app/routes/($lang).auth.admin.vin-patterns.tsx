/**
 * Admin: VIN patterns. List with filters (model, year,
 * pattern) and pages; import a CSV or XLSX file (whole file or nothing, bad rows listed); delete
 * (with confirmation), verify and unverify each pattern; "Verify bikes" re-checks every bike.
 */
import { ConfirmButton } from '~/components/confirm-button';
import { useZodForm } from '~/components/use-zod-form';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AdminList, type FilterDef } from '~/components/admin-list';
import { PageHeading } from '~/components/dashboard-layout';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { UploadProgress } from '~/components/upload-progress';
import { ErrorList, Field, SubmitButton, ZodForm } from '~/components/forms';
import { getDb } from '~/db.server';
import { parseSearch } from '~/lib/list-query';
import { vinImportSchema, vinPatternQuerySchema } from '~/lib/schemas/vin';
import { requireRole } from '~/services/auth/guard.server';
import { listVinPatterns } from '~/services/vin/vin-patterns.server';
import { vinPatternsAction, type VinPatternsActionData } from '~/http/vin-patterns-route.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const { values, errors, sort } = parseSearch(vinPatternQuerySchema, request);
  return {
    ...listVinPatterns(getDb(), values),
    sort,
    filterError: Object.keys(errors).length > 0,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return vinPatternsAction(request);
}

export default function AdminVinPatternsPage() {
  const { t } = useTranslation();
  const { vinPatterns, pagination, sort, filterError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const filtered = ['model', 'year', 'pattern'].some((k) => searchParams.get(k));

  return (
    <>
      <PageHeading title={t('common:pages.vinPatterns')} />

      <div className="mb-6 grid gap-4 lg:grid-cols-2">
        <ImportForm actionData={actionData} />
        <VerifyBikes />
      </div>

      <section aria-labelledby="patterns-title">
        <h2 id="patterns-title" className="mb-3 text-lg font-semibold">
          {t('vin:patterns.listTitle')}
        </h2>
        <AdminList
          filters={patternFilters(t)}
          summary={
            <>
              {filterError ? (
                <p role="alert" className="field-error mb-3">
                  {t('vin:patterns.filterError')}
                </p>
              ) : null}
              <p className="mb-2 text-sm text-gray-600" data-testid="pattern-count">
                {t('vin:patterns.count', { count: pagination.total })}
              </p>
            </>
          }
          empty={
            <p className="text-gray-700">
              {filtered ? t('vin:patterns.noMatch') : t('vin:patterns.empty')}
            </p>
          }
          rows={vinPatterns}
          rowKey={(p) => p.id}
          rowProps={(p) => ({ 'data-testid': 'vin-pattern', 'data-pattern': p.pattern })}
          sort={sort}
          pagination={pagination}
          testId="vin-patterns"
          columns={[
            {
              header: t('vin:patterns.model'),
              sort: 'model',
              cell: (p) => `${p.make} ${p.model}`,
            },
            { header: t('vin:patterns.year'), sort: 'year', cell: (p) => p.year },
            {
              header: t('vin:patterns.pattern'),
              sort: 'pattern',
              className: 'font-mono',
              cell: (p) => p.pattern,
            },
            {
              header: t('vin:patterns.checkDigit'),
              cell: (p) =>
                p.noCheckDigit
                  ? t('vin:patterns.noCheckDigit')
                  : t('vin:patterns.checkDigitRequired'),
            },
            {
              header: t('vin:patterns.bikes'),
              sort: 'bikes',
              firstDir: 'desc',
              cell: (p) => p.bikeCount,
            },
            {
              header: t('vin:patterns.status'),
              sort: 'status',
              cell: (p) => verifiedBadge(t, p.verified),
            },
            {
              header: t('vin:patterns.actions'),
              srOnly: true,
              cell: (p) => <PatternActions pattern={p} />,
            },
          ]}
        />
      </section>
    </>
  );
}

/** "Verify bikes": re-check every bike against the patterns. */
function VerifyBikes() {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="verify-bikes-title">
      <h2 id="verify-bikes-title" className="mb-2 text-lg font-semibold">
        {t('vin:verifyBikes.title')}
      </h2>
      <p className="mb-3 text-sm text-gray-600">{t('vin:verifyBikes.help')}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="verifyBikes" />
        <SubmitButton data-testid="verify-bikes">{t('vin:verifyBikes.button')}</SubmitButton>
      </Form>
    </section>
  );
}

/** The list's filters: model, year and pattern. */
function patternFilters(t: TFunction): FilterDef[] {
  return [
    { name: 'model', label: t('vin:patterns.model') },
    {
      name: 'year',
      label: t('vin:patterns.year'),
      type: 'number',
      min: 1900,
      max: 2100,
      className: 'w-28',
    },
    { name: 'pattern', label: t('vin:patterns.pattern'), className: 'font-mono' },
  ];
}

/** A pattern's status, as a badge. */
function verifiedBadge(t: TFunction, verified: boolean) {
  return verified ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
      {t('vin:patterns.verified')}
    </span>
  ) : (
    <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800">
      {t('vin:patterns.unverified')}
    </span>
  );
}

/** Verify or unverify, and delete (asked first with JavaScript), one pattern. */
function PatternActions({
  pattern: p,
}: {
  pattern: { id: number; pattern: string; verified: boolean };
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post">
        <input type="hidden" name="intent" value={p.verified ? 'unverify' : 'verify'} />
        <input type="hidden" name="patternId" value={p.id} />
        <button
          type="submit"
          className="btn-secondary px-2 py-1 text-sm"
          aria-label={t(p.verified ? 'vin:patterns.unverifyLabel' : 'vin:patterns.verifyLabel', {
            pattern: p.pattern,
          })}
        >
          {p.verified ? t('vin:patterns.unverify') : t('vin:patterns.verify')}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="patternId" value={p.id} />
        <ConfirmButton
          message="vin:patterns.confirmDelete"
          values={{ pattern: p.pattern }}
          className="btn-danger px-2 py-1 text-sm"
          ariaLabel={t('vin:patterns.deleteLabel', { pattern: p.pattern })}
        >
          {t('common:actions.delete')}
        </ConfirmButton>
      </Form>
    </div>
  );
}

function ImportForm({ actionData }: { actionData: VinPatternsActionData | undefined }) {
  const { t } = useTranslation();
  const lastResult = actionData?.intent === 'import' ? actionData.result : undefined;
  const importErrors = actionData?.intent === 'import' ? actionData.importErrors : [];
  const [form, fields] = useZodForm(vinImportSchema, { id: 'vin-import', lastResult });
  return (
    <section className="card" aria-labelledby="import-title">
      <h2 id="import-title" className="mb-2 text-lg font-semibold">
        {t('vin:import.title')}
      </h2>
      <p className="mb-1 text-sm text-gray-600">{t('vin:import.help')}</p>
      <p className="mb-3 text-sm text-gray-600">{t('vin:import.helpOptional')}</p>
      <ZodForm form={form} encType="multipart/form-data">
        <input type="hidden" name="intent" value="import" />
        <ErrorList id={form.errorId} errors={form.errors} />
        {importErrors.length > 0 ? (
          <div className="mb-3 max-h-80 overflow-auto" role="alert" data-testid="import-errors">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('vin:import.row')}</th>
                  <th scope="col">{t('vin:import.column')}</th>
                  <th scope="col">{t('vin:import.problem')}</th>
                </tr>
              </thead>
              <tbody>
                {importErrors.map((e, i) => (
                  <tr key={i}>
                    <td>{e.row ?? '—'}</td>
                    <td>{e.column ?? '—'}</td>
                    <td>{t(e.message, e.values)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <Field
          field={fields.file}
          label={t('vin:import.file')}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        />
        <SubmitButton>{t('vin:import.submit')}</SubmitButton>
        <UploadProgress intent="import" />
      </ZodForm>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { title: 'titles:vinPatterns' } as const satisfies RouteHandle;
