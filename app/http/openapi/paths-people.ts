/**
 * The OpenAPI operations of money (redemptions, payout claims), people (dealers, promoters,
 * riders): each with the zod schema its route validates with.
 */
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  dealerSchema,
  markFactorySchema,
  promoterSchema,
  riderFilterSchema,
  riderMergeApiSchema,
} from '~/lib/schemas/admin';
import { claimDecisionApiSchema } from '~/lib/schemas/claims';
import {
  redeemApiSchema,
  redemptionFiltersSchema,
  refundBodySchema,
  riderSearchSchema,
  voidBodySchema,
} from '~/lib/schemas/dealer';
import { claimFiltersSchema, claimStatusSchema, createClaimsSchema } from '~/lib/schemas/payouts';
import { removeRacesApiSchema } from '~/lib/schemas/remove-races';
import { riderProfileSchema } from '~/lib/schemas/rider';
import {
  fileField,
  multipart,
  obj,
  op,
  pagination,
  rows,
  withoutIntent,
} from '~/http/openapi/parts';

const redemptionFilters = withoutIntent(redemptionFiltersSchema).extend({
  dealerId: z.string().optional().describe('Admin only.'),
  riderId: z.string().optional().describe('Admin only.'),
});
const deleted = obj({ deleted: z.literal(true) });
const admin = 'Admin only.';

export const peoplePaths: ZodOpenApiPathsObject = {
  '/api/{role}/dealers': {
    post: op('/api/{role}/dealers', {
      roles: ['admin'],
      summary: 'Create a dealer (the body, or the body under `dealer`)',
      description: admin,
      tags: ['Dealers'],
      body: withoutIntent(dealerSchema),
      ok: { 201: obj({ dealer: obj(), distinctCountry: z.array(z.unknown()) }) },
      errors: [401, 403, 415],
    }),
  },
  '/api/{role}/dealer/{dealerId}': {
    get: op('/api/{role}/dealer/{dealerId}', {
      roles: ['admin', 'dealer'],
      summary: 'One dealer with its redemptions (an admin any dealer, a dealer itself)',
      tags: ['Dealers'],
      ok: {
        200: obj({ dealer: obj(), redemptions: rows(), distinctCountry: z.array(z.unknown()) }),
      },
      errors: [401, 403, 404],
    }),
    put: op('/api/{role}/dealer/{dealerId}', {
      roles: ['admin', 'dealer'],
      summary: 'Change a dealer (fields not sent are kept)',
      description: admin,
      tags: ['Dealers'],
      body: withoutIntent(dealerSchema).partial(),
      ok: { 200: obj({ dealer: obj() }) },
      errors: [401, 403, 404, 415],
    }),
  },

  '/api/{role}/payout-claims': {
    get: op('/api/{role}/payout-claims', {
      summary: 'Payout claims (an admin every claim, a rider their own)',
      tags: ['Payout claims'],
      query: claimFiltersSchema,
      ok: { 200: obj({ payoutClaims: rows(), pagination }) },
      errors: [401, 403],
    }),
  },
  '/api/admin/payout-claims': {
    get: op('/api/admin/payout-claims', {
      summary: 'Payout claims (the admin’s list)',
      tags: ['Payout claims'],
      query: claimFiltersSchema,
      ok: { 200: obj({ payoutClaims: rows(), pagination }) },
      errors: [401, 403],
    }),
    post: op('/api/admin/payout-claims', {
      summary:
        'Create payout claims for every rider owed cash, or for riderIds (?dryRun=true previews; Idempotency-Key header)',
      idempotent: true,
      tags: ['Payout claims'],
      query: z.object({ dryRun: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional() }),
      body: createClaimsSchema,
      ok: { 200: obj({ payoutClaims: rows(), skipped: rows(), dryRun: z.boolean() }) },
      errors: [401, 403, 415, 422],
    }),
  },
  '/api/{role}/payout-claim/{id}': {
    get: op('/api/{role}/payout-claim/{id}', {
      summary: 'One payout claim (an admin, or the rider it belongs to)',
      tags: ['Payout claims'],
      ok: { 200: obj({ payoutClaim: obj() }) },
      errors: [401, 403, 404],
    }),
    put: op('/api/{role}/payout-claim/{id}', {
      summary: 'Mark a claim SENT, or undo the mark (PENDING, UNSENT; any case)',
      description: `${admin} JSON or a form.`,
      tags: ['Payout claims'],
      body: claimStatusSchema,
      ok: { 200: obj({ payoutClaim: obj() }) },
      errors: [401, 403, 404, 409, 415],
    }),
  },

  '/api/admin/promoters': {
    post: op('/api/admin/promoters', {
      summary: 'Create a promoter',
      tags: ['Promoters'],
      body: withoutIntent(promoterSchema),
      ok: { 201: obj({ promoter: obj() }) },
      errors: [401, 403, 415],
    }),
  },
  '/api/promoters': {
    get: op('/api/promoters', {
      summary: 'The public promoter listing (names and phones)',
      tags: ['Promoters'],
      query: z.object({ name: z.string().optional(), phone: z.string().optional() }),
      ok: { 200: obj({ allPromoters: rows() }) },
    }),
  },
  '/api/{role}/promoter/{id}': {
    get: op('/api/{role}/promoter/{id}', {
      roles: ['admin', 'promoter'],
      summary: 'One promoter with its events (an admin any promoter, a promoter itself)',
      tags: ['Promoters'],
      ok: { 200: obj({ promoter: obj(), events: rows() }) },
      errors: [401, 403, 404],
    }),
    put: op('/api/{role}/promoter/{id}', {
      roles: ['admin', 'promoter'],
      summary: 'Change a promoter (fields not sent are kept)',
      tags: ['Promoters'],
      body: withoutIntent(promoterSchema).partial(),
      ok: { 200: obj({ promoter: obj() }) },
      errors: [401, 403, 404, 415],
    }),
  },
  '/api/{role}/events': {
    get: op('/api/{role}/events', {
      roles: ['promoter'],
      summary: "A promoter's own events and series (an admin's list is GET /api/admin/events)",
      tags: ['Promoters'],
      ok: { 200: obj({ events: rows(), allSeries: rows() }) },
      errors: [401, 403],
    }),
  },

  '/api/{role}/credit-redemptions': {
    get: op('/api/{role}/credit-redemptions', {
      summary: 'Credit redemptions, newest first (admin all, dealer its own, rider theirs)',
      tags: ['Redemptions'],
      query: redemptionFilters,
      ok: { 200: obj({ creditRedemptions: rows(), pagination }) },
      errors: [401, 403],
    }),
  },
  '/api/{role}/revoked-redemptions': {
    get: op('/api/{role}/revoked-redemptions', {
      summary: 'Refunded redemptions, newest refund first',
      tags: ['Redemptions'],
      query: redemptionFilters,
      ok: { 200: obj({ revokedRedemptions: rows(), pagination }) },
      errors: [401, 403],
    }),
  },
  '/api/{role}/credit-redemption/{redemptionId}': {
    get: op('/api/{role}/credit-redemption/{redemptionId}', {
      summary: 'One redemption',
      description: admin,
      tags: ['Redemptions'],
      ok: { 200: obj({ creditRedemption: obj() }) },
      errors: [401, 403, 404],
    }),
    delete: op('/api/{role}/credit-redemption/{redemptionId}', {
      summary: 'Refund a redemption (Idempotency-Key header)',
      idempotent: true,
      description: admin,
      tags: ['Redemptions'],
      body: refundBodySchema,
      ok: { 200: obj({ creditRedemption: obj() }) },
      errors: [401, 403, 404, 409, 415, 422],
    }),
  },
  '/api/{role}/credit-redemption/{redemptionId}/void': {
    post: op('/api/{role}/credit-redemption/{redemptionId}/void', {
      roles: ['dealer'],
      idempotent: true,
      summary: "Void the dealer's own redemption within its void window (Idempotency-Key header)",
      description:
        "Dealer only, until the dealer's midnight of the redemption's day; later, 409 with closesAt (an admin refund).",
      tags: ['Redemptions'],
      body: voidBodySchema,
      ok: { 200: obj({ creditRedemption: obj() }) },
      errors: [401, 403, 404, 409, 415, 422],
    }),
  },
  '/api/{role}/redeem': {
    post: op('/api/{role}/redeem', {
      roles: ['dealer', 'admin'],
      idempotent: true,
      summary: "Redeem a rider's dealer credit with the rider's PIN (Idempotency-Key header)",
      description: 'Dealer (at its own dealership) or admin (with dealerId).',
      tags: ['Redemptions'],
      body: redeemApiSchema,
      ok: {
        200: obj({
          redemption: obj({
            id: z.number().int(),
            code: z.string().describe("The receipt number, as every screen shows it: '#00H'."),
            remainingCents: z.number().int().nullable(),
          }),
          code: z.string().describe("The receipt number, '#00H'."),
        }),
      },
      errors: [401, 403, 404, 415, 422, 429],
    }),
  },

  '/api/{role}/rider/{riderId}': {
    get: op('/api/{role}/rider/{riderId}', {
      roles: ['rider', 'admin', 'dealer'],
      summary: 'One rider (a rider themself, an admin anyone, a dealer at the counter)',
      tags: ['Riders'],
      ok: { 200: obj({ rider: obj() }) },
      errors: [401, 403, 404],
    }),
    put: op('/api/{role}/rider/{riderId}', {
      roles: ['rider', 'admin', 'dealer'],
      summary: "Change a rider's profile (fields not sent are kept)",
      tags: ['Riders'],
      body: withoutIntent(riderProfileSchema).partial(),
      ok: { 200: obj({ rider: obj().nullable() }) },
      errors: [401, 403, 404, 409, 415],
    }),
  },
  '/api/{role}/riders': {
    get: op('/api/{role}/riders', {
      roles: ['admin', 'dealer'],
      summary: "Riders: an admin's list with filters, or the dealer counter's search (q)",
      tags: ['Riders'],
      query: withoutIntent(riderFilterSchema).merge(riderSearchSchema),
      ok: { 200: obj({ riders: rows() }) },
      errors: [401, 403],
    }),
  },
  '/api/{role}/riders-lean': {
    get: op('/api/{role}/riders-lean', {
      roles: ['admin'],
      summary: 'Id and name of matching riders, for pickers',
      description: admin,
      tags: ['Riders'],
      query: riderFilterSchema,
      ok: { 200: obj({ riders: rows(), pagination }) },
      errors: [401, 403],
    }),
  },
  '/api/rider/rider/{riderId}/upload-id-files': {
    post: op('/api/rider/rider/{riderId}/upload-id-files', {
      summary: "The rider's own ID files (png or jpg, up to 10MB each)",
      tags: ['Riders'],
      requestBody: multipart({
        kind: z.enum(['idFile', 'driversLicence', 'w9']).optional(),
        file: fileField,
      }),
      ok: { 201: obj({ documents: rows() }) },
      errors: [401, 403, 413, 415],
    }),
  },
  '/api/admin/riders-merge': {
    post: op('/api/admin/riders-merge', {
      summary: 'Merge two accounts of one rider',
      tags: ['Riders'],
      body: riderMergeApiSchema,
      ok: { 200: obj({ merged: obj() }) },
      errors: [401, 403, 409, 415],
    }),
  },
  '/api/admin/rider/{riderId}/remove-races': {
    delete: op('/api/admin/rider/{riderId}/remove-races', {
      summary: "Remove races from a rider's record (resultIds, or all)",
      tags: ['Riders'],
      body: removeRacesApiSchema,
      ok: { 200: obj({ removed: obj() }) },
      errors: [401, 403, 404, 409, 415],
    }),
  },
  '/api/admin/rider/{riderId}/timecard': {
    post: op('/api/admin/rider/{riderId}/timecard', {
      summary: "File a rider's timecard (png or jpg up to 10MB)",
      tags: ['Riders'],
      requestBody: multipart({ file: fileField }),
      ok: { 201: obj({ document: obj() }) },
      errors: [401, 403, 404, 413, 415],
    }),
  },
  '/api/admin/rider/{riderId}/timecard/{file}': {
    delete: op('/api/admin/rider/{riderId}/timecard/{file}', {
      summary: "Remove a rider's timecard (stored file name or document id)",
      tags: ['Riders'],
      ok: { 200: deleted },
      errors: [401, 403, 404],
    }),
  },
  '/api/admin/riders/send-expire-mail': {
    post: op('/api/admin/riders/send-expire-mail', {
      summary: 'Mail riders whose dealer credit expires within 30 days',
      tags: ['Riders'],
      ok: { 200: obj({ sent: z.unknown() }) },
      errors: [401, 403],
    }),
  },
  '/api/admin/rider/{riderId}/mark-factory': {
    post: op('/api/admin/rider/{riderId}/mark-factory', {
      summary: 'Mark a rider as factory (or unmark with factory: false)',
      tags: ['Riders'],
      body: markFactorySchema,
      ok: { 200: obj({ rider: obj({ _id: z.number().int(), factory: z.boolean().optional() }) }) },
      errors: [401, 403, 404, 415],
    }),
  },
  '/api/admin/result-claims': {
    get: op('/api/admin/result-claims', {
      summary: 'Every result claim, pending first',
      tags: ['Riders'],
      ok: { 200: obj({ claims: rows() }) },
      errors: [401, 403],
    }),
  },
  '/api/admin/result-claim/{claimId}': {
    get: op('/api/admin/result-claim/{claimId}', {
      summary: 'One result claim',
      tags: ['Riders'],
      ok: { 200: obj({ claim: obj() }) },
      errors: [401, 403, 404],
    }),
    post: op('/api/admin/result-claim/{claimId}', {
      summary: 'Approve or refuse a result claim',
      tags: ['Riders'],
      body: claimDecisionApiSchema,
      ok: { 200: obj({ claim: obj() }) },
      errors: [401, 403, 404, 409, 415],
    }),
  },
};
