/** The kinds of an account's security history, shared by the server and the security page. */

/** The changes the owner is mailed about. */
const MAILED_KINDS = [
  'passkeyAdded',
  'passkeyRemoved',
  'totpEnabled',
  'totpDisabled',
  'recoveryCodes',
  'passwordChanged',
  'emailChanged',
] as const;
export type MailedKind = (typeof MAILED_KINDS)[number];
/** Every kind the page can name (a sign-in refused because the password is locked is not mailed). */
export type SecurityEventKind = MailedKind | 'signInLocked';
export const EVENT_KINDS: readonly SecurityEventKind[] = [...MAILED_KINDS, 'signInLocked'];
