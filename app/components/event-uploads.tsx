/**
 * The event page's spreadsheet uploads (CSV or XLSX): the classes and places file, and a results
 * file in one of the result shapes. Both are multipart forms posted to `?upload=<kind>`; a refused
 * upload lists its problems (row, column, why) under the form.
 */
import { Form, useLocation } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, forIntent, Hidden, Refusal } from '~/components/event-form-parts';
import { ErrorList } from '~/components/forms';
import { UploadProgress, useUploading } from '~/components/upload-progress';
import { UPLOAD_MAX_BYTES } from '~/lib/constants';
import { RESULT_UPLOAD_SHAPES } from '~/lib/schemas/events';
import type { ClassView } from '~/services/events/management/event-view.server';
import type { EventActionData } from '~/http/events/event-page.server';

/** Each upload: its intent, the prefix of its element ids and test ids, its title and help. */
const SHEETS =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const UPLOADS = {
  classes: {
    intent: 'uploadClasses',
    id: 'class',
    title: 'events:upload.classesTitle',
    help: 'events:upload.classesHelp',
  },
  results: {
    intent: 'uploadResults',
    id: 'results',
    title: 'events:upload.resultsTitle',
    help: 'events:upload.resultsHelp',
  },
} as const;

/**
 * With JavaScript, a missing file or one over 10MB is refused before anything is sent, the message
 * next to the field and focus on it; without JavaScript the server refuses both the same way (the
 * form has `noValidate`: the browser's bubble alone is not read with the page and not translated).
 */
function useFileCheck(inputId: string) {
  const [problem, setProblem] = useState<string | null>(null);
  const fileOf = (input: HTMLInputElement | null) => input?.files?.[0];
  const why = (f: File | undefined) =>
    !f || f.size === 0
      ? 'events:upload.fileRequired'
      : f.size > UPLOAD_MAX_BYTES
        ? 'events:upload.tooLarge'
        : null;
  const onChange = (e: React.ChangeEvent<HTMLInputElement>) => {
    const f = fileOf(e.currentTarget);
    setProblem(f && f.size > UPLOAD_MAX_BYTES ? 'events:upload.tooLarge' : null);
  };
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const input = e.currentTarget.querySelector<HTMLInputElement>(`#${inputId}`);
    const found = why(fileOf(input));
    setProblem(found);
    if (!found) return;
    e.preventDefault();
    input?.focus();
  };
  return { problem, onChange, onSubmit };
}

/** A card with one upload form: the fields the upload needs (`children`), then the file. */
function UploadSection({
  kind,
  actionData,
  children,
}: {
  kind: keyof typeof UPLOADS;
  actionData?: EventActionData;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { intent, id, title, help } = UPLOADS[kind];
  const check = useFileCheck(`${id}-file`);
  const mine = forIntent(actionData, intent);
  const uploading = useUploading(intent);
  const fileErrors = check.problem ? [check.problem] : fieldErrors(mine, intent, 'file');
  return (
    <section className="card mb-6" aria-labelledby={`${id}-upload-title`}>
      <h2 id={`${id}-upload-title`} className="mb-2 text-lg font-semibold">
        {t(title)}
      </h2>
      <p className="mb-3 text-sm text-gray-600">{t(help)}</p>
      <Form
        method="post"
        action={`${pathname}?upload=${kind}`}
        encType="multipart/form-data"
        noValidate
        onSubmit={check.onSubmit}
        data-testid={`${id}-upload-form`}
      >
        <Hidden name="intent" value={intent} />
        {children}
        <label htmlFor={`${id}-file`} className={children ? 'label mt-3' : 'label'}>
          {t('events:upload.file')}
        </label>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          required
          accept={kind === 'results' ? `${SHEETS},.json,application/json` : SHEETS}
          className="input"
          aria-invalid={fileErrors?.length ? true : undefined}
          aria-describedby={fileErrors?.length ? `${id}-file-error` : undefined}
          onChange={check.onChange}
        />
        <ErrorList id={`${id}-file-error`} errors={fileErrors} />
        {mine ? <Refusal data={mine} testId={`${id}-upload-errors`} /> : null}
        <button type="submit" className="btn mt-3" disabled={uploading}>
          {t('events:upload.submit')}
        </button>
        <UploadProgress intent={intent} />
      </Form>
    </section>
  );
}

export function ClassUpload({ actionData }: { actionData?: EventActionData }) {
  return <UploadSection kind="classes" actionData={actionData} />;
}

export function ResultsUpload({
  classes,
  actionData,
}: {
  classes: ClassView[];
  actionData?: EventActionData;
}) {
  const { t } = useTranslation();
  // A refused upload comes back with the shape and class it was sent with.
  const sent = forIntent(actionData, 'uploadResults')?.sent ?? {};
  const shapeSent = RESULT_UPLOAD_SHAPES.find((s) => s === sent.shape);
  return (
    <UploadSection kind="results" actionData={actionData}>
      <fieldset className="mb-3">
        <legend className="label">{t('events:upload.shape')}</legend>
        {RESULT_UPLOAD_SHAPES.map((shape, i) => (
          <label key={shape} className="flex min-h-8 items-center gap-2 text-sm">
            <input
              type="radio"
              name="shape"
              value={shape}
              defaultChecked={shapeSent ? shape === shapeSent : i === 1}
              className="h-6 w-6"
            />
            {t(`events:upload.shapes.${shape}`)}
          </label>
        ))}
        <ErrorList errors={fieldErrors(actionData, 'uploadResults', 'shape')} />
      </fieldset>
      <label htmlFor="results-class" className="label">
        {t('events:upload.class')}
      </label>
      <select id="results-class" name="classId" className="input" defaultValue={sent.classId ?? ''}>
        <option value="">{t('events:upload.chooseClass')}</option>
        {classes.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <ErrorList errors={fieldErrors(actionData, 'uploadResults', 'classId')} />
    </UploadSection>
  );
}
