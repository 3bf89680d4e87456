import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { IMPORT_INTENT } from "~/forms/import-steps";
import { intentAction } from "~/forms/intent-action.server";
import { Refusal } from "~/forms/refusal";
import { refuseForm } from "~/forms/reply.server";
import { fitsPattern } from "~/registration/answer-pattern.server";
import {
  REGISTRANT_DIALOG_INTENT,
  REGISTRANT_IMPORT_FORM,
  registrantFileSchema,
  registrantImportSchema,
  REGISTRANT_ROW_INTENT,
  registrantRowSchema,
} from "~/registration/registrant-fields";
import { editRegistrantSchema, manualRegistrationSchema } from "~/registration/registrant-form";
import { editRegistrant, registerByHand } from "~/registration/registrant-form.server";
import {
  checkRegistrantImport,
  importedTitle,
  importRegistrants,
  MAX_IMPORT_BYTES,
  readRegistrantsForm,
  type ImportAnswer,
} from "~/registration/registrant-import.server";
import {
  deleteRegistrant,
  loadRegistrants,
  loadRegistrationChoices,
  paymentOfRegistrant,
  resendConfirmation,
} from "~/registration/registrants.server";
import { RegistrantsScreen } from "~/registration/ui/registrants-screen";
import { publicOrigin } from "~/security/request.server";
import registrantsHref from "~/styles/registrants.css";
import { titleMeta } from "~/ui/error-page";

export const meta = titleMeta("Registrants · Registration · Gavel");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: registrantsHref }];

/** /admin/registration/registrants: every guest, manual registration, edit, resend, delete, CSV import (can_register). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_register");
  const [registrants, choices] = await Promise.all([
    loadRegistrants(db, eventId),
    loadRegistrationChoices(db, eventId),
  ]);
  return { registrants, choices };
}

/** Register by hand, edit a guest, resend an order's confirmation, delete a guest; check a CSV file, then import it. */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => {
      const { eventId } = await requireEventPermission(request, "can_register");
      let choices: ReturnType<typeof loadRegistrationChoices> | undefined;
      // The tickets, meals and questions the dialogs' schemas are built from, read once per post that needs them.
      return { eventId, choices: () => (choices ??= loadRegistrationChoices(db, eventId)) };
    },
    readForm: async (request) =>
      (await readRegistrantsForm(request)) ??
      refuseForm(REGISTRANT_IMPORT_FORM, `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`, "file"),
    intents: (intent) => ({
      [REGISTRANT_DIALOG_INTENT.register]: intent({
        formId: dialogName,
        schema: async ({ choices }) => manualRegistrationSchema((await choices()).tickets),
        run: async ({ eventId, request }, registration) => {
          const { party, buyer } = await registerByHand(db, eventId, registration);
          const sentTo = registration.sendEmail
            ? await resendConfirmation(publicOrigin(request), eventId, party.paymentId)
            : null;
          const seats = party.guests.length;
          const paddles = party.guests.map((guest) => guest.paddle).filter((paddle) => paddle !== null);
          return {
            title:
              seats === 1
                ? `${buyer} is registered, paddle ${paddles[0]}`
                : `${buyer}'s party of ${seats} is registered`,
            description: sentTo ? `The confirmation was sent to ${sentTo}.` : undefined,
          };
        },
      }),
      [REGISTRANT_DIALOG_INTENT.edit]: intent({
        formId: dialogName,
        schema: async ({ choices }) => editRegistrantSchema(await choices(), fitsPattern),
        run: async ({ eventId, choices, form }, edit) => {
          const guest = readRowId(form.get("registrant"));
          if (guest === null) throw new Refusal("This form does not say which guest to edit.");
          return `${await editRegistrant(db, eventId, guest, await choices(), edit)} saved`;
        },
      }),
      [REGISTRANT_ROW_INTENT.resend]: intent({
        formId: REGISTRANT_ROW_INTENT.resend,
        schema: registrantRowSchema,
        refuseInToast: true,
        run: async ({ eventId, request }, { registrant }) => {
          const paymentId = await paymentOfRegistrant(db, eventId, registrant);
          if (!paymentId) throw new Refusal("This guest has no order to confirm.");
          const sentTo = await resendConfirmation(publicOrigin(request), eventId, paymentId);
          if (!sentTo) throw new Refusal("The order has no email address to send the confirmation to.");
          return `The confirmation was sent again to ${sentTo}`;
        },
      }),
      [REGISTRANT_ROW_INTENT.delete]: intent({
        formId: REGISTRANT_ROW_INTENT.delete,
        schema: registrantRowSchema,
        refuseInToast: true,
        run: async ({ eventId }, { registrant }) => {
          const deleted = await deleteRegistrant(db, eventId, registrant);
          return deleted ? `${deleted.name} deleted` : "That guest was already deleted";
        },
      }),
      [IMPORT_INTENT.check]: intent({
        formId: REGISTRANT_IMPORT_FORM,
        schema: registrantFileSchema,
        run: async ({ eventId }, { file }) => {
          const csv = await file.text();
          const importCheck = await checkRegistrantImport(db, eventId, csv);
          if (importCheck.fileError) throw new Refusal(importCheck.fileError, "file");
          return data<ImportAnswer>({ importCheck, csv, fileName: file.name });
        },
      }),
      [IMPORT_INTENT.import]: intent({
        formId: REGISTRANT_IMPORT_FORM,
        schema: registrantImportSchema,
        run: async ({ eventId }, { csv, file_name }) => {
          const { parties, guests, updated, check } = await importRegistrants(db, eventId, csv);
          if (check.fileError) throw new Refusal(check.fileError, "file");
          // Nothing could be imported: the check comes back with every row's problem.
          if (parties === 0 && updated === 0)
            return data<ImportAnswer>({ importCheck: check, csv, fileName: file_name }, { status: 400 });
          const skipped = check.problems.length;
          return {
            title: importedTitle(guests, parties, updated),
            description: skipped
              ? `${skipped} ${skipped === 1 ? "row was" : "rows were"} left out. Fix them and import them on their own.`
              : undefined,
          };
        },
      }),
    }),
  });
}

/** The dialog's name, as FormDialog posts it ("new-registrant", "edit-registrant-12"). */
const dialogName = (form: FormData) => String(form.get("dialog") ?? "");

export default function RegistrantsPage() {
  return <RegistrantsScreen {...useLoaderData<typeof loader>()} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
