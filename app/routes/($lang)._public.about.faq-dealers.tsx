/** FAQ for dealers (spec §2 /about/faq-dealers): questions and answers from the program's rules. */
import { FaqPage } from '~/components/public-site';

export default function FaqDealers() {
  return <FaqPage audience="dealers" />;
}
