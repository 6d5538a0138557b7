/** What an award was for, as one SQL column for award lists and mails. */
import { sql } from 'drizzle-orm';
import { awards, events } from '#db/schema';

/**
 * The award's event title; for a series-end (final standings) award, which has no event, its
 * series' name. Use in a select over `awards` left-joined to `events` on `awards.eventId`.
 */
export const awardSourceTitle = sql<
  string | null
>`coalesce(${events.title}, (SELECT s.name FROM series s WHERE s.id = ${awards.seriesId}))`;
