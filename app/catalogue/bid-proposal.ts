/**
 * Starting bid and increment proposed from an item's fair market value (DOMAIN.md: a starting bid of about 40–50%
 * of value, an increment of about 5–10%, in whole units). The percentages are the event's (event.meta
 * bid_proposal), with these defaults; the organiser can always type other amounts on the item. Client-safe.
 */
import { z } from "zod";
import { percentage } from "~/forms/rules";

export type BidProposalSettings = { starting_bid_percent: number; increment_percent: number };

export const BID_PROPOSAL_DEFAULTS: BidProposalSettings = { starting_bid_percent: 40, increment_percent: 10 };

/** The event's percentages, read forgivingly from its meta: anything missing or out of range is the default. */
export function bidProposalSettings(meta: unknown): BidProposalSettings {
  const saved = (meta as { bid_proposal?: Partial<BidProposalSettings> } | null)?.bid_proposal ?? {};
  const percent = (value: unknown, fallback: number) =>
    typeof value === "number" && Number.isFinite(value) && value > 0 && value <= 100 ? value : fallback;
  return {
    starting_bid_percent: percent(saved.starting_bid_percent, BID_PROPOSAL_DEFAULTS.starting_bid_percent),
    increment_percent: percent(saved.increment_percent, BID_PROPOSAL_DEFAULTS.increment_percent),
  };
}

/** The proposed amounts in cents, rounded to whole units (at least one unit); nothing without a value. */
export function proposeBids(
  valueCents: number | null,
  settings: BidProposalSettings = BID_PROPOSAL_DEFAULTS,
): { starting_bid: number | null; increment: number | null } {
  if (valueCents === null || valueCents <= 0) return { starting_bid: null, increment: null };
  const wholeUnits = (cents: number) => Math.max(1, Math.round(cents / 100)) * 100;
  return {
    starting_bid: wholeUnits((valueCents * settings.starting_bid_percent) / 100),
    increment: wholeUnits((valueCents * settings.increment_percent) / 100),
  };
}

/** A share of the item's value: above 0 (from 0.1, in tenths) and at most all of it. */
const percent = (label: string) =>
  percentage({ min: 0.1, max: 100, places: 1 }, `${label}: a percentage between 1 and 100, such as 40.`);

/** The dialog that sets the event's percentages. */
export const bidProposalSchema = z.object({
  starting_bid_percent: percent("Starting bid"),
  increment_percent: percent("Increment"),
});
