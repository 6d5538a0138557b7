/** Values shown in the page's language: money amounts and instants (Los Angeles). */
import type { Currency } from '~/lib/constants';
import { formatDate, formatMoney } from '~/lib/format';
import { useLang } from '~/components/link';

/** Money in the page's language. */
export function Money({ cents, currency }: { cents: number; currency: Currency }) {
  const lang = useLang();
  return (
    <span className="whitespace-nowrap tabular-nums">{formatMoney(cents, currency, lang)}</span>
  );
}

/** A date (YYYY-MM-DD or an instant) in the page's language. */
export function DateText({ value }: { value: string | null }) {
  const lang = useLang();
  return <>{formatDate(value, lang)}</>;
}
