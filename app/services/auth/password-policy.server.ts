/**
 * The strength rule every new password meets on top of the spec's own (passwordSchema): not the
 * password published with the demo, and not guessable — zxcvbn (with its common-password and
 * diceware dictionaries) must estimate at least 10^8 guesses (score 3), the account's own e-mail
 * and names counting as words an attacker tries first. Server-only: the dictionaries never reach
 * the browser, so forms get this message from their action, next to the password field.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';
import { DEMO_PASSWORD } from '#db/seed-accounts';
import { passwordSchema } from '~/lib/schemas/common';

/** Passwords published with the product (README, seed): no real account may use one. */
export const PUBLISHED_PASSWORDS = [DEMO_PASSWORD];

/** zxcvbn's score a new password needs (3: at least 10^8 guesses). */
const MIN_PASSWORD_SCORE = 3;

const PASSWORD_POLICY_KEYS = {
  published: 'validation:passwordPublished',
  weak: 'validation:passwordWeak',
} as const;
export type PasswordProblem = (typeof PASSWORD_POLICY_KEYS)[keyof typeof PASSWORD_POLICY_KEYS];

/** Words of the product itself: a password built on them is guessed early too. */
const PRODUCT_WORDS = ['contingency', 'cash', 'contingencycash', ...PUBLISHED_PASSWORDS];

let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
}

/** The words of what the user typed about themself: the e-mail, its local part, each name. */
function userWords(inputs: readonly unknown[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    if (typeof input !== 'string' || input.trim() === '') continue;
    const value = input.trim().toLowerCase();
    words.add(value);
    for (const part of value.split(/[\s@._+-]+/)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * Why a new password is refused by the strength rule, or null when it passes. Only a password
 * the spec's rules accept is scored (the spec's own message comes first; zxcvbn's cost grows
 * with the length, which the spec bounds).
 */
export function passwordProblem(
  password: string,
  userInputs: readonly unknown[] = [],
): PasswordProblem | null {
  if (!passwordSchema.safeParse(password).success) return null;
  const folded = password.trim().toLowerCase();
  if (PUBLISHED_PASSWORDS.some((p) => p.toLowerCase() === folded))
    return PASSWORD_POLICY_KEYS.published;
  const { score } = zxcvbn().check(password, [...PRODUCT_WORDS, ...userWords(userInputs)]);
  return score < MIN_PASSWORD_SCORE ? PASSWORD_POLICY_KEYS.weak : null;
}

/** Thrown by a service asked to set a password the rule refuses (its action should have said so). */
export class WeakPasswordError extends Error {
  constructor(public key: PasswordProblem) {
    super(key);
  }
}

/** Refuses, whoever calls, a password the strength rule refuses: a service's last guard. */
export function assertPasswordAllowed(password: string, userInputs: readonly unknown[] = []) {
  const problem = passwordProblem(password, userInputs);
  if (problem) throw new WeakPasswordError(problem);
}

/** The fields of a form that tell who the user is (their words count against the password). */
const USER_FIELDS = ['email', 'firstName', 'lastName', 'name'];

/**
 * The strength rule as a schema to intersect with a form's schema in its action
 * (`schema.and(passwordPolicy())`), the way `passwordsMatchCheck` is: its message lands on
 * `password` together with every other problem of the form. `known`: what the form does not
 * carry about the user (a signed-in user's e-mail and name). Its output is empty, so it never
 * changes the form's parsed value.
 */
export function passwordPolicy(known: readonly unknown[] = []) {
  return z
    .unknown()
    .superRefine((raw, ctx) => {
      if (typeof raw !== 'object' || raw === null) return;
      const form = raw as Record<string, unknown>;
      if (typeof form.password !== 'string') return;
      const problem = passwordProblem(form.password, [
        ...known,
        ...USER_FIELDS.map((f) => form[f]),
      ]);
      if (problem)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['password'], message: problem });
    })
    .transform(() => ({}));
}
