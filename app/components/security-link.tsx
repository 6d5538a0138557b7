/** The account page's way to its sign-in security page (two-factor, passkeys). */
import { useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LLink } from '~/components/link';
import { stripLang } from '~/lib/lang';

export function SecurityLink() {
  const { t } = useTranslation();
  const role = /^\/auth\/(admin|dealer|promoter|rider)\//.exec(
    stripLang(useLocation().pathname),
  )?.[1];
  if (!role) return null;
  return (
    <p className="mb-6">
      <LLink to={`/auth/${role}/security`} className="text-brand hover:underline">
        {t('twofactor:link')}
      </LLink>
    </p>
  );
}
