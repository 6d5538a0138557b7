/** FAQ for promoters: questions and answers from the program's rules. */
import { FaqPage } from '~/components/public-site';
import type { RouteHandle } from '~/lib/route-handle';

export default function FaqPromoters() {
  return <FaqPage audience="promoters" />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = {
  cache: 'public',
  title: 'titles:faqPromoters',
} as const satisfies RouteHandle;
