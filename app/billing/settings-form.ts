/**
 * The form of /admin/setup/billing, client-safe (Conform checks it in the browser with the same schema the action
 * parses with). Secret keys are write-only: blank keeps the stored one.
 */
import { z } from "zod";
import { moneyField, optionalText, percentage, stripeKey, yesNo } from "~/forms/rules";
import { zonedDateTimeSchema } from "~/ui/zoned-time-schema";

export const BILLING_SETTINGS_FORM = "billing-settings";

/** Currencies Stripe settles in that galas here use; amounts are cents in each (all have two minor digits). */
export const CURRENCIES = ["USD", "CAD", "GBP", "EUR", "AUD", "NZD"] as const;

export function billingSettingsSchema(timeZone: string) {
  return z
    .object({
      mode: z.enum(["test", "live"], { message: "Choose test or live." }),
      test_publishable_key: stripeKey(/^pk_test_\w+$/, "pk_test_"),
      test_secret_key: stripeKey(/^(sk|rk)_test_\w+$/, "sk_test_"),
      live_publishable_key: stripeKey(/^pk_live_\w+$/, "pk_live_"),
      live_secret_key: stripeKey(/^(sk|rk)_live_\w+$/, "sk_live_"),
      currency: z.enum(CURRENCIES, { message: "Choose a currency." }),
      cover_fee_enabled: yesNo,
      fee_percent: percentage(
        { min: 0, max: 99.99, places: 2 },
        "Enter a percentage such as 2.9 (at most 99.99).",
      ).transform((percent) => Math.round(percent * 100)),
      fee_fixed: moneyField({ required: true, label: "The fixed part" }),
      receipt_text: optionalText(2000, "The receipt text"),
      tax_id: optionalText(40, "The tax id"),
      checkout_opens_at: zonedDateTimeSchema(timeZone),
      checkout_closes_at: zonedDateTimeSchema(timeZone),
    })
    .superRefine((input, context) => {
      if (
        input.checkout_opens_at instanceof Date &&
        input.checkout_closes_at instanceof Date &&
        input.checkout_closes_at <= input.checkout_opens_at
      )
        context.addIssue({
          code: "custom",
          path: ["checkout_closes_at"],
          message: "Checkout must close after it opens.",
        });
      if (typeof input.fee_fixed === "number" && input.fee_fixed > 1000)
        context.addIssue({ code: "custom", path: ["fee_fixed"], message: "The fixed part is at most 10.00." });
    })
    .transform(({ fee_percent, fee_fixed, ...rest }) => ({
      ...rest,
      fee_basis_points: fee_percent,
      fee_fixed: fee_fixed ?? 0,
    }));
}

export type BillingSettingsInput = z.output<ReturnType<typeof billingSettingsSchema>>;
