/**
 * The browser half of passkeys (@simplewebauthn/browser, bundled by Vite): adding one from the
 * account page, confirming it is you with one (the step-up), and signing in with one from the
 * login page (a button, plus the browser's autofill list where it offers passkeys). All need
 * JavaScript: they render nothing before hydration, and the password (+ code) path stays for
 * everyone.
 */
import { useRevalidator, useSearchParams } from '@remix-run/react';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '~/components/link';

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const json = (await r.json()) as Record<string, unknown>;
  // The stable code (the `error` text is in the reader's language).
  if (!r.ok) throw new Error(String(json.code ?? json.error ?? r.status));
  return json;
}

/** WebAuthn refuses an IP address as relying party (a local trial opened as 127.0.0.1). */
const onIpAddress = () => /^(\d+\.){3}\d+$|^\[/.test(window.location.hostname);

type Support = 'noJs' | 'ipAddress' | 'ok';

/** Known after hydration only (the server's page says JavaScript is needed). */
function useSupport(): Support {
  const [support, setSupport] = useState<Support>('noJs');
  useEffect(
    () => setSupport(!browserSupportsWebAuthn() ? 'noJs' : onIpAddress() ? 'ipAddress' : 'ok'),
    [],
  );
  return support;
}

export function AddPasskeyButton() {
  const { t } = useTranslation();
  const support = useSupport();
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<'idle' | 'busy' | 'done' | 'failed' | 'stepUp'>('idle');
  if (support !== 'ok') {
    return <p className="text-sm text-gray-600">{t(`twofactor:passkeys.${support}`)}</p>;
  }
  const add = async () => {
    setStatus('busy');
    try {
      const optionsJSON = await post('/api/passkey/register', { step: 'options' });
      const response = await startRegistration({ optionsJSON: optionsJSON as never });
      await post('/api/passkey/register', { step: 'verify', response });
      setStatus('done');
      revalidator.revalidate();
    } catch (e) {
      // The session's proof ran out: the page shows the step-up form again.
      const stepUp = e instanceof Error && e.message === STEP_UP_CODE;
      setStatus(stepUp ? 'stepUp' : 'failed');
      if (stepUp) revalidator.revalidate();
    }
  };
  return (
    <div>
      <button type="button" className="btn" onClick={() => void add()} disabled={status === 'busy'}>
        {t('twofactor:passkeys.add')}
      </button>
      <p role="status" className="mt-2 text-sm">
        {status === 'busy' ? t('twofactor:passkeys.adding') : null}
        {status === 'done' ? t('twofactor:passkeys.addedNow') : null}
      </p>
      {status === 'failed' || status === 'stepUp' ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t(status === 'stepUp' ? STEP_UP_ERROR : 'twofactor:passkeys.failed')}
        </p>
      ) : null}
    </div>
  );
}

/** The refusal of a change whose session must confirm it is you first: its code and words. */
const STEP_UP_CODE = 'stepUpRequired';
const STEP_UP_ERROR = 'twofactor:stepUp.needed';

/** Confirm it is you with one of the account's passkeys; the page then reloads its state. */
export function StepUpPasskeyButton() {
  const { t } = useTranslation();
  const support = useSupport();
  const revalidator = useRevalidator();
  const [failed, setFailed] = useState(false);
  if (support !== 'ok') return null;
  const confirm = async () => {
    setFailed(false);
    try {
      const optionsJSON = await post('/api/passkey/step-up', { step: 'options' });
      const response = await startAuthentication({ optionsJSON: optionsJSON as never });
      await post('/api/passkey/step-up', { step: 'verify', response });
      revalidator.revalidate();
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="mt-4">
      <button type="button" className="btn-secondary" onClick={() => void confirm()}>
        {t('twofactor:stepUp.passkey')}
      </button>
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('twofactor:stepUp.failed')}
        </p>
      ) : null}
    </div>
  );
}

/** The login page's passkey sign-in: the browser's autofill offer where it exists, and a button. */
export function PasskeySignIn() {
  const { t } = useTranslation();
  const lang = useLang();
  const support = useSupport();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirectTo') ?? undefined;
  const [failed, setFailed] = useState(false);

  const signIn = async (autofill: boolean) => {
    const optionsJSON = await post('/api/passkey/sign-in', { step: 'options' });
    const response = await startAuthentication({
      optionsJSON: optionsJSON as never,
      useBrowserAutofill: autofill,
    });
    const done = await post('/api/passkey/sign-in', {
      step: 'verify',
      response,
      redirectTo,
      lang,
    });
    window.location.assign(String(done.redirectTo));
  };

  useEffect(() => {
    let live = true;
    void browserSupportsWebAuthnAutofill().then((ok) => {
      // A dismissed or aborted autofill offer is not an error to show.
      if (ok && live && !onIpAddress()) signIn(true).catch(() => undefined);
    });
    return () => {
      live = false;
      WebAuthnAbortService.cancelCeremony();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (support !== 'ok') return null;
  return (
    <div className="mt-4">
      <button
        type="button"
        className="btn-secondary w-full"
        onClick={() => {
          setFailed(false);
          signIn(false).catch(() => setFailed(true));
        }}
      >
        {t('twofactor:passkeys.signIn')}
      </button>
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('twofactor:passkeys.failed')}
        </p>
      ) : null}
    </div>
  );
}
