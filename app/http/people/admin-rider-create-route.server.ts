/** Route glue of the admin's "Add a rider" form: parse, create, land on the new rider. */
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { getDb } from '~/db.server';
import { localizePath, type Lang } from '~/lib/lang';
import { adminAddRiderSchema } from '~/lib/schemas/admin-add-rider';
import type { Actor } from '~/services/platform/audit.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { createRiderAsAdmin } from '~/services/people/admin-rider-create.server';

export async function addRiderAction(formData: FormData, lang: Lang, actor: Actor) {
  const submission = parseWithZod(formData, { schema: adminAddRiderSchema });
  if (submission.status !== 'success') return data({ create: submission.reply() }, { status: 400 });
  const out = await createRiderAsAdmin(getDb(), submission.value, actor);
  if (!out.ok) {
    return data(
      { create: submission.reply({ fieldErrors: { email: ['adminAddRider:emailTaken'] } }) },
      { status: 400 },
    );
  }
  return redirectWithFlash(localizePath(`/auth/admin/rider/${out.riderId}`, lang), {
    kind: 'success',
    message: 'adminAddRider:created',
  });
}
