/**
 * The passes screen's posts (/admin/registration/passes), read by the screen and its action alike. Client-safe.
 */
import { z } from "zod";
import { countWithin, rowIdOr } from "~/forms/rules";

/** A pass's row buttons by their `intent`, each also the id of its form; and releasing the unsold passes. */
export const PASS_INTENT = { markPaid: "mark-paid", cancel: "cancel", resend: "resend", release: "release" } as const;

/** A pass's row buttons (cancel, resend): the pass is all they post. */
export const passSchema = z.object({ pass: rowIdOr("This form does not say which pass.") });

/** Marking a pass paid at the desk: by cash or by check. */
export const markPaidSchema = passSchema.extend({
  method: z.enum(["cash", "check"], { message: "Choose cash or check." }),
});

export const RELEASE_FORM = "release-unpaid";

/** Releasing the unpaid orders older than a number of days. */
export const releaseSchema = z.object({
  days: countWithin(1, 365, "Enter a number of days from 1 to 365."),
});
