/** Saving the event's bid-proposal percentages (./bid-proposal.ts) in its meta. */
import { z } from "zod";
import { eventSettings, saveEventSettings } from "~/events/event-settings.server";
import { bidProposalSettings, type BidProposalSettings } from "./bid-proposal";

const percent = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => /^\d{1,3}(\.\d)?$/.test(value) && Number(value) > 0 && Number(value) <= 100,
      `${label}: a percentage between 1 and 100, such as 40.`,
    )
    .transform(Number);

export const bidProposalSchema = z.object({
  starting_bid_percent: percent("Starting bid"),
  increment_percent: percent("Increment"),
});

export async function eventBidProposal(eventId: number): Promise<BidProposalSettings> {
  return bidProposalSettings((await eventSettings(eventId)).meta);
}

export async function saveBidProposal(eventId: number, settings: BidProposalSettings): Promise<void> {
  const current = await eventSettings(eventId);
  await saveEventSettings(eventId, { meta: { ...current.meta, bid_proposal: settings } });
}
