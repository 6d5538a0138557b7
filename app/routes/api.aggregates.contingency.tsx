/**
 * GET /api/aggregates/contingency — the contingency posted at upcoming events (ruling in
 * aggregates.server). Optional lang=fr for the title.
 * Response: { contingencyTitle, contingencyAmount: [{ currency, cents }], from, to, eventCount }.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '~/db.server';
import { tFor } from '~/i18next.server';
import { contingencyAggregate } from '~/services/reports/aggregates.server';
import { apiLang, onlyMethods } from '~/http/api.server';
import { jsonAnswer } from '~/http/kept-answer.server';
import type { RouteHandle } from '~/lib/route-handle';

export async function loader({ request }: LoaderFunctionArgs) {
  const lang = apiLang(request);
  const agg = contingencyAggregate(getDb());
  const t = await tFor(lang);
  return jsonAnswer({
    contingencyTitle: t('public:home.contingencyTitle'),
    contingencyAmount: agg.amounts,
    from: agg.from,
    to: agg.to,
    eventCount: agg.eventCount,
  });
}

export const action = onlyMethods('GET');
// What the server and the root layout read of this route (~/lib/route-handle).
export const handle = { cache: 'public' } as const satisfies RouteHandle;
