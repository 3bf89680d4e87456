// Stripe answers 409 while another request with the same idempotency key is still being carried out. Through the
// official SDK (its own retries included), Gavel's provider must report that as "no answer yet", never as a refusal:
// a refusal marks the payment failed while the first request's charge goes through. The SDK reports a 409 as its
// StripeAPIError, which the provider maps to "no answer"; this holds that against an upgrade of either.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderRefusedError, ProviderUnavailableError } from "~/payments/provider";
import { stripeProvider } from "~/payments/stripe-provider.server";

let server: Server;
let url = "";
let answer = { status: 409, type: "idempotency_error" };
let asked = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    asked += 1;
    request.resume();
    request.on("end", () => {
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { type: answer.type, message: `answered ${answer.status}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  url = `http://127.0.0.1:${address.port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const charge = () =>
  stripeProvider("sk_test_conflict", url).chargeSavedCard({
    card: { customerId: "cus_1", paymentMethodId: "pm_1", brand: "visa", last4: "4242" },
    amount: 5_000,
    currency: "usd",
    description: "Gala: invoice payment",
    metadata: { gavel_payment: "1" },
    idempotencyKey: "charge-1-form",
  });

describe("the Stripe provider's errors", () => {
  it("reports a request still in progress under the same key as no answer yet, after the SDK asked again", async () => {
    answer = { status: 409, type: "idempotency_error" };
    asked = 0;
    await expect(charge()).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(asked).toBeGreaterThan(1);
  });

  it("still reports a request Stripe refuses outright as a refusal", async () => {
    answer = { status: 400, type: "invalid_request_error" };
    await expect(charge()).rejects.toBeInstanceOf(ProviderRefusedError);
  });
});
