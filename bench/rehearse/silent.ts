/**
 * The silent auction: bidders' phones hold the board's live stream open (/inroombid/stream) and bid from what it
 * shows: the next minimum, a maximum left to bid for them, buy now. A bid takes the bidder page's two posts, "review"
 * (answering the confirmation and its key) then "place". A phone without JavaScript loads the item's page first and
 * posts documents. Each stream notes when each item's deltas arrive, for the delay from a bid's answer to the others'
 * screens.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { readServerSentEvents } from "../support/server-sent-events";
import { sleep } from "../support/stats";
import { fieldIn, redirected, refusedByRule, type Guest, type Night } from "./night";
import type { Answer } from "./browser";
import type { LiveItem } from "~/bidding/live-item";

/** What the phones know of the board, as its stream tells them. */
export type Board = Map<number, LiveItem>;

export interface Stream {
  owner: number;
  /** performance.now() when its snapshot arrived: deltas before it are not this phone's to see. */
  openedAt: number;
  /** Per item, when each of its deltas arrived (performance.now()). */
  arrivals: Map<number, number[]>;
  /** The phone loses its network for `ms`: the connection is cut, and opened again once it is back (--chaos). */
  drop(ms: number): void;
  /** Whether the connection is lost (until a snapshot arrives again). */
  lost(): boolean;
  /** The phone leaves the page: the stream is closed for good. */
  close(): void;
}

const streamAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const SNAPSHOT_WITHIN_MS = 10_000;

/**
 * Opens the board's stream for a phone; resolves once its snapshot arrived (or null if the app refused it). Then, as
 * the app's client does (app/realtime/use-live-stream.ts), a connection lost (the process died, the network dropped)
 * or a message missed (a jump in seq) is opened again within a second, for a fresh snapshot.
 */
function openStream(night: Night, guest: Guest, board: Board): Promise<Stream | null> {
  const url = `${night.stage.app.url}/inroombid/stream?id=${night.gala.eventId}`;
  let request: http.ClientRequest | null = null;
  let closed = false;
  let offlineUntil = 0;
  /** performance.now() when the connection was lost, until a snapshot arrives again. */
  let lostAt: number | null = null;
  const stream: Stream = {
    owner: guest.usrId,
    openedAt: Infinity,
    arrivals: new Map(),
    drop(ms) {
      offlineUntil = performance.now() + ms;
      request?.destroy();
    },
    lost: () => lostAt !== null,
    close() {
      closed = true;
      request?.destroy();
    },
  };
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: Stream | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    const connect = () => {
      const started = performance.now();
      let lastSeq = 0;
      let ended = false;
      /** This connection is over: opened again after a pause (when it had opened before), or the phone gives up. */
      const lost = () => {
        if (ended) return;
        ended = true;
        clearTimeout(unsynced);
        request?.destroy();
        if (!settled) return settle(null);
        if (closed) return;
        lostAt ??= performance.now();
        const pause = Math.max(offlineUntil - performance.now(), 0) + 500 + Math.random() * 500;
        setTimeout(() => !closed && connect(), pause);
      };
      // Open without a snapshot (the server could not read the board, e.g. while PostgreSQL restarts): the app's
      // client opens it again rather than wait for good, and so does the phone here.
      const unsynced = setTimeout(() => {
        night.tally.error("stream: no snapshot within 10 s", guest.email);
        lost();
      }, SNAPSHOT_WITHIN_MS);
      const current = http.get(url, { agent: streamAgent }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          night.tally.record(settled ? "stream: open again" : "stream: open", "error", performance.now() - started);
          night.tally.error(`stream: open: ${response.statusCode}`, guest.email);
          return lost();
        }
        readServerSentEvents(response, (event, data, at) => {
          const message = JSON.parse(data) as { seq?: number; data: unknown };
          if (event === "snapshot") {
            clearTimeout(unsynced);
            lastSeq = message.seq ?? 0;
            for (const item of message.data as LiveItem[]) board.set(item.id, item);
            if (!settled) {
              night.tally.record("stream: open", "ok", at - started);
              stream.openedAt = at;
            } else if (lostAt !== null) {
              // Lost until now: the time from the drop to the board shown again.
              night.tally.record("stream: open again", "ok", at - lostAt);
            }
            lostAt = null;
            settle(stream);
          } else if (event === "delta") {
            if (message.seq !== undefined && message.seq !== lastSeq + 1) return lost();
            lastSeq = message.seq ?? lastSeq;
            const item = message.data as LiveItem;
            board.set(item.id, item);
            const list = stream.arrivals.get(item.id) ?? [];
            list.push(at);
            stream.arrivals.set(item.id, list);
          }
        });
        response.on("error", lost);
        response.on("close", lost);
      });
      request = current;
      current.on("error", (error) => {
        if (!settled) night.tally.error("stream: open: network", String(error));
        lost();
      });
    };
    connect();
  });
}

/**
 * A review a phone without JavaScript sent as the item closed: the review was taken, and the page it comes back to
 * says bidding has closed instead of asking to confirm. The guest is told; it is the close, not a failure.
 */
const closedOnThePage = (answer: Answer) => answer.status === 200 && answer.text.includes("bid-panel--closed");

/** The confirmation's key in the review's answer (a page's hidden field, or single fetch's data). */
const reviewKey = (text: string) => fieldIn(text, "key") ?? /"key","([0-9a-f-]{36})"/.exec(text)?.[1] ?? null;

export interface PlacedBid {
  usrId: number;
  sentAt: number;
  answeredAt: number;
  itemId: number;
}

/**
 * One bid from a guest's phone, reviewed then placed; `kind` names it in the report. Answers the placed bid when the
 * app acknowledged it.
 */
export async function bidFromPhone(
  night: Night,
  guest: Guest,
  itemId: number,
  kind: string,
  fields: { amount?: number; maximum?: number; buyNow?: boolean },
): Promise<PlacedBid | null> {
  const address = `/inroombid?id=${night.gala.eventId}&item=${itemId}`;
  const money = (cents: number | undefined) => (cents === undefined ? "" : (cents / 100).toFixed(2));
  const post = (values: Record<string, string>) =>
    guest.noScript ? guest.phone.postDocument(address, values) : guest.phone.postData(address, values);
  const values = { amount: money(fields.amount), maximum: money(fields.maximum) };
  const review = await post({ intent: fields.buyNow ? "review_buy_now" : "review", ...values, key: "" });
  const refusedOrClosed = (answer: Answer) => refusedByRule(answer) || closedOnThePage(answer);
  if (
    night.judge(`${kind}: review`, review, (a) => a.status === 200 && reviewKey(a.text) !== null, refusedOrClosed) !==
    "ok"
  )
    return null;
  const key = reviewKey(review.text)!;
  const sentAt = performance.now();
  const placed = await post({ intent: fields.buyNow ? "buy_now" : "place", ...values, key });
  if (night.judge(kind, placed, redirected, refusedByRule) !== "ok") return null;
  night.acknowledged.bids.push({
    usrId: guest.usrId,
    key,
    itemId,
    amount: fields.amount ?? null,
    buyNow: fields.buyNow ?? false,
  });
  return { usrId: guest.usrId, sentAt, answeredAt: sentAt + placed.ms, itemId };
}

/**
 * The silent auction from minute 5 to its close: every guest with a paddle bids about every `everyMinutes` minutes
 * of the evening; four in five hold the board's stream open. Answers once the auction has closed.
 */
export async function silentAuction(night: Night, board: Board, { everyMinutes = 5 } = {}) {
  const { random, gala } = night;
  const closesAt = gala.silentClosesAt.getTime();
  const { streams } = night;
  const placed: PlacedBid[] = [];
  const silentIds = new Set(gala.silent.map((item) => item.id));
  // The room's screen: a stream open all evening, whatever the phones do, so the board (and its close) is known.
  const screen = await openStream(night, night.guests[0], board);
  const bidders = night.guests.map(async (guest) => {
    await night.at(5 + random.below(500) / 100);
    // A guest still queuing at registration joins the bidding once they have their paddle.
    while (guest.paddle === null && Date.now() < closesAt) await night.at(night.minute() + 1);
    if (guest.paddle === null) return;
    if (!guest.noScript && random.chance(0.8)) {
      const stream = await openStream(night, guest, board);
      if (stream) streams.push(stream);
    }
    for (;;) {
      const wait = -Math.log(1 - random.below(1000) / 1000) * everyMinutes;
      await night.at(night.minute() + wait);
      if (Date.now() > closesAt - 500) return;
      const open = [...silentIds].filter((id) => {
        const item = board.get(id);
        return item && !item.closed && item.holders[0] !== guest.paddle;
      });
      if (open.length === 0) continue;
      const itemId = random.pick(open);
      const item = board.get(itemId)!;
      // A phone without JavaScript loads the item's page to see where it stands.
      if (guest.noScript) {
        const page = await guest.phone.get(`/inroombid?id=${gala.eventId}&item=${itemId}`);
        night.judge("silent: item page", page, (a) => a.status === 200);
      }
      const increment = gala.silent.find((entry) => entry.id === itemId)!.increment;
      let bid: PlacedBid | null;
      if (item.buyNowAvailable && item.buyNow !== null && random.chance(0.1))
        bid = await bidFromPhone(night, guest, itemId, "silent: buy now", { buyNow: true });
      else if (random.chance(0.2))
        bid = await bidFromPhone(night, guest, itemId, "silent: bid with a maximum", {
          amount: item.nextMinimum,
          maximum: item.nextMinimum + increment * (2 + random.below(4)),
        });
      else bid = await bidFromPhone(night, guest, itemId, "silent: bid", { amount: item.nextMinimum });
      if (bid) placed.push(bid);
    }
  });
  await Promise.all(bidders);
  // The close: the app's scheduler closes every item at the auction's end, within a second or two.
  while (Date.now() < closesAt + 15_000) {
    if ([...silentIds].every((id) => board.get(id)?.closed)) break;
    await sleep(250);
  }
  const stillOpen = [...silentIds].filter((id) => !board.get(id)?.closed).length;
  if (stillOpen > 0) night.tally.error("silent: items still open 15 s after the close", `${stillOpen} items`);
  for (const stream of streams) stream.close();
  screen?.close();
  night.log(`  silent auction closed: ${placed.length} bids acknowledged, ${streams.length} phones streaming`);
  return { streamDelays: streamDelays(streams, placed), streams: streams.length };
}

/**
 * For each acknowledged bid, on each other bidder's stream open before it was sent, the first delta of its item to
 * arrive after the bid was sent, less the moment the bid's answer arrived (negative: the screens had it before the
 * bidder's own answer).
 */
function streamDelays(streams: Stream[], placed: PlacedBid[]) {
  const delays: number[] = [];
  for (const bid of placed) {
    for (const stream of streams) {
      if (stream.owner === bid.usrId || stream.openedAt > bid.sentAt) continue;
      const arrival = stream.arrivals.get(bid.itemId)?.find((at) => at >= bid.sentAt);
      if (arrival !== undefined) delays.push(arrival - bid.answeredAt);
    }
  }
  return delays;
}
