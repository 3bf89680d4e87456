// The billing settings form's keys (issue 32, finding 9): a key is refused beside its field past Stripe's 255
// characters, even when it starts as a key does.
import { describe, expect, it } from "vitest";
import { billingSettingsSchema } from "~/billing/settings-form";

const form = (changes: Record<string, string>) => ({
  mode: "test",
  currency: "USD",
  fee_percent: "2.9",
  fee_fixed: "0.30",
  ...changes,
});

describe("billingSettingsSchema", () => {
  it("takes a key as Stripe makes them, and refuses one past 255 characters beside its field", () => {
    const schema = billingSettingsSchema("UTC");
    expect(schema.safeParse(form({ test_secret_key: `sk_test_${"a".repeat(99)}` })).success).toBe(true);
    const refused = schema.safeParse(form({ test_secret_key: `sk_test_${"a".repeat(10_001)}` }));
    expect(refused.success).toBe(false);
    expect(refused.error?.flatten().fieldErrors.test_secret_key).toEqual([
      "This is longer than a Stripe key (at most 255 characters).",
    ]);
  });
});
