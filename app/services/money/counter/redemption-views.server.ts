/** What the redemption lists send their pages: only what the tables show. */
import type { CreditRedemptionRow } from '~/services/money/counter/redemption-lists.server';

/** What a redemption table shows of a row: a list's loader sends only this to the page. */
export type RedemptionView = Pick<
  CreditRedemptionRow,
  | 'id'
  | 'code'
  | 'riderName'
  | 'amountCents'
  | 'currency'
  | 'employeeName'
  | 'createdAt'
  | 'status'
  | 'voided'
  | 'refundedAt'
> & {
  dealerName?: string;
  refundedBy?: string | null;
  reason?: string | null;
};

/**
 * The rows as a redemption table shows them: `dealer` adds the dealer's name (lists over every
 * dealer), `refund` who refunded it and why (the refunds list).
 */
export function redemptionViews(
  rows: readonly CreditRedemptionRow[],
  shown: { dealer?: boolean; refund?: boolean } = {},
): RedemptionView[] {
  return rows.map((r) => {
    const view: RedemptionView = {
      id: r.id,
      code: r.code,
      riderName: r.riderName,
      amountCents: r.amountCents,
      currency: r.currency,
      employeeName: r.employeeName,
      createdAt: r.createdAt,
      status: r.status,
      voided: r.voided,
      refundedAt: r.refundedAt,
    };
    if (shown.dealer) view.dealerName = r.dealerName;
    if (shown.refund) {
      view.refundedBy = r.refundedBy;
      view.reason = r.reason;
    }
    return view;
  });
}
