/**
 * npm run user:create -- --role admin --email E --password P [--first-name F --last-name L --name N]
 * Creates an account on a real install, with the site's validation and password rules (the spec's,
 * then the strength rule: not the demo password, not a common one). The operator vouches for the
 * address, so the account starts verified. Uses DATABASE_PATH like the server.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { migrateDatabase } from '#db/migrate';
import { users } from '#db/schema';
import { openDb } from '~/db.server';
import { env } from '~/env.server';
import { ROLES } from '~/lib/constants';
import { emailSchema, passwordSchema } from '~/lib/schemas/common';
import { createAccount, DuplicateEmailError } from '~/services/people/users.server';
import { passwordProblem } from '~/services/auth/password-policy.server';
import en from '#locales/en/validation.json';

const { values } = parseArgs({
  options: {
    role: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    name: { type: 'string' },
  },
});

const schema = z.object({
  role: z.enum(ROLES, { errorMap: () => ({ message: `role must be one of ${ROLES.join(', ')}` }) }),
  email: emailSchema,
  password: passwordSchema,
});

const messages = en as Record<string, string>;
const parsed = schema.safeParse(values);
if (!parsed.success) {
  for (const issue of parsed.error.issues) {
    const key = issue.message.replace(/^validation:/, '');
    console.error(`--${issue.path.join('.')}: ${messages[key] ?? issue.message}`);
  }
  process.exit(1);
}

// The site's strength rule too: an operator's admin password is the most valuable of all.
const weak = passwordProblem(parsed.data.password, [
  parsed.data.email,
  values['first-name'],
  values['last-name'],
  values.name,
]);
if (weak) {
  console.error(`--password: ${messages[weak.replace(/^validation:/, '')] ?? weak}`);
  process.exit(1);
}

await migrateDatabase(env().DATABASE_PATH);
const db = openDb(env().DATABASE_PATH);
try {
  const { user, profileId } = await createAccount(db, {
    ...parsed.data,
    emailVerified: true,
    firstName: values['first-name'],
    lastName: values['last-name'],
    name: values.name,
  });
  // An admin made here sets up a second factor at first sign-in, even on a local trial.
  if (user.role === 'admin') {
    db.update(users).set({ twoFactorRequired: true }).where(eq(users.id, user.id)).run();
  }
  console.log(`Created ${user.role} ${user.email} (user ${user.id}, ${user.role} ${profileId})`);
} catch (error) {
  if (error instanceof DuplicateEmailError) {
    console.error(`--email: ${messages.emailTaken ?? 'An account already uses this e-mail.'}`);
    process.exit(1);
  }
  console.error(`user:create failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
} finally {
  db.$client.close();
}
