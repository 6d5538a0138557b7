/** FAQ for riders (spec §2 /about/faq-riders): questions and answers from the program's rules. */
import { FaqPage } from '~/components/public-site';

export default function FaqRiders() {
  return <FaqPage audience="riders" />;
}
