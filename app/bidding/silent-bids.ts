/**
 * What /admin/bids/silentbids shows: the rows its loader sends, and the names and fields of its staff actions.
 * Client-safe.
 */
import { z } from "zod";
import { requiredText, rowIdOr } from "~/forms/rules";
import { zonedDateTimeSchema } from "~/ui/zoned-time-schema";

/** One bid of the ledger, as staff read it. Amounts in cents; labels and times formatted on the server. */
export interface BidRow {
  bidId: number;
  itemId: number;
  lot: number | null;
  itemTitle: string;
  /** "silent" or "virtual". */
  itemType: string;
  bidder: string;
  paddle: number | null;
  email: string;
  amount: number;
  amountLabel: string;
  /** winning, outbid, won, lost or retracted (docs/bidding-rules.md). */
  status: string;
  autoBid: boolean;
  buyNow: boolean;
  /** The team member who bid for the guest at a bid station. */
  placedBy: string | null;
  /** "2026-11-23 19:04:05" in the event's time zone: what the CSV holds and the filter matches. */
  time: string;
  /** "Sat 23 Nov, 7:04:05 PM EST". */
  timeLabel: string;
  timeMs: number;
  retractReason: string | null;
  /** A plain bid still standing on an open item. */
  retractable: boolean;
}

/** One silent or virtual item, with its bidding state. */
export interface ItemSummaryRow {
  itemId: number;
  lot: number | null;
  title: string;
  type: string;
  itemStatus: string;
  currentBid: number | null;
  currentBidLabel: string | null;
  bidCount: number;
  /** Paddles holding a unit, highest first; the winners' once the item has closed. */
  holders: number[];
  /** The effective close (ISO): the auction's or category's time, moved by soft close or staff. */
  closesAt: string | null;
  closesLabel: string | null;
  closed: boolean;
  /** Its auction is on at the event (otherwise nobody can bid on it). */
  auctionOn: boolean;
  /** Why a closed item cannot reopen; null when it can (or is open). */
  reopenRefusal: string | null;
  /** What the extend and reopen forms offer first (ISO). */
  suggestedClose: string;
}

/** The silent bids screen's posts: an item closed now, its close moved, reopened; a bid retracted. */
export const SILENT_BIDS_INTENT = { close: "close", extend: "extend", reopen: "reopen", retract: "retract" } as const;

/** A staff action's dialog is named after its intent. */
export type StaffDialogName = (typeof SILENT_BIDS_INTENT)[keyof typeof SILENT_BIDS_INTENT];

/** The dialog of a staff action on an item or a bid, as posted in `dialog` and named in `?dialog=`. */
export const staffDialog = (intent: StaffDialogName, id: number) => `${intent}-${id}`;

export const RETRACT_REASON_MAX = 500;

/** The reason a bid is retracted, kept with the bid. */
export const retractReason = requiredText(
  RETRACT_REASON_MAX,
  "Give the reason for retracting this bid: it is kept with the bid.",
  `Keep the reason under ${RETRACT_REASON_MAX} characters.`,
);

/** The retract dialog's field, checked in the browser and by the action. */
export const retractFields = z.object({ reason: retractReason });

/** The extend and reopen dialogs' field; the action checks it against the clock and the item's close. */
export const closingTimeFields = z.object({ until: z.string().default("") });

const postedId = rowIdOr("This form is missing its item.");

/** Close an item now: the item is all it posts. */
export const closeItemSchema = z.object({ item_id: postedId });

/** Extend or reopen an item: its new closing time, read in the event's time zone, after `now`. */
export const closingTimeSchema = (timeZone: string, now: Date) =>
  z.object({
    item_id: postedId,
    until: zonedDateTimeSchema(timeZone, { required: "Choose the new closing time." }).refine(
      // A blank or unreadable time was already refused by the field's own rule.
      (until) => !(until instanceof Date) || until.getTime() > now.getTime(),
      "Choose a time in the future.",
    ),
  });

/** Retract a bid, with the reason kept beside it. */
export const retractSchema = z.object({ item_id: postedId, bid_id: postedId, reason: retractReason });

export const BID_STATUS_LABELS: Record<string, string> = {
  winning: "Winning",
  outbid: "Outbid",
  won: "Won",
  lost: "Lost",
  retracted: "Retracted",
};

export const AUCTION_TYPE_LABELS: Record<string, string> = { silent: "Silent", virtual: "Virtual" };

/** The two views of the screen, chosen with ?view=. */
export type SilentBidsView = "bids" | "items";
export const readSilentBidsView = (params: URLSearchParams): SilentBidsView =>
  params.get("view") === "items" ? "items" : "bids";
