import { z } from 'zod';
import { obj } from '~/http/openapi/parts';

/** A series' contingency standings, as its public page shows them (docs/rules.md "Public site"). */
export const seriesStandings = z
  .array(
    obj({
      className: z.string(),
      currency: z.string(),
      riders: z.array(
        obj({
          rank: z.number().int(),
          riderName: z.string(),
          eventsCounted: z.number().int(),
          wins: z.number().int(),
          podiums: z.number().int(),
          bestFinish: z.number().int().nullable(),
          totalCents: z.number().int().describe('Cash and dealer credit earned, at face, in cents'),
        }),
      ),
    }),
  )
  .describe(
    "Per class and currency of the series' approved events: the riders this program paid, ranked by the total earned, then wins, podiums, best finish and name. Not the series' championship points.",
  );
