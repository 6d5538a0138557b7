/** Route glue of the admin rider page's merge form: parse, merge, land on the kept rider. */
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { getDb } from '~/db.server';
import { riderMergeFormSchema } from '~/lib/schemas/admin';
import type { AwardConflict } from '~/services/money/awards/award-conflicts.server';
import type { Actor } from '~/services/platform/audit.server';
import { mergeRiders, riderIdByEmail } from '~/services/people/rider-merge.server';

/** Merges the rider on screen with the rider of another e-mail; lands on the kept rider. */
export function mergeAction(
  formData: FormData,
  id: number,
  actor: Actor,
  back: (message: string, riderId?: number) => Promise<Response>,
) {
  const db = getDb();
  const submission = parseWithZod(formData, { schema: riderMergeFormSchema });
  const refuse = (
    reply: ReturnType<typeof submission.reply>,
    conflicts: AwardConflict[] = [],
    status = 400,
  ) => data({ merge: reply, conflicts }, { status });
  if (submission.status !== 'success') return refuse(submission.reply());
  const otherId = riderIdByEmail(db, submission.value.otherEmail);
  if (otherId === null || otherId === id) {
    return refuse(submission.reply({ fieldErrors: { otherEmail: ['validation:notValidRider'] } }));
  }
  const keepThis = submission.value.keep === 'this';
  const keepRiderId = keepThis ? id : otherId;
  const out = mergeRiders(
    db,
    {
      keepRiderId,
      deleteRiderId: keepThis ? otherId : id,
      confirmation: submission.value.confirmation,
    },
    actor,
  );
  if (out.ok) return back('admin:merge.done', keepRiderId);
  if (out.reason === 'conflicts')
    return refuse(submission.reply({ formErrors: ['admin:merge.conflicts'] }), out.conflicts, 409);
  if (out.reason === 'confirmation') {
    return refuse(
      submission.reply({ fieldErrors: { confirmation: ['admin:merge.confirmationWrong'] } }),
    );
  }
  return refuse(submission.reply({ fieldErrors: { otherEmail: ['validation:notValidRider'] } }));
}
