/**
 * What the registrants screen's forms ask for, read and carried out: register by hand ("register"), edit a guest
 * ("edit"), send an order's confirmation again ("resend"), delete a guest ("delete"), and the CSV import: check a
 * file ("check", the dry run) then import it ("import").
 */
import { and, eq } from "drizzle-orm";
import { parseForm, type FormReply } from "~/forms/form-contract";
import { readFormWithFile } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { rowId } from "~/forms/rules";
import { registrant } from "~drizzle/schema";
import { fitsPattern } from "./answer-pattern.server";
import { editRegistrantSchema, manualRegistrationSchema } from "./registrant-form";
import { editRegistrant, registerByHand } from "./registrant-form.server";
import {
  checkRegistrantImport,
  importRegistrants,
  MAX_IMPORT_BYTES,
  type RegistrantImportCheck,
} from "./registrant-import.server";
import { deleteRegistrant, loadRegistrationChoices, resendConfirmation } from "./registrants.server";
import type { Submission } from "@conform-to/react";
import type { Database } from "~/db/connection.server";

/** A checked file's report; a file that cannot be read at all is refused on the import form's file field instead. */
export interface ImportAnswer {
  importCheck: RegistrantImportCheck;
  csv: string;
  fileName: string;
}

export type RegistrantsActionResult =
  | { kind: "done"; message: string; description?: string }
  | { kind: "refused"; message: string }
  | { kind: "dialog-refused"; refusal: FormReply }
  | { kind: "import"; answer: ImportAnswer; status: number }
  | { kind: "file-refused"; message: string };

const id = rowId;

export async function runRegistrantsAction(
  db: Database,
  eventId: number,
  origin: string,
  form: FormData,
): Promise<RegistrantsActionResult> {
  const dialog = String(form.get("dialog") ?? "");
  switch (form.get("intent")) {
    case "register": {
      const choices = await loadRegistrationChoices(db, eventId);
      const submission = parseForm(form, manualRegistrationSchema(choices.tickets));
      return answerDialog(dialog, submission, async (registration) => {
        const { party, buyer } = await registerByHand(db, eventId, registration);
        const sentTo = registration.sendEmail ? await resendConfirmation(origin, eventId, party.paymentId) : null;
        const seats = party.guests.length;
        const paddles = party.guests.map((guest) => guest.paddle).filter((paddle) => paddle !== null);
        return {
          kind: "done",
          message:
            seats === 1 ? `${buyer} is registered, paddle ${paddles[0]}` : `${buyer}'s party of ${seats} is registered`,
          description: sentTo ? `The confirmation was sent to ${sentTo}.` : undefined,
        };
      });
    }

    case "edit": {
      const guest = id.safeParse(form.get("registrant"));
      if (!guest.success) throw new Response("This form does not say which guest to edit.", { status: 400 });
      const choices = await loadRegistrationChoices(db, eventId);
      const submission = parseForm(form, editRegistrantSchema(choices, fitsPattern));
      return answerDialog(dialog, submission, async (edit) => {
        const name = await editRegistrant(db, eventId, guest.data, choices, edit);
        return { kind: "done", message: `${name} saved` };
      });
    }

    case "resend": {
      const guest = id.safeParse(form.get("registrant"));
      const [found] = guest.success
        ? await db
            .select({ paymentId: registrant.payment_id })
            .from(registrant)
            .where(and(eq(registrant.event_id, eventId), eq(registrant.registrant_id, guest.data)))
        : [];
      if (!found?.paymentId) return { kind: "refused", message: "This guest has no order to confirm." };
      const sentTo = await resendConfirmation(origin, eventId, found.paymentId);
      return sentTo
        ? { kind: "done", message: `The confirmation was sent again to ${sentTo}` }
        : { kind: "refused", message: "The order has no email address to send the confirmation to." };
    }

    case "delete": {
      const guest = id.safeParse(form.get("registrant"));
      const deleted = guest.success ? await deleteRegistrant(db, eventId, guest.data) : null;
      return { kind: "done", message: deleted ? `${deleted.name} deleted` : "That guest was already deleted" };
    }

    case "check": {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0)
        return { kind: "file-refused", message: "Choose a CSV file to check." };
      const csv = await file.text();
      const importCheck = await checkRegistrantImport(db, eventId, csv);
      if (importCheck.fileError) return { kind: "file-refused", message: importCheck.fileError };
      return { kind: "import", answer: { importCheck, csv, fileName: file.name }, status: 200 };
    }

    case "import": {
      const csv = String(form.get("csv") ?? "");
      const { parties, guests, check } = await importRegistrants(db, eventId, csv);
      if (check.fileError) return { kind: "file-refused", message: check.fileError };
      if (parties === 0)
        return {
          kind: "import",
          answer: { importCheck: check, csv, fileName: String(form.get("file_name") ?? "") },
          status: 400,
        };
      const skipped = check.problems.length;
      return {
        kind: "done",
        message: `${guests} ${guests === 1 ? "guest" : "guests"} imported in ${parties} ${parties === 1 ? "party" : "parties"}`,
        description: skipped
          ? `${skipped} ${skipped === 1 ? "row was" : "rows were"} left out. Fix them and import them on their own.`
          : undefined,
      };
    }

    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}

/** The posted form, with an uploaded CSV held in memory; null when the file is over the limit. */
export function readRegistrantsForm(request: Request): Promise<FormData | null> {
  return readFormWithFile(request, MAX_IMPORT_BYTES);
}

/**
 * A dialog's form in the contract's shape: refused beside its fields with what was typed when it does not parse
 * (or when `save` throws a Refusal), else what `save` answers.
 */
async function answerDialog<Output>(
  dialog: string,
  submission: Submission<unknown, string[], Output>,
  save: (value: Output) => Promise<RegistrantsActionResult>,
): Promise<RegistrantsActionResult> {
  const refused = (messages?: Parameters<typeof submission.reply>[0]): RegistrantsActionResult => ({
    kind: "dialog-refused",
    refusal: { ...submission.reply(messages), formId: dialog },
  });
  if (submission.status !== "success") return refused();
  try {
    return await save(submission.value);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return refused(error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] });
  }
}
