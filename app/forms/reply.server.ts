/**
 * The action's side of the form contract (form-contract.ts): answers that refuse a form, with status 400, in the
 * one shape every form reads.
 */
import { data } from "@remix-run/node";
import { Refusal } from "./refusal";
import type { FormReply } from "./form-contract";
import type { Submission } from "@conform-to/react";

/** The messages of a refusal, and the fields not to send back (a password). */
type Messages = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] };

/**
 * Refuses a parsed form: its own messages, or those given (a domain refusal); what was typed goes back. 400, or the
 * answer given (429 with Retry-After: too many attempts).
 */
export function refuseSubmission(
  formId: string,
  submission: Submission<unknown>,
  messages?: Messages,
  init: ResponseInit = { status: 400 },
) {
  return data<FormReply>({ ...submission.reply(messages), formId }, init);
}

/** A domain refusal as the form's reply: beside the field it names, or above the form; what was typed goes back. */
export function refusalReply(formId: string, submission: Submission<unknown>, refusal: Refusal): FormReply {
  const messages = refusal.field
    ? { fieldErrors: { [refusal.field]: [refusal.message] } }
    : { formErrors: [refusal.message] };
  return { ...submission.reply(messages), formId };
}

/** Refuses a form with a domain refusal: beside the field it names, or above the form. */
export function refuseWith(formId: string, submission: Submission<unknown>, refusal: Refusal) {
  return data<FormReply>(refusalReply(formId, submission, refusal), { status: 400 });
}

/**
 * Refuses a post that is not a form of fields (an action on selected rows, a move): one message for the form (or
 * the field named). 400, or the status given (403: not this person's; 410: gone for good).
 */
export function refuseForm(formId: string, message: string, field = "", status = 400) {
  return data<FormReply>({ status: "error", formId, error: { [field]: [message] } }, { status });
}

/**
 * The usual end of a form's action: a form that did not parse (or with `otherErrors` found outside its schema, such
 * as a refused upload) is refused with all its messages; otherwise `save` runs with the parsed values and answers
 * (a redirect back with a toast), and a `Refusal` it throws goes beside its field or above the form.
 */
export async function answerForm<Output, Answer>(
  formId: string,
  submission: Submission<unknown, string[], Output>,
  save: (value: Output) => Promise<Answer>,
  otherErrors: Record<string, string[]> = {},
) {
  if (submission.status !== "success" || Object.keys(otherErrors).length > 0) {
    return refuseSubmission(formId, submission, { fieldErrors: otherErrors });
  }
  try {
    return await save(submission.value);
  } catch (error) {
    if (error instanceof Refusal) return refuseWith(formId, submission, error);
    throw error;
  }
}
