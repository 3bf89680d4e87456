/**
 * The live auction as the room sees it (client-safe): the lots in running order with their phase, the current lot
 * and the next one, the console's forms and its keyboard shortcuts. The server's side is live-lots.server.ts.
 */
import { z } from "zod";
import { MAX_ROW_ID } from "~/db/row-id";
import { amountAboveZero, moneyField, paddleNumber, rowId } from "~/forms/rules";

/** waiting: not opened yet; open: taking bids; sold / passed: hammered, locked. */
export type LotPhase = "waiting" | "open" | "sold" | "passed";

export interface LotWinner {
  unit: number;
  paddle: number | null;
  amount: number;
}

/** A lot as the projector and the monitors show it: nothing private (paddle numbers, never names). */
export interface RoomLot {
  id: number;
  lot: number | null;
  title: string;
  excerpt: string | null;
  image: string | null;
  value: number | null;
  phase: LotPhase;
  currentBid: number | null;
  /** The paddle holding the highest bid while the lot is open. */
  leader: number | null;
  winners: LotWinner[];
  onlineBidding: boolean;
}

export type LiveAction =
  "open" | "bid" | "sold" | "sold_twice" | "passed" | "undo" | "correct" | "online_on" | "online_off";

export interface ConsoleLot extends RoomLot {
  description: string | null;
  startingBid: number | null;
  increment: number | null;
  nextMinimum: number;
  winnerNames: (LotWinner & { name: string | null })[];
}

export interface LotBid {
  bidId: number;
  paddle: number | null;
  name: string | null;
  amount: number;
  status: string;
  /** "floor" when the clerk entered it, "online" from a guest, "auto" a maximum bidding for its holder. */
  source: "floor" | "online" | "auto";
  at: string;
}

export interface LogEntry {
  id: number;
  lotId: number;
  lot: number | null;
  action: LiveAction;
  paddle: number | null;
  amount: number | null;
  reason: string | null;
  by: string | null;
  undone: boolean;
  at: string;
}

/** What the room's screens show: the open (or last hammered) lot, and the one that follows. */
export interface LiveRoom {
  currency: string;
  current: RoomLot | null;
  next: RoomLot | null;
}

export const LOT_PHASE_LABELS: Record<LotPhase, string> = {
  waiting: "Waiting",
  open: "Open",
  sold: "Sold",
  passed: "Passed",
};

/** The console's keyboard shortcuts, listed on screen; the page listens for event.code with Alt. */
export const CONSOLE_SHORTCUTS = [
  { keys: "Enter", code: null, label: "Record the floor bid (paddle, Tab, amount, Enter)" },
  { keys: "Ctrl+Enter", code: null, label: "Record the bid and sell at it" },
  { keys: "Alt+S", code: "KeyS", label: "Sold to the highest bid" },
  { keys: "Alt+T", code: "KeyT", label: "Sold twice: the paddle typed wins a second one at the same price" },
  { keys: "Alt+P", code: "KeyP", label: "Passed (no sale)" },
  { keys: "Alt+Z", code: "KeyZ", label: "Undo the last entry" },
  { keys: "Alt+O", code: "KeyO", label: "Open the lot shown" },
  { keys: "Alt+N", code: "KeyN", label: "Show the next lot" },
  { keys: "Alt+B", code: "KeyB", label: "Online bidding on or off" },
] as const;

/** A floor bid (paddle, amount) or a bid sold at once ("sell"). */
/** The console's two forms, by the ids their replies carry: the floor entry (paddle, amount) and the lot's buttons. */
export const FLOOR_FORM = "floor";
export const LOT_ACTIONS_FORM = "lot-actions";

/** The console's posts: the floor entry's three buttons and the lot's buttons (the names the server answers to). */
export const LIVE_INTENT = {
  bid: "bid",
  sell: "sell",
  soldTwice: "sold_twice",
  undo: "undo",
  open: "open",
  sold: "sold",
  passed: "passed",
  onlineOn: "online_on",
  onlineOff: "online_off",
} as const;

/** The live bids screen's post: a lot's result corrected. */
export const LIVE_BIDS_INTENT = { correct: "correct" } as const;

export const floorBidSchema = z.object({
  lot: rowId,
  paddle: paddleNumber,
  amount: amountAboveZero("The amount", "Enter an amount above zero."),
});

/** Sold twice: a second paddle wins at the same price. */
export const soldTwiceSchema = z.object({ lot: rowId, paddle: paddleNumber });

/** Open, sold, passed, online on/off: just the lot. */
export const lotSchema = z.object({ lot: rowId });

export const CORRECTION_REASON_MAX = 500;

/** The correction dialog's own fields (the lot and unit travel as hidden fields). */
export const correctionFields = z.object({
  paddle: paddleNumber,
  amount: moneyField({ required: true, label: "The price" }),
  reason: z
    .string()
    .trim()
    .min(1, "Give the reason for the correction: it is kept in the log.")
    .max(CORRECTION_REASON_MAX, `The reason can be at most ${CORRECTION_REASON_MAX} characters.`)
    .default(""),
});

/** The dialog of a winner's correction on /admin/bids/livebids. */
export const correctionDialog = (lotId: number, unit: number) => `correct-${lotId}-${unit}`;

/** /admin/bids/livebids: a hammered lot's winning paddle or price corrected, with the reason kept in the log. */
export const correctionSchema = correctionFields.extend({
  lot: rowId,
  unit: z.coerce.number().int().positive().max(MAX_ROW_ID).default(1),
});

/** The line the projector shows for a hammered lot, e.g. "SOLD to paddle 142 for $5,000". */
export function hammerLine(lot: RoomLot, currency: string): string | null {
  const money = (cents: number) =>
    new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      maximumFractionDigits: cents % 100 === 0 ? 0 : 2,
      minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    }).format(cents / 100);
  if (lot.phase === "passed") return "PASSED";
  if (lot.phase !== "sold" || lot.winners.length === 0) return null;
  const paddles = lot.winners.map((winner) => (winner.paddle === null ? "a guest" : `paddle ${winner.paddle}`));
  const who = paddles.length === 1 ? paddles[0] : `${paddles.slice(0, -1).join(", ")} and ${paddles.at(-1)}`;
  return `SOLD to ${who} for ${money(lot.winners[0]!.amount)}`;
}
