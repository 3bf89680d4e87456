/**
 * The fake's hosted Checkout pages: a card form (save a card, or pay an amount), an authentication step for cards
 * that ask for it, and a closing page. Plain HTML forms, so the browser tests fill them in as a guest would.
 */
const escape = (value: unknown) =>
  String(value ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Test payments</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
label{display:block;margin:.75rem 0 .25rem}input{font-size:1.1rem;padding:.5rem;width:100%;box-sizing:border-box}
button{font-size:1.1rem;padding:.6rem 1.2rem;margin-top:1rem}[role=alert]{color:#a40000;font-weight:600}</style>
</head><body><p>Test mode: no real card is charged.</p>${body}</body></html>`;

function amountText(session: Record<string, unknown>) {
  const amount = session.amount_total as number | null;
  if (amount === null) return "";
  return new Intl.NumberFormat("en-US", { style: "currency", currency: String(session.currency) }).format(amount / 100);
}

export function cardPage(session: Record<string, unknown> & { id: string }, error?: string) {
  const paying = session.mode !== "setup";
  const monthly = session.mode === "subscription" ? " a month" : "";
  const heading = paying ? `Pay ${amountText(session)}${monthly}` : "Save a card for later";
  return layout(
    heading,
    `<h1>${escape(heading)}</h1>
${error ? `<p role="alert">${escape(error)}</p>` : ""}
<form method="post" action="/pay/${escape(session.id)}">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">${paying ? `Pay ${escape(amountText(session))}${monthly}` : "Save card"}</button>
</form>
${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Cancel and go back</a></p>` : ""}`,
  );
}

export function authenticationPage(session: { id: string }, number: string) {
  return layout(
    "Authenticate",
    `<h1>Your bank asks you to confirm</h1>
<form method="post" action="/pay/${escape(session.id)}/authenticate">
<input type="hidden" name="number" value="${escape(number)}">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail">Fail authentication</button>
</form>`,
  );
}

export const donePage = (message: string) => layout(message, `<h1>${escape(message)}</h1>`);
