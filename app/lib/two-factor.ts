/** Paths and input rules of strong sign-in shared by routes and components. */
import { localizePath, type Lang } from '~/lib/lang';

/** The sign-in's code step, carrying where to go once the code passes. */
export function secondStepPath(redirectTo: string, lang: Lang): string {
  return `${localizePath('/login-code', lang)}?redirectTo=${encodeURIComponent(redirectTo)}`;
}

/** An account's sign-in security page (set up TOTP, passkeys). */
export function securityPath(role: string, lang: Lang): string {
  return localizePath(`/auth/${role}/security`, lang);
}
