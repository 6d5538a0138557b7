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
 * With JavaScript, a file over 10MB is refused before it is sent (the server refuses it anyway):
 * the message shows next to the field at once, not only in the browser's bubble on submit.
 */
function useFileSizeCheck() {
  const { t } = useTranslation();
  const [tooLarge, setTooLarge] = useState(false);
  const check = (e: React.ChangeEvent<HTMLInputElement>) => {
    const f = e.currentTarget.files?.[0];
    const over = !!f && f.size > UPLOAD_MAX_BYTES;
    setTooLarge(over);
    e.currentTarget.setCustomValidity(over ? t('events:upload.tooLarge') : '');
  };
  return { tooLarge, check };
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
  const size = useFileSizeCheck();
  const { intent, id, title, help } = UPLOADS[kind];
  const mine = forIntent(actionData, intent);
  const uploading = useUploading(intent);
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
          onChange={size.check}
        />
        <ErrorList
          errors={size.tooLarge ? ['events:upload.tooLarge'] : fieldErrors(mine, intent, 'file')}
        />
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
              defaultChecked={i === 1}
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
      <select id="results-class" name="classId" className="input" defaultValue="">
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
