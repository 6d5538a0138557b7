/**
 * POST /api/vin-patterns/import (admin, multipart field `file`, CSV or XLSX): the whole file is
 * applied or nothing; a refused file answers 400 with every bad row (row, column, message).
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node';
import { z } from 'zod';
import { getDb } from '~/db.server';
import { tFor } from '~/i18next.server';
import { UPLOAD_MAX_BYTES } from '~/lib/constants';
import { requireApiRole } from '~/services/auth/guard.server';
import { importVinPatternFile } from '~/services/vin/vin-patterns.server';

const bodySchema = z.object({
  file: z
    .instanceof(File, { message: 'file is required' })
    .refine((f) => f.size > 0, 'file is empty'),
});

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST')
    return Response.json({ error: 'Method not allowed' }, { status: 405 });
  const { actor } = await requireApiRole(request, ['admin']);
  const t = await tFor('en');
  if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    return Response.json(
      { error: 'Send the file as multipart/form-data (field "file").' },
      { status: 415 },
    );
  }
  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: UPLOAD_MAX_BYTES }),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return Response.json({ error: t('vin:import.errors.tooLarge') }, { status: 413 });
    }
    throw error;
  }
  const parsed = bodySchema.safeParse({ file: formData.get('file') });
  if (!parsed.success)
    return Response.json(
      { error: parsed.error.issues[0]?.message ?? 'Invalid file' },
      { status: 400 },
    );
  const result = await importVinPatternFile(getDb(), parsed.data.file, actor);
  if (!result.ok) {
    return Response.json(
      {
        error: t('vin:import.refused'),
        errors: result.errors.map((e) => ({
          row: e.row,
          column: e.column,
          key: e.message,
          message: t(e.message, e.values),
        })),
      },
      { status: 400 },
    );
  }
  return Response.json(result.summary);
}
