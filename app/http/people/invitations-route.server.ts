/**
 * The admin's invitation forms turned into service calls and answers: invite someone to a
 * dealer's or promoter's login (refusals next to their field), invite an admin (held for a second
 * admin, and only from a session that proved its owner within the step-up minutes: the password
 * typed on the same form proves it), resend or cancel an invitation (back to the page with a
 * message).
 */
import type { Submission } from '@conform-to/react';
import { data } from '@remix-run/node';
import type { DB } from '~/db.server';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import {
  forbidden,
  PROOF_FIELDS,
  proofErrors,
  proofStatus,
  proofSubject,
} from '~/http/auth/step-up-answer.server';
import type { Auth } from '~/services/auth/guard.server';
import { freshOrProven } from '~/services/auth/step-up.server';
import { deliverHoldMail, holdMail } from '~/services/money/ledger/pending-changes.server';
import type { Actor } from '~/services/platform/audit.server';
import {
  cancelRoleInvitation,
  inviteAdmin,
  inviteToLogin,
  resendRoleInvitation,
  type InviteOutcome,
} from '~/services/people/role-invitations.server';
import type { Lang } from '~/lib/lang';

type Reply = Pick<Submission<unknown>, 'reply'>;

const back = (request: Request, message: string, kind: 'success' | 'error' = 'success') =>
  redirectWithFlash(new URL(request.url).pathname, { kind, message });

/** A refused invitation: the message next to the e-mail, or above the form. */
function refusal(submission: Reply, out: InviteOutcome) {
  const hideFields = PROOF_FIELDS;
  const reply =
    out === 'emailTaken'
      ? submission.reply({ hideFields, fieldErrors: { email: ['admin:errors.emailTaken'] } })
      : submission.reply({ hideFields, formErrors: [`admin:invitations.errors.${out}`] });
  return data(reply, { status: 400 });
}

/** The "invite by mail" form of a dealer's or promoter's page. */
export async function inviteLoginAnswer(
  request: Request,
  db: DB,
  role: 'dealer' | 'promoter',
  profileId: number,
  submission: Reply,
  input: { email: string; lang: Lang },
  actor: Actor,
) {
  const out = await inviteToLogin(db, { role, profileId, ...input }, actor);
  if (out !== 'sent') return refusal(submission, out);
  return back(request, 'admin:invitations.flash.sent');
}

/**
 * The invitations page's "invite an admin" form: held for a second admin. The session proves its
 * owner first (before anything about the address is told): fresh, or the password typed here.
 */
export async function inviteAdminAnswer(
  request: Request,
  db: DB,
  submission: Reply,
  input: { email: string; firstName: string; lastName: string; lang: Lang } & {
    password?: string;
    code?: string;
  },
  auth: Auth,
) {
  const proof = await freshOrProven(db, proofSubject(auth), input);
  if (proof === 'proxy') throw forbidden();
  if (proof !== 'ok') {
    const errors = proofErrors(proof, 'admin:invitations.stepUp.needed');
    const reply = submission.reply({ hideFields: PROOF_FIELDS, ...errors });
    return data(reply, { status: proofStatus(proof) });
  }
  const { email, firstName, lastName, lang } = input;
  const mail = await holdMail();
  const out = inviteAdmin(db, { email, firstName, lastName, lang }, auth.actor, mail);
  if (out !== 'held') return refusal(submission, out);
  await deliverHoldMail(db, mail);
  return back(request, 'admin:invitations.flash.held');
}

/** Resend or cancel an invitation, from the invitations page or a dealer's or promoter's page. */
export async function invitationChangeAnswer(
  request: Request,
  db: DB,
  input: { intent: 'resend' | 'cancel'; invitationId: number },
  actor: Actor,
) {
  const out =
    input.intent === 'resend'
      ? await resendRoleInvitation(db, input.invitationId, actor)
      : cancelRoleInvitation(db, input.invitationId, actor);
  if (out !== 'ok') return back(request, `admin:invitations.errors.${out}`, 'error');
  return back(
    request,
    input.intent === 'resend'
      ? 'admin:invitations.flash.resent'
      : 'admin:invitations.flash.cancelled',
  );
}
