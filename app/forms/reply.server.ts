/**
 * The action's side of the form contract (form-contract.ts): answers that refuse a form, with status 400, in the
 * one shape every form reads.
 */
import { data, redirect } from "@remix-run/node";
import { redirectWithToast } from "~/http/toast.server";
import { refusalReply, type FormReply } from "./form-contract";
import { Refusal } from "./refusal";
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

/**
 * What became of a post a product module carried out itself (a gallery's add, move, remove): done, with a message
 * for the toast or none, or refused with the reason (beside `field` when it is about one).
 */
export type Outcome = { done: string | null } | { refused: string; field?: string };

/** The answer to an Outcome: back to `here` (with a toast when there is news), or the refusal of form `formId`. */
export async function answerOutcome(formId: string, outcome: Outcome, here: string) {
  if ("refused" in outcome) return refuseForm(formId, outcome.refused, outcome.field);
  return outcome.done ? redirectWithToast(here, { title: outcome.done }) : redirect(here);
}
