/**
 * The approvals page's writes turned into service calls and answers: a limits proposal (lowered at
 * once, raised held for a second admin, refused next to each field above a ceiling or with a
 * single admin), or a decision on a held change (refused with its reason in the user's language).
 * Approving asks a fresh proof of the approver's session, as granting the admin role does: a
 * stolen session cookie must not be the second pair of eyes. The page's step-up form gives it.
 */
import type { SubmissionResult } from '@conform-to/react';
import { data } from '@remix-run/node';
import type { DB } from '~/db.server';
import { langFromPath } from '~/lib/lang';
import { messageWithValues } from '~/lib/messages';
import { formatLimit, type MoneyLimitKey } from '~/lib/schemas/money-controls';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import {
  forbidden,
  PROOF_FIELDS,
  proofErrors,
  proofStatus,
  proofSubject,
} from '~/http/auth/step-up-answer.server';
import type { Auth } from '~/services/auth/guard.server';
import { securityChangeAllowed, stepUpWithPassword } from '~/services/auth/step-up.server';
import { approveChange, refuseChange } from '~/services/money/ledger/change-decisions.server';
import { proposeMoneyLimits } from '~/services/money/ledger/limit-changes.server';
import {
  ceilingOf,
  moneyCeilings,
  type MoneyLimits,
} from '~/services/money/ledger/money-limits.server';
import { deliverHoldMail, holdMail } from '~/services/money/ledger/pending-changes.server';
import type { Actor } from '~/services/platform/audit.server';

type Reply = (options?: {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
}) => SubmissionResult<string[]>;

const amountIn = (request: Request) => {
  const lang = langFromPath(new URL(request.url).pathname);
  return (cents: number) => formatLimit(cents, lang);
};

/** Back to the page with a flash message (the page answers the POST by a redirect). */
async function back(request: Request, message: string) {
  return redirectWithFlash(new URL(request.url).pathname, { kind: 'success', message });
}

/** The limits form: proposed, then "saved", "held" or both; refusals next to their fields. */
export async function limitsAnswer(
  request: Request,
  db: DB,
  limits: MoneyLimits,
  actor: Actor,
  reply: Reply,
) {
  const mail = await holdMail();
  const out = proposeMoneyLimits(db, limits, actor, new Date(), mail);
  if (!out.ok) {
    const max = amountIn(request);
    const fieldErrors =
      out.error === 'fields'
        ? Object.fromEntries(
            Object.entries(out.fields).map(([k, e]) => [
              k,
              [
                messageWithValues(`moneyControls:limits.errors.${e}`, {
                  max: max(ceilingOf(k as MoneyLimitKey)),
                }),
              ],
            ]),
          )
        : undefined;
    const formErrors = out.error === 'notAdmin' ? ['moneyControls:errors.notAdmin'] : undefined;
    return data(
      { intent: 'limits' as const, result: reply({ fieldErrors, formErrors }) },
      { status: 400 },
    );
  }
  await deliverHoldMail(db, mail);
  return back(
    request,
    out.held === null
      ? 'moneyControls:limits.saved'
      : out.lowered.length > 0
        ? 'moneyControls:limits.loweredAndHeld'
        : 'moneyControls:limits.held',
  );
}

/** The page's step-up form: the password (+ code); back to the page, proven, when it passes. */
export async function stepUpAnswer(
  request: Request,
  db: DB,
  input: { password: string; code?: string },
  auth: Auth,
  reply: Reply,
) {
  const r = await stepUpWithPassword(db, proofSubject(auth), input);
  if (r === 'proxy') throw forbidden();
  if (r === 'ok') return back(request, 'moneyControls:stepUp.done');
  const errors = proofErrors(r, 'validation:required');
  return data(
    { intent: 'stepUp' as const, result: reply({ hideFields: PROOF_FIELDS, ...errors }) },
    { status: proofStatus(r) },
  );
}

/**
 * Approve or refuse a held change; a refusal says why (the ceiling named when it is the cause).
 * Approving needs the approver's session proven within the step-up minutes; refusing applies
 * nothing and needs no proof.
 */
export async function decisionAnswer(
  request: Request,
  db: DB,
  decision: { intent: 'approve' | 'refuse'; changeId: number },
  auth: Auth,
  reply: Reply,
) {
  const { actor } = auth;
  const fresh = decision.intent === 'approve' ? securityChangeAllowed(db, auth) : 'ok';
  if (fresh === 'proxy') throw forbidden();
  if (fresh === 'stepUp')
    return data(
      {
        intent: decision.intent,
        changeId: decision.changeId,
        result: reply({ formErrors: ['moneyControls:errors.stepUp'] }),
      },
      { status: 403 },
    );
  const mail = await holdMail();
  const outcome =
    decision.intent === 'approve'
      ? approveChange(db, decision.changeId, actor, new Date(), mail)
      : refuseChange(db, decision.changeId, actor);
  if (!outcome.ok) {
    const max = amountIn(request)(moneyCeilings().singleCents);
    return data(
      {
        intent: decision.intent,
        changeId: decision.changeId,
        result: reply({
          formErrors: [messageWithValues(`moneyControls:errors.${outcome.error}`, { max })],
        }),
      },
      { status: 400 },
    );
  }
  await deliverHoldMail(db, mail);
  return back(
    request,
    decision.intent === 'approve' ? 'moneyControls:flash.approved' : 'moneyControls:flash.refused',
  );
}
