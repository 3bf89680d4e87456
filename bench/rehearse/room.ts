/**
 * The room's moments: the live auction (the clerk's console at /live, floor bids typed by paddle and online bids from
 * phones), the paddle raise (a spotter entering pledges by level), raffle sales at the desk and the draw, and gifts on
 * /dp (by card on the sandbox's page, or on the bill).
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { answered, fieldIn, redirected, refusedByRule, type Guest, type Night } from "./night";
import { bidFromPhone } from "./silent";

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The guests in the room: checked in, with a paddle. */
function inTheRoom(night: Night): Guest[] {
  return night.guests.filter((guest) => guest.paddle !== null && guest.checkedIn);
}

/** The live auction between minutes `from` and `to`: each lot opened, bid on the floor and online, hammered. */
export async function liveAuction(night: Night, from: number, to: number) {
  const { random, gala, staff } = night;
  const consolePath = `/live?id=${gala.eventId}`;
  const perLot = (to - from) / gala.live.length;
  for (const [index, lot] of gala.live.entries()) {
    await night.at(from + index * perLot);
    const room = inTheRoom(night);
    if (room.length === 0) continue;
    const clerk = (intent: string, fields: Record<string, string> = {}) =>
      staff.clerk.postDocument(consolePath, { intent, lot: String(lot.id), ...fields });
    if (night.judge("live: open the lot", await clerk("open"), redirected, refusedByRule) !== "ok") continue;
    night.judge("live: online bidding on", await clerk("online_on"), redirected, refusedByRule);
    let next = lot.startingBid;
    const bids = 3 + random.below(5);
    for (let n = 0; n < bids; n++) {
      await night.at(from + index * perLot + ((n + 1) * perLot * 0.8) / (bids + 1));
      const guest = random.pick(room);
      if (random.chance(0.3)) {
        // Accepted or outbid meanwhile, the next bid goes higher.
        await bidFromPhone(night, guest, lot.id, "live: online bid", { amount: next });
        next += lot.increment;
      } else {
        const answer = await clerk("bid", { paddle: String(guest.paddle), amount: dollars(next) });
        if (night.judge("live: floor bid", answer, redirected, refusedByRule) === "ok") next += lot.increment;
      }
    }
    const hammer = await clerk("sold");
    if (night.judge("live: hammer", hammer, redirected, refusedByRule) === "ok") night.acknowledged.lotsSold += 1;
  }
  night.log(
    `  live auction: ${night.acknowledged.lotsSold} of ${gala.live.length} lots sold (minute ${night.minute().toFixed(0)})`,
  );
}

/**
 * --stations: two consoles take the pledges in turn through their queues; a console that is offline keeps taking them.
 * The pledge's key is its entry's key (the sync route records it under it).
 */
async function pledgesThroughQueues(
  night: Night,
  pledges: { paddle: number; amount: number }[],
  from: number,
  step: number,
) {
  const { gala } = night;
  const links = night.links!;
  const taken = pledges.map(async (pledge, index) => {
    await night.at(from + index * step);
    const link = index % 2 === 0 ? links.pledges1 : links.pledges2;
    const fields = {
      raise: String(gala.raiseId),
      paddle: String(pledge.paddle),
      level: String(pledge.amount),
      custom: "",
    };
    const started = performance.now();
    const synced = await link.take("pledge", fields);
    const outcome = synced.outcome === "done" ? "ok" : "refused";
    night.tally.record("paddle raise: pledge (queue)", outcome, performance.now() - started);
    if (synced.outcome === "done") night.acknowledged.pledges.push({ key: synced.key, ...pledge });
  });
  await Promise.all(taken);
  night.log(`  paddle raise: ${night.acknowledged.pledges.length} pledges (minute ${night.minute().toFixed(0)})`);
}

/** The paddle raise between minutes `from` and `to`: levels from the top, paddles raised at each. */
export async function paddleRaise(night: Night, from: number, to: number) {
  const { random, gala, staff } = night;
  const address = `/admin/bids/paddleraises?id=${gala.eventId}`;
  const room = inTheRoom(night);
  const pledges: { paddle: number; amount: number }[] = [];
  for (const [index, amount] of gala.raiseLevels.entries()) {
    // Fewer hands at the top: 1% of the room at the highest level, up to 25% at the lowest.
    const share = 0.01 + (0.24 * index) / Math.max(1, gala.raiseLevels.length - 1);
    const hands = Math.max(1, Math.round(room.length * share));
    for (const guest of random.shuffle([...room]).slice(0, hands)) pledges.push({ paddle: guest.paddle!, amount });
  }
  const step = (to - from) / Math.max(1, pledges.length);
  if (night.links) return pledgesThroughQueues(night, pledges, from, step);
  for (const [index, pledge] of pledges.entries()) {
    await night.at(from + index * step);
    const key = randomUUID();
    const fields = {
      intent: "pledge",
      raise: String(gala.raiseId),
      paddle: String(pledge.paddle),
      level: String(pledge.amount),
      custom: "",
      key,
    };
    const answer = await staff.spotter.postDocument(address, fields);
    if (night.judge("paddle raise: pledge", answer, redirected, refusedByRule) !== "ok") continue;
    night.acknowledged.pledges.push({ key, ...pledge });
    // The spotter's double tap: the same form again, one pledge.
    if (random.chance(0.05))
      night.judge(
        "paddle raise: pledge sent twice",
        await staff.spotter.postDocument(address, fields),
        redirected,
        refusedByRule,
      );
  }
  night.log(`  paddle raise: ${night.acknowledged.pledges.length} pledges (minute ${night.minute().toFixed(0)})`);
}

/** Raffle tickets sold at the desk from minute `from` to `to` to a third of the room; then the draw. */
export async function raffle(night: Night, from: number, to: number) {
  const { random, gala, staff } = night;
  const address = `/admin/bids/raffle?id=${gala.eventId}`;
  const buyers = night.guests.filter(() => random.chance(0.35));
  await Promise.all(
    buyers.map(async (guest) => {
      await night.at(from + (random.below(1000) / 1000) * (to - from));
      if (guest.paddle === null) return;
      const submission = randomUUID();
      const bundle = random.pick(gala.raffleBundles);
      const fields = { intent: "sell", bundle: String(bundle.id), paddle: String(guest.paddle), submission };
      const answer = await staff.raffle.postDocument(address, fields);
      if (night.judge("raffle: sell", answer, (a) => redirected(a) || answered(a), refusedByRule) !== "ok") return;
      night.acknowledged.raffleSales.push({ submission, paddle: guest.paddle });
      if (random.chance(0.05))
        night.judge(
          "raffle: sale sent twice",
          await staff.raffle.postDocument(address, fields),
          (a) => redirected(a) || answered(a),
          refusedByRule,
        );
    }),
  );
  await night.at(to);
  const draw = await staff.raffle.postDocument(address, { intent: "draw", prize: String(gala.rafflePrizeId) });
  night.judge("raffle: draw", draw, (a) => redirected(a) || answered(a), refusedByRule);
  night.log(`  raffle: ${night.acknowledged.raffleSales.length} sales, drawn (minute ${night.minute().toFixed(0)})`);
}

/**
 * Gifts on /dp between minutes `from` and `to`: a guest in six gives, by card (the sandbox's page) or on the bill.
 * A gift takes the page, its review and its confirmation.
 */
export async function donations(night: Night, from: number, to: number) {
  const { random, gala } = night;
  const address = `/dp?id=${gala.eventId}`;
  const givers = night.guests.filter(() => random.chance(1 / 6));
  await Promise.all(
    givers.map(async (guest) => {
      await night.at(from + (random.below(1000) / 1000) * (to - from));
      const page = await guest.phone.get(address);
      if (night.judge("gift: page", page, answered) !== "ok") return;
      const submission = fieldIn(page.text, "submission");
      if (!submission) return void night.tally.error("gift: no submission key on the page", page.text);
      const byCard = random.chance(0.6);
      const fields = {
        intent: "give",
        choice: String(random.pick(gala.gifts)),
        pay: byCard ? "card" : "invoice",
        submission,
      };
      const review = await guest.phone.postDocument(address, { ...fields, step: "review" });
      if (night.judge("gift: review", review, answered, refusedByRule) !== "ok") return;
      const confirm = await guest.phone.send("POST", address, { ...fields, step: "confirm" });
      if (
        night.judge(`gift: confirm (${byCard ? "card" : "on the bill"})`, confirm, redirected, refusedByRule) !== "ok"
      )
        return;
      if (!byCard || !confirm.location) return;
      const paid = await guest.phone.send("POST", confirm.location, {
        number: "4242424242424242",
        expiry: "12 / 34",
        cvc: "123",
      });
      if (night.judge("gift: the sandbox's card page", paid, redirected) !== "ok" || !paid.location) return;
      const back = await guest.phone.get(paid.location);
      if (night.judge("gift: back to the app", back, redirected) === "ok") night.acknowledged.cardGifts += 1;
    }),
  );
  night.log(
    `  gifts: ${givers.length} givers, ${night.acknowledged.cardGifts} paid by card (minute ${night.minute().toFixed(0)})`,
  );
}
