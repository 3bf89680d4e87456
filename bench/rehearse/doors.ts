/**
 * Doors open: each guest registers on /register (a plain form post for a phone without JavaScript, single fetch for
 * one with it), joins the auction on /inroombid for their paddle, and is checked in at one of two stations, which find
 * them by email as the door's search does; a few are checked in at both stations at the same moment. Some guests
 * also save a card on file: /billing/card, the sandbox's card page, and back.
 */
import { performance } from "node:perf_hooks";
import { sleep } from "../support/stats";
import { answered, fieldIn, redirected, refusedByRule, type Guest, type Night } from "./night";

/** The ways a guest's registration can be seen through: the draft each step hands to the next. */
const draftIn = (text: string) => fieldIn(text, "draft") ?? /"(eyJ[A-Za-z0-9_-]{20,})"/.exec(text)?.[1] ?? null;

/** Registers the guest through the stepper's four steps; answers whether the registration was acknowledged. */
async function register(night: Night, guest: Guest): Promise<boolean> {
  const address = `/register?id=${night.gala.eventId}`;
  const [first, ...rest] = guest.name.split(" ");
  const last = rest.join(" ");
  const steps: Record<string, string>[] = [
    { step: "tickets", intent: "next", [`qty-${night.gala.ticketId}`]: "1" },
    { step: "buyer", intent: "next", first_name: first, last_name: last, email: guest.email },
    {
      step: "guests",
      intent: "next",
      "guest-0-first_name": first,
      "guest-0-last_name": last,
      "guest-0-email": guest.email,
    },
    { step: "payment", intent: "next", method: "pay_at_event" },
  ];
  let draft: string | null = null;
  for (const [index, fields] of steps.entries()) {
    const post = { ...fields, ...(draft ? { draft } : {}) };
    const last = index === steps.length - 1;
    const answer = guest.noScript
      ? await guest.phone.postDocument(address, post)
      : await guest.phone.postData(address, post);
    const kind = `register: ${fields.step}${guest.noScript ? " (no JavaScript)" : ""}`;
    if (night.judge(kind, answer, last ? (a) => redirected(a) || (guest.noScript && answered(a)) : answered) !== "ok")
      return false;
    draft = draftIn(answer.text);
    if (!last && !draft) {
      night.tally.error(`${kind}: no draft in the answer`, answer.text);
      return false;
    }
  }
  return true;
}

/**
 * The guest's phone joins the auction: the paddle registration gave them (matched by email) becomes theirs, named in
 * the page's toast. A page that failed to load after the join (--chaos) loses its toast, so the guest joins again,
 * which names the same paddle.
 */
async function join(night: Night, guest: Guest) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const answer = await guest.phone.postDocument(`/inroombid?id=${night.gala.eventId}`, { intent: "join" });
    if (night.judge("join the auction", answer, redirected) !== "ok") return;
    const paddle = /bidder number (\d+)/.exec(answer.text)?.[1];
    if (paddle) return void (guest.paddle = Number(paddle));
    night.tally.error("join the auction: no paddle on the page", answer.text);
  }
}

/**
 * --stations: the door checks the guest in through its queue. It finds the guest in the list it holds: a guest who
 * registered while the station was offline is not in it, and waits at the door until the network is back.
 */
async function checkInThroughQueue(night: Night, guest: Guest, station: "door1" | "door2") {
  const link = night.links![station];
  while (guest.registrantId === null || (link.down && (guest.listedAt ?? 0) > link.downSince)) await sleep(50);
  const started = performance.now();
  const synced = await link.take("in", { registrantId: String(guest.registrantId) });
  night.tally.record(
    "door: check in (queue)",
    synced.outcome === "refused" ? "error" : "ok",
    performance.now() - started,
  );
  if (synced.outcome === "done") night.acknowledged.checkIns.add(guest.registrantId);
  guest.checkedIn = true;
}

/** The doors' lists learn a guest who registered (their live refresh): by the first door station that is online. */
async function listGuest(night: Night, guest: Guest) {
  const links = night.links!;
  for (;;) {
    const station = !links.door1.down ? "door1" : !links.door2.down ? "door2" : null;
    if (station) {
      const found = await night.staff[station].get(
        `/admin/registration/checkinout?q=${encodeURIComponent(guest.email)}`,
      );
      const registrantId = Number(fieldIn(found.text, "registrantId"));
      if (registrantId) {
        guest.registrantId = registrantId;
        guest.listedAt = performance.now();
        return;
      }
    }
    await sleep(100);
  }
}

/** A door station finds the guest by email and checks them in. */
async function checkIn(night: Night, guest: Guest, station: "door1" | "door2") {
  if (night.links) return checkInThroughQueue(night, guest, station);
  const door = night.staff[station];
  const found = await door.get(`/admin/registration/checkinout?q=${encodeURIComponent(guest.email)}`);
  if (night.judge("door: find the guest", found, answered) !== "ok") return;
  const registrantId = Number(fieldIn(found.text, "registrantId"));
  if (!registrantId) {
    night.tally.error("door: guest not found", guest.email);
    return;
  }
  guest.registrantId = registrantId;
  const answer = await door.postData("/admin/registration/checkinout", {
    intent: "in",
    registrantId: String(registrantId),
  });
  const outcome = night.judge(
    "door: check in",
    answer,
    (a) => answered(a) && /"success"|"info"/.test(a.text),
    refusedByRule,
  );
  if (outcome === "ok" && /"success"/.test(answer.text)) {
    night.acknowledged.checkIns.add(registrantId);
    guest.checkedIn = true;
  } else if (outcome === "ok") guest.checkedIn = true;
}

/** Saves a card on file: the app's /billing/card sends the phone to the sandbox's card page, which sends it back. */
async function saveCard(night: Night, guest: Guest, card: "good" | "declining") {
  const back = `/inroombid?id=${night.gala.eventId}`;
  const start = await guest.phone.send(
    "POST",
    `/billing/card?id=${night.gala.eventId}&returnTo=${encodeURIComponent(back)}`,
    {},
  );
  if (night.judge("card: open the card page", start, redirected) !== "ok" || !start.location) return;
  const number = card === "good" ? "4242424242424242" : "4000000000000341";
  const page = await guest.phone.send("POST", start.location, { number, expiry: "12 / 34", cvc: "123" });
  if (night.judge("card: fill the sandbox's page", page, redirected) !== "ok" || !page.location) return;
  const home = await guest.phone.get(page.location);
  if (night.judge("card: back to the app", home, redirected) === "ok") guest.card = card;
}

/**
 * The doors, from minute 0: registrations over the first 10 minutes, each guest joining at once and checked in within
 * the next few; cards saved between minutes 10 and 40.
 */
export async function doorsOpen(night: Night) {
  const { random, guests } = night;
  const arrivals = guests.map(async (guest, index) => {
    await night.at(random.below(1000) / 100);
    if (!(await register(night, guest))) return;
    if (night.links) await listGuest(night, guest);
    await join(night, guest);
    await night.at(night.minute() + 1 + random.below(500) / 100);
    const station = index % 2 === 0 ? "door1" : "door2";
    // One guest in twenty is scanned at both stations at once (a couple's two tickets, a second try).
    if (random.chance(0.05)) await Promise.all([checkIn(night, guest, "door1"), checkIn(night, guest, "door2")]);
    else await checkIn(night, guest, station);
  });
  const cards = guests.map(async (guest) => {
    if (!random.chance(0.6)) return;
    const card = random.chance(0.15) ? "declining" : "good";
    await night.at(10 + random.below(3000) / 100);
    if (guest.paddle !== null) await saveCard(night, guest, card);
  });
  await Promise.all(arrivals);
  night.log(
    `  doors: ${guests.filter((guest) => guest.paddle !== null).length} registered with paddles, ${guests.filter((guest) => guest.checkedIn).length} checked in (minute ${night.minute().toFixed(0)})`,
  );
  return Promise.all(cards).then(() => {
    night.log(
      `  cards on file: ${guests.filter((guest) => guest.card).length} saved (minute ${night.minute().toFixed(0)})`,
    );
  });
}
