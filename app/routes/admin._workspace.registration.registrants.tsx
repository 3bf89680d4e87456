import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { refuseForm } from "~/forms/reply.server";
import { REGISTRANT_IMPORT_FORM } from "~/registration/registrant-fields";
import { MAX_IMPORT_BYTES } from "~/registration/registrant-import.server";
import { readRegistrantsForm, runRegistrantsAction } from "~/registration/registrants-actions.server";
import { loadRegistrants, loadRegistrationChoices } from "~/registration/registrants.server";
import { RegistrantsScreen } from "~/registration/ui/registrants-screen";
import { publicOrigin } from "~/security/request.server";
import registrantsHref from "~/styles/registrants.css";
import { titleMeta } from "~/ui/error-page";
import { redirectWithToast } from "~/ui/toast.server";

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

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_register");
  const form = await readRegistrantsForm(request);
  if (!form)
    return refuseForm(REGISTRANT_IMPORT_FORM, `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`, "file");
  const result = await runRegistrantsAction(db, eventId, publicOrigin(request), form);
  if (result.kind === "dialog-refused") return data(result.refusal, { status: 400 });
  if (result.kind === "import") return data(result.answer, { status: result.status });
  if (result.kind === "file-refused") return refuseForm(REGISTRANT_IMPORT_FORM, result.message, "file");
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  const toast =
    result.kind === "done"
      ? { title: result.message, description: result.description }
      : { type: "error" as const, title: result.message };
  return redirectWithToast(url.pathname + url.search, toast);
}

export default function RegistrantsPage() {
  return <RegistrantsScreen {...useLoaderData<typeof loader>()} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
