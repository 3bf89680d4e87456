/** Saving the event's bid-proposal percentages (./bid-proposal.ts) in its meta. */
import { eventSettings, saveEventSettings } from "~/events/event-settings.server";
import { bidProposalSettings, type BidProposalSettings } from "./bid-proposal";

export async function eventBidProposal(eventId: number): Promise<BidProposalSettings> {
  return bidProposalSettings((await eventSettings(eventId)).meta);
}

export async function saveBidProposal(eventId: number, settings: BidProposalSettings): Promise<void> {
  const current = await eventSettings(eventId);
  await saveEventSettings(eventId, { meta: { ...current.meta, bid_proposal: settings } });
}
