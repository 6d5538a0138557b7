/**
 * Column sets that several lists select alike (spread them into a drizzle `select`), so a list
 * names only what it adds.
 */
import { awards, eventClasses, events, results } from '#db/schema';

/**
 * A result as the lists of results show it: its event, class, place and how it was placed. Use in
 * a select over `results` joined to `events` and `event_classes`.
 */
export const resultLineColumns = {
  eventId: events.id,
  eventTitle: events.title,
  date: events.date,
  className: eventClasses.name,
  place: results.place,
  resultType: results.resultType,
};

/** An award's kind, amounts and state, as the award lists show them (a select over `awards`). */
export const awardAmountColumns = {
  type: awards.type,
  payoutType: awards.payoutType,
  currency: awards.currency,
  initialCents: awards.initialCents,
  currentCents: awards.currentCents,
  status: awards.status,
  awardedAt: awards.awardedAt,
};
