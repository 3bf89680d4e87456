/**
 * A local, stateful stand-in for the part of Stripe's HTTP API that Gavel uses (docs/decisions/025-payments.md):
 * customers, Checkout Sessions (setup, payment and subscription mode) with hosted pages a browser fills in, SetupIntents,
 * PaymentMethods, off-session PaymentIntents, refunds, webhook endpoints, and signed webhooks posted to the app; each
 * charge and refund makes a balance transaction (Stripe's standard 2.9% + 30¢ fee on a charge), which a payout the
 * test asks for (payOut) takes to the bank, and both are listed as Stripe lists them (created[gte], payout, expand,
 * starting_after).
 * Idempotency-Key is honoured as Stripe does: the same key with the same parameters replays the first answer; with
 * other parameters it is refused. Each secret key is an account of its own. The official SDK talks to it through its
 * host/port/protocol options, so the app's code is the one that runs in production. It is the demo's payment sandbox
 * (docs/decisions/037-demo-sandbox.md), started inside the app with its hosted pages served at the app's own origin
 * (pagesUrl, handlePage), and the test suite's Stripe, started standalone.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { AUTHENTICATION_REQUIRED, cardBehaviour, cardBrand, DECLINED, type CardBehaviour } from "./cards";
import { parseStripeForm, strings, text, type FormObject } from "./form-body";
import { authenticationPage, cardPage, donePage } from "./hosted-pages";

type StripeObject = Record<string, unknown> & { id: string };

interface StoredCard {
  number: string;
  behaviour: CardBehaviour;
}

interface Account {
  /** A live key's account sends live events (livemode: true), as Stripe's live mode does. */
  live: boolean;
  objects: Map<string, StripeObject>;
  cards: Map<string, StoredCard>;
  idempotent: Map<string, { fingerprint: string; status: number; body: string }>;
  endpoints: Array<{ id: string; url: string; secret: string }>;
  events: StripeObject[];
}

export interface StripeSandbox {
  url: string;
  /** Every webhook event sent so far, oldest first, across accounts. */
  events(): StripeObject[];
  /** Posts an event again, as Stripe does when a delivery looked failed. */
  redeliver(eventId: string): Promise<void>;
  /**
   * Sends an event of the account of secretKey to its endpoints, signed with their secrets, about an object made up
   * by the test: what anyone holding that key could make Stripe send (an intent of their own whose metadata names
   * somebody else's payment). Answers the event once it was delivered.
   */
  sendEvent(secretKey: string, type: string, object: StripeObject): Promise<StripeObject>;
  /** Opens a dispute on a payment, as a cardholder's bank would. */
  dispute(paymentIntentId: string): Promise<void>;
  /**
   * Pays out every balance transaction not yet paid out, per account, as Stripe's automatic payouts do: one payout
   * per account arriving at `arrival`. Answers the payouts made.
   */
  payOut(arrival?: Date): StripeObject[];
  /** Charges a subscription's next month, as Stripe does on its billing date (an invoice.paid webhook). */
  renewSubscription(subscriptionId: string): Promise<void>;
  /** Requests seen (method and path), to prove a retry reached Stripe with the same key. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | undefined; replayed: boolean }>;
  /**
   * While set, the answers to the API requests it picks are lost, as in a network timeout: the request is still
   * carried out at "Stripe", and the caller never hears of it. Null stops it.
   */
  loseAnswersWhen(pick: ((path: string, form: FormObject) => boolean) | null): void;
  /**
   * While set, the answers to the API requests it picks are held back (the request is carried out at once), until
   * stallAnswersWhen(null) sends them: to kill the app's process while it waits for Stripe.
   */
  stallAnswersWhen(pick: ((path: string, form: FormObject) => boolean) | null): void;
  /** Holds webhooks back (true) until released (false), to order them against the app's own calls. */
  holdWebhooks(hold: boolean): void;
  /** Resolves once every webhook sent so far (and not held back) has been answered by its endpoints. */
  webhooksDelivered(): Promise<void>;
  /**
   * Answers a browser on a hosted page (a path starting /pay/), for a server that serves them at pagesUrl rather than
   * at url (the demo mounts them in the app).
   */
  handlePage(request: IncomingMessage, response: ServerResponse): void;
  close(): Promise<void>;
}

export interface StripeSandboxOptions {
  /** 0 (or none): any free port. */
  port?: number;
  host?: string;
  /** Where browsers reach the hosted pages (their /pay/… paths); the API's own address when unset. */
  pagesUrl?: string;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startStripeSandbox(options: StripeSandboxOptions = {}): Promise<StripeSandbox> {
  const accounts = new Map<string, Account>();
  const sessionsAccount = new Map<string, Account>();
  const requests: StripeSandbox["requests"] = [];
  // Per account, the balance transactions no payout has taken yet.
  const unpaid = new Map<Account, string[]>();
  let loseAnswer: ((path: string, form: FormObject) => boolean) | null = null;
  let stallAnswer: ((path: string, form: FormObject) => boolean) | null = null;
  let stalled: Array<() => void> = [];
  let baseUrl = "";
  let pagesUrl = "";
  let held: Array<() => Promise<void>> | null = null;
  // The webhooks on their way (waiting for their moment, or posted and not yet answered).
  const underway = new Set<Promise<void>>();
  const sendLater = (acct: Account, event: StripeObject) => {
    const sending = new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => deliver(acct, event));
    underway.add(sending);
    void sending.finally(() => underway.delete(sending));
  };

  const account = (key: string): Account => {
    let found = accounts.get(key);
    if (!found) {
      found = {
        live: key.startsWith("sk_live_"),
        objects: new Map(),
        cards: new Map(),
        idempotent: new Map(),
        endpoints: [],
        events: [],
      };
      accounts.set(key, found);
    }
    return found;
  };

  const eventOf = (acct: Account, type: string, object: StripeObject): StripeObject => ({
    id: newId("evt"),
    object: "event",
    type,
    created: now(),
    livemode: acct.live,
    api_version: "2026-10-28.endive",
    data: { object },
  });

  async function emit(acct: Account, type: string, object: StripeObject) {
    const event = eventOf(acct, type, object);
    acct.events.push(event);
    // Like Stripe, after the API answer: a webhook may come before or after the browser's redirect.
    if (held) held.push(() => deliver(acct, event));
    else sendLater(acct, event);
  }

  async function deliver(acct: Account, event: StripeObject) {
    const payload = JSON.stringify(event);
    for (const endpoint of acct.endpoints) {
      const timestamp = now();
      const signature = createHmac("sha256", endpoint.secret).update(`${timestamp}.${payload}`).digest("hex");
      await fetch(endpoint.url, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": `t=${timestamp},v1=${signature}` },
        body: payload,
      }).catch(() => undefined);
    }
  }

  function paymentMethodFor(acct: Account, number: string, customer: string | null): StripeObject {
    const pm: StripeObject = {
      id: newId("pm"),
      object: "payment_method",
      type: "card",
      customer,
      card: { brand: cardBrand(number), last4: number.slice(-4), exp_month: 12, exp_year: 2034 },
    };
    acct.objects.set(pm.id, pm);
    acct.cards.set(pm.id, { number, behaviour: cardBehaviour(number) });
    return pm;
  }

  function cardError(code: "card_declined" | "authentication_required", paymentIntent?: StripeObject) {
    return {
      status: 402,
      body: {
        error: {
          type: "card_error",
          code,
          decline_code: code === "card_declined" ? "generic_decline" : "authentication_required",
          message: code === "card_declined" ? DECLINED : AUTHENTICATION_REQUIRED,
          ...(paymentIntent ? { payment_intent: paymentIntent } : {}),
        },
      },
    };
  }

  const notFound = (id: string) => ({
    status: 404,
    body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such object: '${id}'` } },
  });
  const invalid = (message: string, param?: string) => ({
    status: 400,
    body: { error: { type: "invalid_request_error", message, param } },
  });

  type Answer = { status: number; body: unknown };

  function api(acct: Account, method: string, path: string, form: FormObject): Answer {
    const get = (id: string, object: string): Answer => {
      const found = acct.objects.get(id);
      return found && found.object === object ? { status: 200, body: found } : notFound(id);
    };
    let match: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/customers") {
      const customer: StripeObject = {
        id: newId("cus"),
        object: "customer",
        email: text(form, "email") ?? null,
        name: text(form, "name") ?? null,
        metadata: strings(form, "metadata"),
        invoice_settings: { default_payment_method: null },
      };
      acct.objects.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "GET" && (match = path.match(/^\/v1\/customers\/([\w]+)$/))) return get(match[1], "customer");
    if (method === "GET" && (match = path.match(/^\/v1\/payment_methods\/([\w]+)$/)))
      return get(match[1], "payment_method");
    if (method === "GET" && (match = path.match(/^\/v1\/setup_intents\/([\w]+)$/)))
      return get(match[1], "setup_intent");
    if (method === "GET" && (match = path.match(/^\/v1\/payment_intents\/([\w]+)$/)))
      return get(match[1], "payment_intent");
    if (method === "GET" && (match = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/))) {
      const session = acct.objects.get(match[1]);
      if (session && session.status === "open" && (session.expires_at as number) <= now()) session.status = "expired";
      return get(match[1], "checkout.session");
    }
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(acct, form);
    if (method === "POST" && (match = path.match(/^\/v1\/checkout\/sessions\/([\w]+)\/expire$/))) {
      const session = acct.objects.get(match[1]);
      if (!session || session.object !== "checkout.session") return notFound(match[1]);
      if (session.status !== "open") return invalid("Only Checkout Sessions with a status of open can be expired.");
      session.status = "expired";
      return { status: 200, body: session };
    }
    if (method === "GET" && path === "/v1/balance_transactions") return listBalanceTransactions(acct, form);
    if (method === "GET" && path === "/v1/payouts") return listed(acct, "payout", form, () => true);
    if (method === "POST" && path === "/v1/payment_intents") return createPaymentIntent(acct, form);
    if (method === "POST" && path === "/v1/refunds") return createRefund(acct, form);
    if (method === "POST" && path === "/v1/webhook_endpoints") {
      const url = text(form, "url");
      if (!url) return invalid("Missing required param: url.", "url");
      const endpoint = { id: newId("we"), url, secret: `whsec_${randomBytes(24).toString("hex")}` };
      acct.endpoints.push(endpoint);
      return { status: 200, body: { id: endpoint.id, object: "webhook_endpoint", url, secret: endpoint.secret } };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  function createSession(acct: Account, form: FormObject): Answer {
    const mode = text(form, "mode");
    if (mode !== "setup" && mode !== "payment" && mode !== "subscription")
      return invalid("mode must be setup, payment or subscription.", "mode");
    const successUrl = text(form, "success_url");
    if (!successUrl) return invalid("Missing required param: success_url.", "success_url");
    let amount = 0;
    let currency = (text(form, "currency") ?? "usd").toLowerCase();
    let interval: string | null = null;
    if (mode !== "setup") {
      const items = Array.isArray(form.line_items) ? (form.line_items as FormObject[]) : [];
      for (const item of items) {
        const price = (item.price_data ?? {}) as FormObject;
        const unit = Number(text(price, "unit_amount"));
        const quantity = Number(text(item, "quantity") ?? "1");
        if (!Number.isInteger(unit) || unit < 0) return invalid("Invalid integer: unit_amount.", "unit_amount");
        amount += unit * quantity;
        currency = (text(price, "currency") ?? currency).toLowerCase();
        interval = text((price.recurring ?? {}) as FormObject, "interval") ?? null;
      }
      if (mode === "subscription" && interval === null)
        return invalid("A subscription needs a recurring price (price_data[recurring][interval]).", "line_items");
      if (amount < 50) return invalid("The Checkout Session's total amount must be at least 50 cents.", "line_items");
    }
    const intentData = (form.payment_intent_data ?? form.subscription_data ?? {}) as FormObject;
    const session: StripeObject = {
      id: newId("cs_test"),
      object: "checkout.session",
      mode,
      status: "open",
      payment_status: mode === "setup" ? "no_payment_required" : "unpaid",
      customer: text(form, "customer") ?? null,
      customer_email: text(form, "customer_email") ?? null,
      success_url: successUrl,
      cancel_url: text(form, "cancel_url") ?? null,
      amount_total: mode === "setup" ? null : amount,
      recurring_interval: interval,
      subscription: null,
      currency,
      metadata: strings(form, "metadata"),
      payment_intent: null,
      setup_intent: null,
      client_reference_id: text(form, "client_reference_id") ?? null,
      setup_future_usage: text(intentData, "setup_future_usage") ?? null,
      intent_metadata: strings(intentData, "metadata"),
      description: text(intentData, "description") ?? null,
      expires_at: Number(text(form, "expires_at") ?? now() + 24 * 3600),
      url: "",
    };
    session.url = `${pagesUrl}/pay/${session.id}`;
    acct.objects.set(session.id, session);
    sessionsAccount.set(session.id, acct);
    return { status: 200, body: session };
  }

  function createPaymentIntent(acct: Account, form: FormObject): Answer {
    const amount = Number(text(form, "amount"));
    if (!Number.isInteger(amount) || amount < 50) return invalid("Amount must be at least 50 cents.", "amount");
    const pmId = text(form, "payment_method");
    const card = pmId ? acct.cards.get(pmId) : undefined;
    if (!pmId || !card) return notFound(pmId ?? "payment_method");
    const intent: StripeObject = {
      id: newId("pi"),
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency: (text(form, "currency") ?? "usd").toLowerCase(),
      customer: text(form, "customer") ?? null,
      payment_method: pmId,
      metadata: strings(form, "metadata"),
      description: text(form, "description") ?? null,
      status: "requires_payment_method",
      latest_charge: null,
      last_payment_error: null,
    };
    acct.objects.set(intent.id, intent);
    if (card.behaviour === "succeeds") {
      succeed(acct, intent);
      return { status: 200, body: intent };
    }
    const code = card.behaviour === "requires_authentication" ? "authentication_required" : "card_declined";
    intent.last_payment_error = { code, message: code === "card_declined" ? DECLINED : AUTHENTICATION_REQUIRED };
    void emit(acct, "payment_intent.payment_failed", intent);
    return cardError(code, intent);
  }

  function succeed(acct: Account, intent: StripeObject) {
    const charge: StripeObject = {
      id: newId("ch"),
      object: "charge",
      amount: intent.amount,
      amount_refunded: 0,
      payment_intent: intent.id,
      refunded: false,
    };
    acct.objects.set(charge.id, charge);
    const amount = intent.amount as number;
    charge.balance_transaction = balanceTransaction(acct, "charge", amount, Math.round(amount * 0.029) + 30, charge.id);
    Object.assign(intent, { status: "succeeded", amount_received: intent.amount, latest_charge: charge.id });
    void emit(acct, "payment_intent.succeeded", intent);
  }

  /** The account's balance moving: a charge's amount less its fee, or a refund's; unpaid until a payout. */
  function balanceTransaction(acct: Account, type: string, amount: number, fee: number, source: string): string {
    const txn: StripeObject = {
      id: newId("txn"),
      object: "balance_transaction",
      type,
      amount,
      fee,
      net: amount - fee,
      currency: "usd",
      created: now(),
      available_on: now() + 2 * 86_400,
      status: "pending",
      source,
    };
    acct.objects.set(txn.id, txn);
    unpaid.set(acct, [...(unpaid.get(acct) ?? []), txn.id]);
    return txn.id;
  }

  /**
   * A page of the account's objects of one kind, newest first, as Stripe's list endpoints answer: created[gte],
   * limit (10 unless said), starting_after, and has_more.
   */
  function listed(acct: Account, object: string, form: FormObject, keep: (found: StripeObject) => boolean): Answer {
    const created = form.created as FormObject | undefined;
    const since = created && typeof created.gte === "string" ? Number(created.gte) : 0;
    const all = [...acct.objects.values()]
      .filter((found) => found.object === object && (found.created as number) >= since && keep(found))
      .reverse();
    const after = text(form, "starting_after");
    const start = after ? all.findIndex((found) => found.id === after) + 1 : 0;
    const limit = Number(text(form, "limit") ?? 10);
    const data = all.slice(start, start + limit);
    return {
      status: 200,
      body: { object: "list", url: `/v1/${object}s`, has_more: start + limit < all.length, data },
    };
  }

  function listBalanceTransactions(acct: Account, form: FormObject): Answer {
    const payout = text(form, "payout");
    const answer = listed(acct, "balance_transaction", form, (txn) => !payout || txn.payout === payout);
    const expand = Array.isArray(form.expand) ? form.expand : [];
    if (!expand.includes("data.source")) return answer;
    const list = answer.body as { data: StripeObject[] };
    list.data = list.data.map((txn) => ({ ...txn, source: acct.objects.get(txn.source as string) ?? txn.source }));
    return answer;
  }

  function createRefund(acct: Account, form: FormObject): Answer {
    const intentId = text(form, "payment_intent") ?? "";
    const intent = acct.objects.get(intentId);
    if (!intent || intent.status !== "succeeded") return notFound(intentId);
    const charge = acct.objects.get(intent.latest_charge as string)!;
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    const amount = text(form, "amount") === undefined ? left : Number(text(form, "amount"));
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      return invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, "amount");
    const refund: StripeObject = {
      id: newId("re"),
      object: "refund",
      amount,
      payment_intent: intentId,
      charge: charge.id,
      status: "succeeded",
      reason: text(form, "reason") ?? null,
      metadata: strings(form, "metadata"),
    };
    acct.objects.set(refund.id, refund);
    refund.balance_transaction = balanceTransaction(acct, "refund", -amount, 0, refund.id);
    Object.assign(charge, {
      amount_refunded: (charge.amount_refunded as number) + amount,
      refunded: (charge.amount_refunded as number) + amount === charge.amount,
    });
    void emit(acct, "charge.refunded", { ...charge, refunds: { data: [refund] } });
    return { status: 200, body: refund };
  }

  /** The hosted page's card form was sent: save the card and/or pay, then send the browser back. */
  function completeSession(acct: Account, session: StripeObject, number: string): string {
    let customer = session.customer as string | null;
    if (!customer) {
      customer = newId("cus");
      acct.objects.set(customer, {
        id: customer,
        object: "customer",
        email: session.customer_email,
        metadata: {},
        invoice_settings: { default_payment_method: null },
      });
      session.customer = customer;
    }
    const pm = paymentMethodFor(acct, number, customer);
    if (session.mode === "setup") {
      const setup: StripeObject = {
        id: newId("seti"),
        object: "setup_intent",
        status: "succeeded",
        customer,
        payment_method: pm.id,
        metadata: session.metadata,
      };
      acct.objects.set(setup.id, setup);
      session.setup_intent = setup.id;
    } else if (session.mode === "subscription") {
      // The first month is charged as the subscription starts; later months are Stripe's business.
      const subscription: StripeObject = {
        id: newId("sub"),
        object: "subscription",
        status: "active",
        customer,
        default_payment_method: pm.id,
        metadata: session.intent_metadata,
        description: session.description,
        items: {
          data: [{ price: { unit_amount: session.amount_total, recurring: { interval: session.recurring_interval } } }],
        },
      };
      acct.objects.set(subscription.id, subscription);
      session.subscription = subscription.id;
      session.payment_status = "paid";
      void emit(acct, "customer.subscription.created", subscription);
      void emit(acct, "invoice.paid", subscriptionInvoice(subscription, "subscription_create"));
    } else {
      const intent: StripeObject = {
        id: newId("pi"),
        object: "payment_intent",
        amount: session.amount_total,
        currency: session.currency,
        customer,
        payment_method: pm.id,
        metadata: session.intent_metadata,
        description: session.description,
        status: "processing",
      };
      acct.objects.set(intent.id, intent);
      session.payment_intent = intent.id;
      succeed(acct, intent);
      session.payment_status = "paid";
    }
    session.status = "complete";
    void emit(acct, "checkout.session.completed", session);
    return (session.success_url as string).replace("{CHECKOUT_SESSION_ID}", session.id);
  }

  /** A paid invoice of a subscription, as Stripe's API version 2026-10-28 shapes it. */
  function subscriptionInvoice(subscription: StripeObject, reason: "subscription_create" | "subscription_cycle") {
    const items = subscription.items as { data: Array<{ price: { unit_amount: number } }> };
    return {
      id: newId("in"),
      object: "invoice",
      status: "paid",
      billing_reason: reason,
      customer: subscription.customer,
      amount_paid: items.data[0].price.unit_amount,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
    } satisfies StripeObject;
  }

  function failSession(acct: Account, session: StripeObject, message: string) {
    if (session.mode === "setup") return;
    void emit(acct, "checkout.session.async_payment_failed", { ...session, last_error: message });
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  const send = (response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, headers);
    response.end(body);
  };
  const html = (response: ServerResponse, status: number, body: string) =>
    send(response, status, body, { "content-type": "text/html; charset=utf-8" });

  async function hosted(request: IncomingMessage, response: ServerResponse, path: string) {
    const [, , sessionId, step] = path.split("/");
    const acct = sessionsAccount.get(sessionId);
    const session = acct?.objects.get(sessionId);
    if (!acct || !session) return html(response, 404, donePage("This payment page has expired."));
    if (session.status === "open" && (session.expires_at as number) <= now()) session.status = "expired";
    if (session.status === "expired") return html(response, 410, donePage("This payment page has expired."));
    if (session.status === "complete")
      return send(response, 303, "", {
        location: (session.success_url as string).replace("{CHECKOUT_SESSION_ID}", session.id),
      });
    const pages = new URL(pagesUrl).pathname.replace(/\/$/, "");
    if (request.method === "GET") return html(response, 200, cardPage(pages, session));
    const form = new URLSearchParams(await readBody(request));
    if (step === "authenticate") {
      const number = form.get("number") ?? "";
      if (form.get("outcome") !== "complete") {
        failSession(acct, session, "The card was not authenticated.");
        return html(response, 402, cardPage(pages, session, "We could not authenticate your card. Try another card."));
      }
      return send(response, 303, "", { location: completeSession(acct, session, number) });
    }
    const number = (form.get("number") ?? "").replace(/\s+/g, "");
    if (!/^\d{13,19}$/.test(number))
      return html(response, 400, cardPage(pages, session, "Your card number is incomplete."));
    const behaviour = cardBehaviour(number);
    if (behaviour === "declines") {
      failSession(acct, session, DECLINED);
      return html(response, 402, cardPage(pages, session, DECLINED));
    }
    if (behaviour === "requires_authentication") return html(response, 200, authenticationPage(pages, session, number));
    return send(response, 303, "", { location: completeSession(acct, session, number) });
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://fake");
      if (url.pathname.startsWith("/pay/")) return hosted(request, response, url.pathname);
      if (url.pathname === "/health") return send(response, 200, "ok");
      const auth = request.headers.authorization ?? "";
      const key = auth.replace(/^Bearer\s+/i, "");
      if (!/^sk_(test|live)_\w+$/.test(key))
        return send(
          response,
          401,
          JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided." } }),
          { "content-type": "application/json" },
        );
      const acct = account(key);
      const body = request.method === "POST" ? await readBody(request) : "";
      // A list's filters come in the query string of a GET, a change's in the form body of a POST.
      const form = parseStripeForm(request.method === "POST" ? body : url.search.slice(1));
      const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
      const fingerprint = `${request.method} ${url.pathname} ${body}`;
      let answer: { status: number; body: string };
      let replayed = false;
      const earlier = idempotencyKey ? acct.idempotent.get(idempotencyKey) : undefined;
      if (earlier && earlier.fingerprint !== fingerprint) {
        answer = {
          status: 400,
          body: JSON.stringify({
            error: {
              type: "idempotency_error",
              message:
                "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            },
          }),
        };
      } else if (earlier) {
        answer = earlier;
        replayed = true;
      } else {
        const result = api(acct, request.method ?? "GET", url.pathname, form);
        answer = { status: result.status, body: JSON.stringify(result.body) };
        if (idempotencyKey && request.method === "POST")
          acct.idempotent.set(idempotencyKey, { fingerprint, ...answer });
      }
      requests.push({ method: request.method ?? "GET", path: url.pathname, idempotencyKey, replayed });
      if (stallAnswer?.(url.pathname, form)) await new Promise<void>((resolve) => stalled.push(resolve));
      if (loseAnswer?.(url.pathname, form)) {
        request.socket.destroy();
        return;
      }
      send(response, answer.status, answer.body, {
        "content-type": "application/json",
        "request-id": newId("req"),
        ...(replayed ? { "idempotent-replayed": "true" } : {}),
        ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
      });
    })().catch((error: unknown) => send(response, 500, JSON.stringify({ error: { message: String(error) } })));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  baseUrl = `http://${options.host ?? "127.0.0.1"}:${port}`;
  pagesUrl = (options.pagesUrl ?? baseUrl).replace(/\/$/, "");

  const allEvents = () => [...accounts.values()].flatMap((acct) => acct.events);
  return {
    url: baseUrl,
    requests,
    handlePage(request, response) {
      const path = new URL(request.url ?? "/", "http://sandbox").pathname;
      if (!path.startsWith("/pay/")) return send(response, 404, "Not found", { "content-type": "text/plain" });
      hosted(request, response, path).catch((error: unknown) => send(response, 500, String(error)));
    },
    events: () => allEvents().sort((a, b) => (a.created as number) - (b.created as number)),
    async redeliver(eventId) {
      for (const acct of accounts.values()) {
        const event = acct.events.find((candidate) => candidate.id === eventId);
        if (event) await deliver(acct, event);
      }
    },
    async sendEvent(secretKey, type, object) {
      const acct = account(secretKey);
      const event = eventOf(acct, type, object);
      acct.events.push(event);
      await deliver(acct, event);
      return event;
    },
    async dispute(paymentIntentId) {
      for (const acct of accounts.values()) {
        const intent = acct.objects.get(paymentIntentId);
        if (!intent) continue;
        const dispute: StripeObject = {
          id: newId("dp"),
          object: "dispute",
          amount: intent.amount,
          charge: intent.latest_charge,
          payment_intent: intent.id,
          reason: "fraudulent",
          status: "needs_response",
        };
        acct.objects.set(dispute.id, dispute);
        await emit(acct, "charge.dispute.created", dispute);
      }
    },
    payOut(arrival = new Date()) {
      const payouts: StripeObject[] = [];
      for (const [acct, ids] of unpaid) {
        if (ids.length === 0) continue;
        const payout: StripeObject = {
          id: newId("po"),
          object: "payout",
          amount: 0,
          currency: "usd",
          arrival_date: Math.floor(arrival.getTime() / 1000),
          created: now(),
          status: "paid",
          automatic: true,
        };
        for (const id of ids) {
          const txn = acct.objects.get(id)!;
          Object.assign(txn, { payout: payout.id, status: "available" });
          payout.amount = (payout.amount as number) + (txn.net as number);
        }
        acct.objects.set(payout.id, payout);
        // The payout's own transaction, listed with those it paid out, as Stripe lists it.
        const own = balanceTransaction(acct, "payout", -(payout.amount as number), 0, payout.id);
        Object.assign(acct.objects.get(own)!, { payout: payout.id, status: "available" });
        unpaid.set(acct, []);
        payouts.push(payout);
      }
      return payouts;
    },
    async renewSubscription(subscriptionId) {
      for (const acct of accounts.values()) {
        const subscription = acct.objects.get(subscriptionId);
        if (subscription) await emit(acct, "invoice.paid", subscriptionInvoice(subscription, "subscription_cycle"));
      }
    },
    stallAnswersWhen(pick) {
      stallAnswer = pick;
      if (pick) return;
      const release = stalled;
      stalled = [];
      for (const resolve of release) resolve();
    },
    holdWebhooks(hold) {
      if (hold) held ??= [];
      else if (held) {
        const release = held;
        held = null;
        for (const send of release) void send();
      }
    },
    async webhooksDelivered() {
      // A delivery can lead to another event (the app's answer to one webhook calling the API): until none is left.
      while (underway.size > 0) await Promise.all(underway);
    },
    loseAnswersWhen(pick) {
      loseAnswer = pick;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
