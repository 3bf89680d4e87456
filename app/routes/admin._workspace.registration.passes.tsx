import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { loadPasses, runPassAction } from "~/registration/passes.server";
import { PassesScreen } from "~/registration/ui/passes-screen";
import { publicOrigin } from "~/security/request.server";
import registrantsHref from "~/styles/registrants.css";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { redirectWithToast } from "~/ui/toast.server";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Passes · Registration · Gavel" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: registrantsHref }];

/** /admin/registration/passes: every purchase with its guests and payment; mark paid, cancel, resend (can_register). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_register");
  return { passes: await loadPasses(db, publicOrigin(request), eventId) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_register");
  const result = await runPassAction(db, eventId, publicOrigin(request), await request.formData());
  const url = new URL(request.url);
  return redirectWithToast(
    url.pathname + url.search,
    result.ok ? { title: result.message } : { type: "error", title: result.message },
  );
}

export default function PassesPage() {
  return <PassesScreen {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
