/** FAQ for riders: questions and answers from the program's rules. */
import { FaqPage } from '~/components/public-site';
import type { RouteHandle } from '~/lib/route-handle';

export default function FaqRiders() {
  return <FaqPage audience="riders" />;
}

// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'public', title: 'titles:faqRiders' } as const satisfies RouteHandle;
