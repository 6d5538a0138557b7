/**
 * POST /api/vin-patterns/import (admin, multipart field `file`, CSV or XLSX): the whole file is
 * applied or nothing; a refused file answers 400 with every bad row (row, column, message).
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler } from '@remix-run/node';
import { z } from 'zod';
import { getDb } from '~/db.server';
import { tFor } from '~/i18next.server';
import { UPLOAD_MAX_BYTES } from '~/lib/constants';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { importVinPatternFile } from '~/services/vin/vin-patterns.server';
import { allowMethods, apiLang, onlyMethods } from '~/http/api.server';
import { parseMultipart } from '~/http/multipart.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

const bodySchema = z.object({
  file: z
    .instanceof(File, { message: 'completion:api.fileRequired' })
    .refine((f) => f.size > 0, 'completion:api.fileEmpty'),
});

export const loader = onlyMethods('POST');

export async function action({ request }: ActionFunctionArgs) {
  allowMethods(request, 'POST');
  const { actor } = await requireApiRole(request, ['admin']);
  const t = await tFor(apiLang(request));
  let formData: FormData;
  try {
    formData = await parseMultipart(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: UPLOAD_MAX_BYTES }),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return jsonAnswer({ error: 'vin:import.errors.tooLarge' }, { status: 413 });
    }
    throw error;
  }
  const parsed = bodySchema.safeParse({ file: formData.get('file') });
  if (!parsed.success)
    return jsonAnswer(
      { error: parsed.error.issues[0]?.message ?? 'completion:api.fileRequired' },
      { status: 400 },
    );
  const result = await importVinPatternFile(getDb(), parsed.data.file, actor);
  if (!result.ok) {
    return jsonAnswer(
      {
        error: 'vin:import.refused',
        // `key` and `values` let the /api handler put each message in the caller's language;
        // `message` is the sentence for callers of the route itself.
        errors: result.errors.map((e) => {
          const values = { column: e.column ?? '', ...e.values };
          return {
            row: e.row,
            column: e.column,
            key: e.message,
            values,
            message: t(e.message, values),
          };
        }),
      },
      { status: 400 },
    );
  }
  return jsonAnswer(result.summary);
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', body: 'upload' } as const satisfies RouteHandle;
