import type { Talk } from '@/contract/talks';

/** Today as YYYY-MM-DD in UTC: the server draws the page again at midnight UTC, so the page and its takeover agree. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * Talks of today and later, the soonest first; earlier ones by year (the latest year first), the
 * latest first within a year. Calendar dates compare as text.
 */
export function splitTalks(talks: Talk[], today = todayUtc()): { upcoming: Talk[]; pastByYear: [string, Talk[]][] } {
  const byDate = [...talks].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const upcoming = byDate.filter((talk) => talk.date >= today);
  const years = new Map<string, Talk[]>();
  for (const talk of byDate.filter((talk) => talk.date < today).reverse())
    years.set(talk.date.slice(0, 4), [...(years.get(talk.date.slice(0, 4)) ?? []), talk]);
  return { upcoming, pastByYear: [...years.entries()] };
}
