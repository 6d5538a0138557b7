import type { Currency } from './constants';

/** What an event list's row shows (`EventRow`), as the page's loader sends it (`eventCards`). */
export type EventCard = {
  id: number;
  title: string;
  date: string;
  startTime: string | null;
  venue: string | null;
  /** 'City, State' in the page's language. */
  place: string;
  cancelled: boolean;
  seriesId: number | null;
  seriesName: string | null;
  contingency: { currency: Currency; cents: number }[];
  distanceMiles?: number | null;
  hasResults?: boolean;
};
