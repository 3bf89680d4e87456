import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

/**
 * A post answered in place: the action's answer carries what the page shows of it, and changes nothing else any
 * loader of the page reads (a bid's review; a bid placed from the page's script, whose item's new state reaches the
 * page over its live stream). After a post Remix loads every route's data again, a second round trip before the
 * answer shows (562 ms each on a phone's slow 4G); an answer marked so skips it, for the root as for the route
 * (docs/decisions/042-guest-pages-on-a-phone.md, step 2). Client-safe: Remix calls shouldRevalidate in the browser.
 */
export const ANSWERED_IN_PLACE = { answeredInPlace: true } as const;

/**
 * The form field a page's script adds to a post it can take an answer in place for: without JavaScript the field is
 * not there, and the action answers as for a plain form (a redirect, the page loaded again).
 */
export const IN_PLACE_FIELD = "answer";
export const IN_PLACE_VALUE = "in-place";

export function answeredInPlace(actionResult: unknown): boolean {
  return (
    typeof actionResult === "object" &&
    actionResult !== null &&
    (actionResult as { answeredInPlace?: unknown }).answeredInPlace === true
  );
}

/** Whether a post asked for its answer in place. */
export function wantsAnswerInPlace(form: FormData): boolean {
  return form.get(IN_PLACE_FIELD) === IN_PLACE_VALUE;
}

/** shouldRevalidate's rule for a route on a page whose posts may be answered in place. */
export function unlessAnsweredInPlace({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return answeredInPlace(actionResult) ? false : defaultShouldRevalidate;
}
