import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { readPostedForm } from "~/forms/posted-form.server";
import { runSeatingAction } from "~/registration/seating-actions.server";
import { loadSeating } from "~/registration/seating.server";
import { suggestedTableName } from "~/registration/tables.server";
import { SeatingScreen } from "~/registration/ui/seating-screen";
import seatingHref from "~/styles/seating.css";
import { titleMeta } from "~/ui/error-page";
import { redirectWithToast } from "~/ui/toast.server";

export const meta = titleMeta("Seating · Registration · Gavel");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: seatingHref }];

/** /admin/registration/seating: the split view of unseated parties and tables (can_register). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_register");
  const [seating, suggestedName] = await Promise.all([loadSeating(db, eventId), suggestedTableName(db, eventId)]);
  return { ...seating, suggestedName, eventId };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_register");
  const result = await runSeatingAction(db, eventId, await readPostedForm(request));
  if (result.kind === "refused") return result.answer;
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  // A move made by dragging replaces the page in the history rather than adding one entry per move.
  return redirectWithToast(
    url.pathname + url.search,
    { title: result.message },
    result.isMove ? { headers: { "X-Remix-Replace": "yes" } } : undefined,
  );
}

export default function SeatingPage() {
  return <SeatingScreen {...useLoaderData<typeof loader>()} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
