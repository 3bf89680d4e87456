/**
 * Where a bid's changes are published on the realtime bus, and the messages themselves: the item as the rooms see it,
 * the live auction's topic, and the bidders' notices in messages of a bounded size.
 */
import { publishAll, type RealtimeMessage } from "~/realtime/bus.server";
import { type rulesForItem } from "./auction-rules.server";
import { heldUnits, itemState, type BiddingRow } from "./item-records.server";
import { liveItem, type LiveItem } from "./live-item";
import type { BidNotice } from "./engine";
import type { Database, Transaction } from "~/db/connection.server";

export const eventTopic = (eventId: number) => `event:${eventId}`;
export const noticeTopic = (eventId: number) => `notices:${eventId}`;
/**
 * The live auction of an event: the clerk's console, the projector and the monitors follow it. Bids on live lots
 * (floor or online) are published here as well as on the event's topic; the console's changes as the room's state.
 */
export const liveTopic = (eventId: number) => `live:${eventId}`;

export async function currentLiveItem(
  tx: Transaction | Database,
  row: BiddingRow,
  rules: NonNullable<ReturnType<typeof rulesForItem>>,
) {
  const held = (await heldUnits(tx, row.event_id, [row.auction_item_id])).get(row.auction_item_id) ?? [];
  return liveItem(row.auction_item_id, itemState(row), rules, held);
}

export const itemMessage = (eventId: number, item: LiveItem): RealtimeMessage => ({
  topic: eventTopic(eventId),
  type: "item",
  data: item,
});

export async function publishItem(tx: Transaction, eventId: number, item: LiveItem) {
  await publishAll(tx, [itemMessage(eventId, item)]);
}

/** Notices per bus message: each is a few dozen bytes, so a message stays far below NOTIFY's 8,000-byte limit. */
const NOTICES_PER_MESSAGE = 100;

/**
 * Outbid, winning, extended and won, for the messaging capability and for the bidders' own pages: the notices of one
 * change in messages of a bounded size, since closing an item of many units tells each winner, and one message for
 * them all would exceed what NOTIFY carries.
 */
export function noticeMessages(eventId: number, itemId: number, notices: BidNotice[]): RealtimeMessage[] {
  const messages: RealtimeMessage[] = [];
  for (let start = 0; start < notices.length; start += NOTICES_PER_MESSAGE)
    messages.push({
      topic: noticeTopic(eventId),
      type: "notices",
      data: { itemId, notices: notices.slice(start, start + NOTICES_PER_MESSAGE) },
    });
  return messages;
}

export async function publishNotices(tx: Transaction, eventId: number, itemId: number, notices: BidNotice[]) {
  await publishAll(tx, noticeMessages(eventId, itemId, notices));
}
