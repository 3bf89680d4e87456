import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { readPostedForm } from "~/forms/posted-form.server";
import { loadPasses, releaseUnpaidOrders, runPassAction } from "~/registration/passes.server";
import { PassesScreen, type PassesActionData } from "~/registration/ui/passes-screen";
import { publicOrigin } from "~/security/request.server";
import registrantsHref from "~/styles/registrants.css";
import { titleMeta } from "~/ui/error-page";
import { redirectWithToast } from "~/ui/toast.server";

export const meta = titleMeta("Passes · Registration · Gavel");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: registrantsHref }];

/** /admin/registration/passes: every purchase with its guests and payment; mark paid, cancel, resend (can_register). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_register");
  return { passes: await loadPasses(db, publicOrigin(request), eventId) };
}

const releaseDays = z.coerce.number().int().min(1).max(365);

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_register");
  const form = await readPostedForm(request);
  const url = new URL(request.url);
  if (form.get("intent") === "release") {
    const days = releaseDays.safeParse(form.get("days"));
    if (!days.success)
      return data<PassesActionData>({ releaseError: "Enter a number of days from 1 to 365." }, { status: 400 });
    const released = await releaseUnpaidOrders(db, eventId, new Date(Date.now() - days.data * 86_400_000));
    return redirectWithToast(url.pathname + url.search, {
      title:
        released === 0
          ? `No unpaid order is older than ${days.data} ${days.data === 1 ? "day" : "days"}`
          : `${released} ${released === 1 ? "pass" : "passes"} released; their tickets are back on sale`,
    });
  }
  const result = await runPassAction(db, eventId, publicOrigin(request), form);
  return redirectWithToast(
    url.pathname + url.search,
    result.ok ? { title: result.message } : { type: "error", title: result.message },
  );
}

export default function PassesPage() {
  const reply = useActionData<typeof action>();
  const releaseError = reply && "releaseError" in reply ? reply.releaseError : undefined;
  return <PassesScreen {...useLoaderData<typeof loader>()} releaseError={releaseError} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
