/**
 * The form field of an event's time, as an action reads it (decision 009): apart from app/ui/zoned-time.ts so that
 * the pages that only show times (the error page, on every page) do not load zod.
 */
import { z } from "zod";
import { parseWallTime, zonedInputToUtc } from "./zoned-time";

/**
 * A zod schema for a DateTimeField's post in an action: "" gives null (or the `required` message), a wall time
 * gives its instant in `timeZone`, and anything else a message for the field, naming a daylight-saving gap when
 * the time does not happen there.
 */
export function zonedDateTimeSchema(timeZone: string, { required }: { required?: string } = {}) {
  return z
    .string()
    .trim()
    .default("")
    .transform((value, context): Date | null => {
      if (value === "") {
        if (!required) return null;
        context.addIssue({ code: z.ZodIssueCode.custom, message: required });
        return z.NEVER;
      }
      const instant = zonedInputToUtc(value, timeZone);
      if (instant) return instant;
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message:
          parseWallTime(value) === null
            ? "Enter a date and time, such as 14 Mar 2027, 7:00 PM."
            : `That time does not happen in ${timeZone}: the clocks go forward then. Choose a later time.`,
      });
      return z.NEVER;
    });
}
