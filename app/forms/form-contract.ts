/**
 * The one form contract (docs/architecture.md, "Forms"). A form has an id and one zod schema, shared by the
 * browser and the server. The action parses what was posted with `parseForm` and, when it refuses, answers 400 with
 * a `FormReply`: Conform's submission result (the messages per field, "" for the form as a whole, and what was
 * typed) tagged with the form's id, so that of several forms on a page only the one that was sent shows it.
 * Client-safe: the action's side is in reply.server.ts.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { z, type ZodTypeAny } from "zod";
import type { Refusal } from "./refusal";
import type { Submission, SubmissionResult } from "@conform-to/react";

export type FormReply = SubmissionResult<string[]> & { formId: string };

/**
 * What was posted, checked against the schema. Values reach the schema as the text the form posted (no automatic
 * coercion): the shared rules (app/forms/rules.ts) decide what blank means for each field.
 */
export function parseForm<Schema extends ZodTypeAny>(payload: FormData | URLSearchParams, schema: Schema) {
  return parseWithZod(payload, { schema, disableAutoCoercion: true });
}

/** What was posted, as a submission's `payload` gives it (Conform's reading of the fields' names), for a reply. */
export function postedValues(payload: FormData | URLSearchParams) {
  return parseForm(payload, z.unknown()).payload;
}

/**
 * A refusal in the contract's shape, for an action that checks its form in steps of its own: the messages by field,
 * the form's own message, and what was typed.
 */
export function formReply(
  formId: string,
  {
    fieldErrors = {},
    formError,
    values,
  }: { fieldErrors?: Record<string, string[] | undefined>; formError?: string; values?: Record<string, unknown> },
): FormReply {
  const error: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) if (messages?.length) error[field] = messages;
  if (formError) error[""] = [formError];
  return { status: "error", formId, initialValue: values as FormReply["initialValue"], error };
}

/** The reply when it is one for this form, else undefined (an answer to another form of the page). */
export function replyFor(answer: unknown, formId: string): FormReply | undefined {
  if (typeof answer !== "object" || answer === null) return undefined;
  return (answer as Partial<FormReply>).formId === formId ? (answer as FormReply) : undefined;
}

/** The message about the form as a whole (not one of its fields), if any. */
export function formErrorOf(reply: FormReply | undefined): string | undefined {
  return reply?.error?.[""]?.[0];
}

/** The length limit a field's rule sets, for the control's maxLength (the rule is the one place it is written). */
export function ruleMaxLength(rule: ZodTypeAny): number | undefined {
  return getZodConstraint(z.object({ field: rule })).field?.maxLength;
}

/** A domain refusal as the form's reply: beside the field it names, or above the form; what was typed goes back. */
export function refusalReply(formId: string, submission: Submission<unknown>, refusal: Refusal): FormReply {
  const messages = refusal.field
    ? { fieldErrors: { [refusal.field]: [refusal.message] } }
    : { formErrors: [refusal.message] };
  return { ...submission.reply(messages), formId };
}
