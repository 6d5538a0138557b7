import { ConfirmButton } from '~/components/confirm-button';
import { parseWithZod } from '@conform-to/zod';
import { useZodForm } from '~/components/use-zod-form';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Empty, Section } from '~/components/admin-ui';
import { PageHeading } from '~/components/dashboard-layout';
import {
  CheckboxField,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  TextareaField,
  ZodForm,
} from '~/components/forms';
import { LLink, useLang } from '~/components/link';
import { getDb } from '~/db.server';
import { requestLang } from '~/i18next.server';
import { RACE_STYLES } from '~/lib/constants';
import { formatDate } from '~/lib/format';
import { localizePath } from '~/lib/lang';
import { categorySchema } from '~/lib/schemas/programs';
import { requireRole } from '~/services/auth/guard.server';
import {
  deleteCategory,
  getCategoryWithSeries,
  saveCategory,
} from '~/services/events/catalog/programs.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { addOrEditTitle, at, type RouteHandle } from '~/lib/route-handle';

function optionalId(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response('Not Found', { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, 'admin');
  const id = optionalId(params.categoryId);
  if (id === null) return { category: null, series: [] };
  const found = getCategoryWithSeries(getDb(), id);
  if (!found) throw new Response('Not Found', { status: 404 });
  return found;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireRole(request, 'admin');
  const id = optionalId(params.categoryId);
  const lang = requestLang(request);
  const formData = await request.formData();
  if (formData.get('intent') === 'delete' && id !== null) {
    const ok = deleteCategory(getDb(), id, auth.actor);
    return redirectWithFlash(
      localizePath('/auth/admin/categories', lang),
      ok
        ? { kind: 'success', message: 'admin:deleted' }
        : { kind: 'error', message: 'common:errors.removalFailed' },
    );
  }
  const submission = parseWithZod(formData, { schema: categorySchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const saved = saveCategory(getDb(), id, submission.value, auth.actor);
  return redirectWithFlash(localizePath(`/auth/admin/category/${saved}`, lang), {
    kind: 'success',
    message: 'admin:saved',
  });
}

export default function AdminCategory() {
  const { t } = useTranslation();
  const lang = useLang();
  const { category, series } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(categorySchema, {
    id: 'category',
    lastResult,
    defaultValue: category
      ? {
          ...category,
          eligibleModels: category.eligibleModels?.join(', ') ?? '',
          active: category.active ? 'on' : '',
          raceStyle: category.raceStyle ?? '',
          minYear: category.minYear ?? '',
          maxYear: category.maxYear ?? '',
        }
      : { active: 'on' },
  });
  return (
    <>
      <PageHeading title={category ? category.name : t('admin:programs.addCategory')} />
      <Section title={t('admin:programs.details')}>
        <ZodForm form={form} className="max-w-xl">
          <input type="hidden" name="intent" value="save" />
          <ErrorList errors={form.errors} />
          <Field field={fields.name} label={t('admin:fields.name')} />
          <TextareaField
            field={fields.description}
            label={t('admin:programs.description')}
            rows={3}
          />
          <SelectField
            field={fields.raceStyle}
            label={t('admin:fields.raceStyle')}
            placeholder={t('admin:any')}
            options={RACE_STYLES.map((s) => [s, t(`common:raceStyle.${s}`)] as [string, string])}
          />
          <Field
            field={fields.eligibleModels}
            label={t('admin:programs.models')}
            hint={t('admin:programs.modelsHint')}
          />
          <div className="grid grid-cols-2 gap-4">
            <Field
              field={fields.minYear}
              label={t('admin:programs.minYear')}
              inputMode="numeric"
              hint={t('admin:programs.minYearHint')}
            />
            <Field field={fields.maxYear} label={t('admin:programs.maxYear')} inputMode="numeric" />
          </div>
          <CheckboxField field={fields.active} label={t('admin:programs.active')} />
          <SubmitButton>{t('common:actions.save')}</SubmitButton>
        </ZodForm>
      </Section>
      {category ? (
        <>
          <Section title={t('common:pages.series')}>
            {series.length === 0 ? (
              <Empty />
            ) : (
              <ul className="space-y-1">
                {series.map((s) => (
                  <li key={s.id}>
                    <LLink to={`/auth/admin/serie/${s.id}`} className="text-brand hover:underline">
                      {s.name}
                    </LLink>{' '}
                    <span className="text-sm text-gray-500">
                      {formatDate(s.firstDate, lang)} – {formatDate(s.lastDate, lang)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <ConfirmButton message="admin:programs.confirmDelete">
              {t('common:actions.delete')}
            </ConfirmButton>
          </Form>
        </>
      ) : null}
    </>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  title: addOrEditTitle(
    (d) => d.category === null,
    'titles:newCategory',
    'titles:category',
    (d) => at(d, 'category', 'name'),
  ),
} as const satisfies RouteHandle;
