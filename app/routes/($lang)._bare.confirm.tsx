/**
 * /confirm: the question a destructive action asks when JavaScript is off (see ConfirmButton).
 * It receives the action's form, shows the question, and posts the same fields to the page's
 * action with `confirmed=yes` when the user says yes; "Cancel" goes back. It changes nothing.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CONFIRM_FIELDS } from '~/components/confirm-button';
import { useLocalize } from '~/components/link';
import { safeRedirect } from '~/lib/lang';
import { requireUser } from '~/services/auth/guard.server';
import type { RouteHandle } from '~/lib/route-handle';

const KEY_RE = /^[a-zA-Z]+:[A-Za-z0-9_.]+$/;

// Remix runs loaders with a GET after an action: the loader cannot tell a visit from a post.
export async function loader(_args: LoaderFunctionArgs) {
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await request.formData();
  const to = safeRedirect(form.get(CONFIRM_FIELDS.to), '/');
  const rawMessage = String(form.get(CONFIRM_FIELDS.message) ?? '');
  const message = KEY_RE.test(rawMessage) ? rawMessage : 'completion:confirm.title';
  let values: Record<string, string> = {};
  try {
    const parsed = JSON.parse(String(form.get(CONFIRM_FIELDS.values) ?? '{}')) as unknown;
    if (parsed && typeof parsed === 'object')
      values = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch {
    values = {};
  }
  const skip = new Set<string>([...Object.values(CONFIRM_FIELDS), 'confirmed']);
  const fields = [...form.entries()]
    .filter(([k, v]) => !skip.has(k) && typeof v === 'string')
    .map(([k, v]) => [k, v as string] as const);
  return { to, message, values, fields };
}

export default function ConfirmPage() {
  const { t } = useTranslation();
  const data = useActionData<typeof action>();
  const localize = useLocalize();
  if (!data) {
    // Opened directly (a bookmark, the back button): there is no question to ask.
    return (
      <div data-testid="confirm-page">
        <h1 className="mb-4 text-xl font-semibold">{t('completion:confirm.title')}</h1>
        <p className="mb-6">{t('completion:confirm.nothing')}</p>
        <a href={localize('/')} className="btn-secondary">
          {t('completion:confirm.home')}
        </a>
      </div>
    );
  }
  return (
    <div data-testid="confirm-page">
      <h1 className="mb-4 text-xl font-semibold">{t('completion:confirm.title')}</h1>
      <p className="mb-6">{t(data.message, data.values)}</p>
      <form method="post" action={data.to} className="flex flex-wrap gap-3">
        {data.fields.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="btn-danger" data-testid="confirm-yes">
          {t('completion:confirm.yes')}
        </button>
        <a href={data.to} className="btn-secondary" data-testid="confirm-cancel">
          {t('completion:confirm.cancel')}
        </a>
      </form>
    </div>
  );
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'none', title: 'titles:confirm' } as const satisfies RouteHandle;
