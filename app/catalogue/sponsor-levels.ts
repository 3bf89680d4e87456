/**
 * Sponsor levels (sponsor.level): the named tiers organisers sell, from the top down. The column keeps the
 * name; wherever sponsors are listed (the sponsors screen, an event's sponsors) they are ordered by this rank, a
 * sponsor without a level last. Client-safe: the screen offers these in its selects.
 */
export const SPONSOR_LEVELS = [
  "Presenting",
  "Diamond",
  "Platinum",
  "Gold",
  "Silver",
  "Bronze",
  "Supporter",
  "In-kind",
] as const;

export type SponsorLevel = (typeof SPONSOR_LEVELS)[number];

/** 0 for the top tier; sponsors without a level (or with one not in the list) come after every tier. */
export function sponsorLevelRank(level: string | null | undefined): number {
  const rank = SPONSOR_LEVELS.indexOf(level as SponsorLevel);
  return rank === -1 ? SPONSOR_LEVELS.length : rank;
}
