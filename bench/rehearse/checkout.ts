/**
 * Checkout, once the silent auction has closed: the organiser presses "charge all cards on file"; two desks work
 * through the guests at /admin/billing/winners, finding each by paddle, charging the card on file when there is one,
 * and taking cash or a check for the rest, a declined card included. A few forms are posted twice (a double click).
 */
import { performance } from "node:perf_hooks";
import { sleep } from "../support/stats";
import { answered, fieldIn, inTurn, redirected, refusedByRule, type Guest, type Night } from "./night";

/** What the desk's page shows of a guest's invoice: its id, what is owed now, the page's submission key. */
function invoiceOn(text: string) {
  const invoice = Number(fieldIn(text, "invoice"));
  if (!invoice) return null;
  const cashForm = text.slice(Math.max(0, text.indexOf('value="cash"')));
  const owedText = text.includes('value="cash"') ? fieldIn(cashForm, "amount") : null;
  const submission = fieldIn(text, "submission")?.replace(/-(cash|check)$/, "") ?? null;
  const owed = owedText ? Math.round(Number(owedText.replace(/,/g, "")) * 100) : 0;
  const charging = /is being charged to the card on file/.test(text);
  const card = /name="intent" value="charge"/.test(text);
  return { invoice, owed, submission, charging, card };
}

async function serve(night: Night, desk: "desk1" | "desk2", guest: Guest) {
  const { gala, staff, random } = night;
  const browser = staff[desk];
  const address = `/admin/billing/winners?id=${gala.eventId}`;
  const started = performance.now();
  const found = await browser.get(`${address}&q=${guest.paddle}`);
  if (night.judge("desk: find by paddle", found, answered) !== "ok") return false;
  let page = found;
  if (!fieldIn(page.text, "invoice")) {
    const guestId = /[?&;]guest=(\d+)/.exec(page.text)?.[1];
    if (!guestId) return false; // owes nothing: no invoice to settle
    page = await browser.get(`${address}&guest=${guestId}`);
    if (night.judge("desk: open the invoice", page, answered) !== "ok") return false;
  }
  let declined = false;
  for (let step = 0; step < 6; step++) {
    const shown = invoiceOn(page.text);
    if (!shown || (shown.owed === 0 && !shown.charging)) break;
    if (shown.charging) {
      // Charge all is charging this card right now: its answer comes in a moment.
      await sleep(200);
    } else if (shown.card && !declined && random.chance(0.9)) {
      const answer = await browser.postDocument(address, {
        intent: "charge",
        invoice: String(shown.invoice),
        amount: "",
      });
      const outcome = night.judge("desk: charge the card on file", answer, redirected, refusedByRule);
      if (outcome !== "ok") declined = true;
    } else {
      const method = random.chance(0.7) ? "cash" : "check";
      const submission = `${shown.submission}-${method}`;
      const fields: Record<string, string> = {
        intent: method,
        invoice: String(shown.invoice),
        amount: (shown.owed / 100).toFixed(2),
        submission,
        ...(method === "check" ? { check_number: String(1000 + random.below(9000)) } : {}),
      };
      const answer = await browser.postDocument(address, fields);
      if (night.judge(`desk: take ${method}`, answer, redirected, refusedByRule) === "ok")
        night.acknowledged.deskPayments.set(submission, { amount: shown.owed, method });
      if (random.chance(0.05))
        night.judge(
          `desk: ${method} form sent twice`,
          await browser.postDocument(address, fields),
          redirected,
          refusedByRule,
        );
    }
    page = await browser.get(`${address}&guest=${shown.invoice}`);
    if (night.judge("desk: open the invoice", page, answered) !== "ok") return false;
  }
  night.tally.record("desk: a guest checked out", "ok", performance.now() - started);
  return true;
}

/** Checkout from now: answers how many guests the desks saw and the minutes it took. */
export async function checkout(night: Night) {
  const { gala, staff } = night;
  const started = performance.now();
  const address = `/admin/billing/winners?id=${gala.eventId}`;
  const all = await staff.organiser.postDocument(address, { intent: "charge-all" });
  night.judge("checkout: charge all cards on file", all, redirected, refusedByRule);
  // The desks take the guests without a card first, while charge all works through the cards.
  const queue = night.guests
    .filter((guest) => guest.paddle !== null)
    .sort((a, b) => Number(a.card !== null) - Number(b.card !== null));
  let served = 0;
  let desk = 0;
  await inTurn(
    queue.map((guest) => ({ guest, desk: (desk++ % 2 === 0 ? "desk1" : "desk2") as "desk1" | "desk2" })),
    2,
    async ({ guest, desk: which }) => {
      if (await serve(night, which, guest)) served += 1;
    },
  );
  const minutes = (performance.now() - started) / 60_000;
  night.log(`  checkout: ${served} guests at the desks in ${(minutes * 60).toFixed(1)} s`);
  return { guests: served, seconds: minutes * 60, perMinute: minutes > 0 ? served / minutes : 0 };
}
