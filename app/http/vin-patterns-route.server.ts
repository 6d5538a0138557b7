/**
 * The admin VIN patterns page's action: the import form (multipart, one file) and each pattern's
 * buttons answer by a redirect back to the list with its filters, or the refused form.
 */
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import {
  data,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
} from '@remix-run/node';
import { getDb, type DB } from '~/db.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { parseMultipart } from '~/http/multipart.server';
import { UPLOAD_MAX_BYTES } from '~/lib/constants';
import { safeRedirect } from '~/lib/lang';
import { vinPatternActionSchema } from '~/lib/schemas/vin';
import { requireRole } from '~/services/auth/guard.server';
import type { Actor } from '~/services/platform/audit.server';
import { revalidateAllBikes } from '~/services/vin/bikes.server';
import type { ImportError } from '~/services/vin/vin-import-file.server';
import {
  deleteVinPattern,
  importVinPatternFile,
  setVinPatternVerified,
} from '~/services/vin/vin-patterns.server';

/** What a refused form sends back to the page. */
export type VinPatternsActionData = {
  intent: string;
  result: SubmissionResult;
  importErrors: ImportError[];
};

/** The page URL to come back to after a change (filters and page kept). */
function backTo(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, '');
  url.searchParams.delete('index');
  url.searchParams.delete('_data');
  const qs = url.searchParams.toString();
  return safeRedirect(qs ? `${path}?${qs}` : path, '/auth/admin/vin-patterns');
}

async function readForm(request: Request): Promise<FormData | 'tooLarge'> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.startsWith('multipart/form-data')) return request.formData();
  try {
    return await parseMultipart(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: UPLOAD_MAX_BYTES }),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return 'tooLarge';
    throw error;
  }
}

async function goBack(
  request: Request,
  kind: 'success' | 'error',
  message: string,
  values?: Record<string, string>,
) {
  return redirectWithFlash(backTo(request), { kind, message, values });
}

/** intent=import: the whole file or nothing; the refused file's bad rows listed. */
async function importPatterns(
  request: Request,
  db: DB,
  file: File,
  actor: Actor,
  submission: { reply: (options?: { formErrors?: string[] }) => SubmissionResult },
) {
  const r = await importVinPatternFile(db, file, actor);
  if (!r.ok) {
    return data<VinPatternsActionData>(
      {
        intent: 'import',
        result: submission.reply({ formErrors: ['vin:import.refused'] }),
        importErrors: r.errors,
      },
      { status: 400 },
    );
  }
  return goBack(request, 'success', 'vin:import.done', {
    created: String(r.summary.created),
    updated: String(r.summary.updated),
    total: String(r.summary.total),
  });
}

/** The VIN patterns page's action: import a file, delete, verify or unverify a pattern, verify bikes. */
export async function vinPatternsAction(request: Request) {
  const { actor } = await requireRole(request, 'admin');
  const formData = await readForm(request);
  if (formData === 'tooLarge') {
    const result: SubmissionResult = {
      status: 'error',
      error: { '': ['vin:import.errors.tooLarge'] },
    };
    return data<VinPatternsActionData>(
      { intent: 'import', result, importErrors: [] },
      { status: 400 },
    );
  }
  const submission = parseWithZod(formData, { schema: vinPatternActionSchema });
  if (submission.status !== 'success') {
    const intent = typeof submission.payload.intent === 'string' ? submission.payload.intent : '';
    return data<VinPatternsActionData>(
      { intent, result: submission.reply(), importErrors: [] },
      { status: 400 },
    );
  }
  const db = getDb();
  const value = submission.value;
  switch (value.intent) {
    case 'import':
      return importPatterns(request, db, value.file, actor, submission);
    case 'delete':
      return deleteVinPattern(db, value.patternId, actor)
        ? goBack(request, 'success', 'vin:patterns.deleted')
        : goBack(request, 'error', 'vin:patterns.notFound');
    case 'verify':
    case 'unverify': {
      const p = setVinPatternVerified(db, value.patternId, value.intent === 'verify', actor);
      if (!p) return goBack(request, 'error', 'vin:patterns.notFound');
      return goBack(
        request,
        'success',
        value.intent === 'verify' ? 'vin:patterns.verifiedDone' : 'vin:patterns.unverifiedDone',
        {
          pattern: p.pattern,
        },
      );
    }
    case 'verifyBikes': {
      const r = revalidateAllBikes(db, actor);
      return goBack(request, 'success', 'vin:verifyBikes.done', {
        checked: String(r.checked),
        becameValid: String(r.becameValid),
        becameInvalid: String(r.becameInvalid),
      });
    }
  }
}
