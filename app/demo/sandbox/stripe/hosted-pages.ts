/**
 * The sandbox's hosted Checkout pages: a card form (save a card, or pay an amount), an authentication step for cards
 * that ask for it, and a closing page. Plain HTML forms, so a guest (and the browser tests) fill them in without
 * JavaScript. Every page says it is the demo's, that no money moves, and which test cards do what. `pages` is the path
 * they are served under (empty standalone, the app's mount in the demo).
 */
const escape = (value: unknown) =>
  String(value ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Demo payments</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
label{display:block;margin:.75rem 0 .25rem}input{font-size:1.1rem;padding:.5rem;width:100%;box-sizing:border-box}
button{font-size:1.1rem;padding:.6rem 1.2rem;margin-top:1rem}[role=alert]{color:#a40000;font-weight:600}
.demo{background:#fff4d6;border:2px solid #8a5a00;padding:.5rem .75rem;font-weight:600}
.cards{font-size:.95rem}.cards code{white-space:nowrap}</style>
</head><body><p class="demo">Demo: no real money. This is Gavel's sandbox card page; no card is charged.</p>${body}
<details class="cards"><summary>Test card numbers</summary><ul>
<li><code>4242 4242 4242 4242</code> pays</li>
<li><code>4000 0000 0000 0002</code> is declined</li>
<li><code>4000 0025 0000 3155</code> asks you to authenticate</li>
<li><code>4000 0000 0000 0341</code> saves, then every charge is declined</li>
</ul><p>Any future expiry such as 12 / 34, any CVC such as 123.</p></details></body></html>`;

function amountText(session: Record<string, unknown>) {
  const amount = session.amount_total as number | null;
  if (amount === null) return "";
  return new Intl.NumberFormat("en-US", { style: "currency", currency: String(session.currency) }).format(amount / 100);
}

export function cardPage(pages: string, session: Record<string, unknown> & { id: string }, error?: string) {
  const paying = session.mode !== "setup";
  const monthly = session.mode === "subscription" ? " a month" : "";
  const heading = paying ? `Pay ${amountText(session)}${monthly}` : "Save a card for later";
  return layout(
    heading,
    `<h1>${escape(heading)}</h1>
${error ? `<p role="alert">${escape(error)}</p>` : ""}
<form method="post" action="${escape(pages)}/pay/${escape(session.id)}">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">${paying ? `Pay ${escape(amountText(session))}${monthly}` : "Save card"}</button>
</form>
${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Cancel and go back</a></p>` : ""}`,
  );
}

export function authenticationPage(pages: string, session: { id: string }, number: string) {
  return layout(
    "Authenticate",
    `<h1>Your bank asks you to confirm</h1>
<form method="post" action="${escape(pages)}/pay/${escape(session.id)}/authenticate">
<input type="hidden" name="number" value="${escape(number)}">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail">Fail authentication</button>
</form>`,
  );
}

export const donePage = (message: string) => layout(message, `<h1>${escape(message)}</h1>`);
