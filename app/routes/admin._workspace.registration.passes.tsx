import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { replyFor } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import { Refusal } from "~/forms/refusal";
import { markPaidSchema, PASS_INTENT, passSchema, RELEASE_FORM, releaseSchema } from "~/registration/pass-forms";
import {
  cancelPass,
  loadPasses,
  markPassPaid,
  paymentOfPass,
  releaseUnpaidOrders,
  type PassChange,
} from "~/registration/passes.server";
import { resendConfirmation } from "~/registration/registrants.server";
import { PassesScreen } from "~/registration/ui/passes-screen";
import { publicOrigin } from "~/security/request.server";
import registrantsHref from "~/styles/registrants.css";
import { titleMeta } from "~/ui/error-page";

export const meta = titleMeta("Passes · Registration · Gavel");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: registrantsHref }];

/** /admin/registration/passes: every purchase with its guests and payment; mark paid, cancel, resend (can_register). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_register");
  return { passes: await loadPasses(db, publicOrigin(request), eventId) };
}

/** Mark a pass paid, cancel it, send its confirmation again (a row's buttons); release old unpaid orders. */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: (request) => requireEventPermission(request, "can_register"),
    intents: (intent) => ({
      [PASS_INTENT.markPaid]: intent({
        formId: PASS_INTENT.markPaid,
        schema: markPaidSchema,
        refuseInToast: true,
        run: async ({ eventId }, { pass, method }) => said(await markPassPaid(db, eventId, pass, method)),
      }),
      [PASS_INTENT.cancel]: intent({
        formId: PASS_INTENT.cancel,
        schema: passSchema,
        refuseInToast: true,
        run: async ({ eventId }, { pass }) => said(await cancelPass(db, eventId, pass)),
      }),
      [PASS_INTENT.resend]: intent({
        formId: PASS_INTENT.resend,
        schema: passSchema,
        refuseInToast: true,
        run: async ({ eventId, request }, { pass }) => {
          const paymentId = await paymentOfPass(db, eventId, pass);
          const sentTo =
            paymentId === null ? null : await resendConfirmation(publicOrigin(request), eventId, paymentId);
          if (!sentTo) throw new Refusal("This pass has no email address to send the confirmation to.");
          return `The confirmation was sent again to ${sentTo}`;
        },
      }),
      [PASS_INTENT.release]: intent({
        formId: RELEASE_FORM,
        schema: releaseSchema,
        run: async ({ eventId }, { days }) => {
          const released = await releaseUnpaidOrders(db, eventId, new Date(Date.now() - days * 86_400_000));
          return released === 0
            ? `No unpaid order is older than ${days} ${days === 1 ? "day" : "days"}`
            : `${released} ${released === 1 ? "pass" : "passes"} released; their tickets are back on sale`;
        },
      }),
    }),
  });
}

/** A pass's change as the toast says it; one the pass's state forbids is refused. */
function said(change: PassChange) {
  if (!change.ok) throw new Refusal(change.message);
  return change.message;
}

export default function PassesPage() {
  const releaseError = replyFor(useActionData<typeof action>(), RELEASE_FORM)?.error?.days?.[0];
  return <PassesScreen {...useLoaderData<typeof loader>()} releaseError={releaseError} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
