/**
 * A refused proof (step-up.server) as a form's answer: why, next to the password or the code, or
 * above the form; and its status. Shared by the pages whose changes ask a fresh proof of the
 * admin acting (the invitations and approvals pages).
 */
import type { Auth } from '~/services/auth/guard.server';
import type { freshOrProven } from '~/services/auth/step-up.server';

export type ProofRefusal = Exclude<Awaited<ReturnType<typeof freshOrProven>>, 'ok' | 'proxy'>;

/** Fields a refused answer never sends back. */
export const PROOF_FIELDS = ['password', 'code'];

/** Who proves: the session, whether an admin proxies it, the account. */
export const proofSubject = (auth: Auth) => ({
  sessionId: auth.sessionId,
  proxyHost: auth.proxyHost,
  userId: auth.user.id,
});

/** `needed`: the page's words for "confirm it is you first" (no proof typed). */
export function proofErrors(
  r: ProofRefusal,
  needed: string,
): { fieldErrors?: Record<string, string[]>; formErrors?: string[] } {
  switch (r) {
    case 'stepUp':
      return { fieldErrors: { password: [needed] } };
    case 'wrongPassword':
      return { fieldErrors: { password: ['twofactor:errors.wrongPassword'] } };
    case 'wrongCode':
      return { fieldErrors: { code: ['twofactor:errors.wrongCode'] } };
    case 'codeNeeded':
      return { fieldErrors: { code: ['twofactor:errors.codeFormat'] } };
    case 'wait':
      return { formErrors: ['twofactor:errors.wait'] };
  }
}

export const proofStatus = (r: ProofRefusal) => (r === 'stepUp' ? 403 : r === 'wait' ? 429 : 400);

/** A proxied session never proves the admin behind it. */
export const forbidden = () => new Response('Forbidden', { status: 403 });
