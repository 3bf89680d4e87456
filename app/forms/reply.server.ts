/**
 * The action's side of the form contract (form-contract.ts): answers that refuse a form, with status 400, in the
 * one shape every form reads.
 */
import { data } from "@remix-run/node";
import type { FormReply } from "./form-contract";
import type { Refusal } from "./refusal";
import type { Submission } from "@conform-to/react";

type Messages = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };

/** Refuses a parsed form: its own messages, or those given (a domain refusal); what was typed goes back. */
export function refuseSubmission(formId: string, submission: Submission<unknown>, messages?: Messages) {
  return data<FormReply>({ ...submission.reply(messages), formId }, { status: 400 });
}

/** Refuses a form with a domain refusal: beside the field it names, or above the form. */
export function refuseWith(formId: string, submission: Submission<unknown>, refusal: Refusal) {
  return refuseSubmission(
    formId,
    submission,
    refusal.field ? { fieldErrors: { [refusal.field]: [refusal.message] } } : { formErrors: [refusal.message] },
  );
}

/** Refuses a post that is not a form of fields (an action on selected rows, a move): one message for the form. */
export function refuseForm(formId: string, message: string, field = "") {
  return data<FormReply>({ status: "error", formId, error: { [field]: [message] } }, { status: 400 });
}
