/** GET /api/admin/reminders?kind=&email=&page= — deadline reminders sent (what went to whom, when), newest first. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { parseSearch } from '~/lib/list-query';
import { sentReminderFilterSchema } from '~/lib/schemas/reminders';
import { requireApiRole } from '~/http/auth/api-guard.server';
import { listSentReminders } from '~/services/platform/reminder-list.server';
import { onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiRole(request, ['admin']);
  return jsonAnswer(
    listSentReminders(getDb(), parseSearch(sentReminderFilterSchema, request).values),
  );
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none' } as const satisfies RouteHandle;
