import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { cardPaymentsOpen } from "~/billing/settings.server";
import { abandonTicketCheckout, completeTicketCheckout } from "~/billing/ticket-checkout.server";
import { DemoMoneyNote } from "~/billing/ui/demo-money-note";
import { eventFonts } from "~/fonts/font-faces.server";
import { FontFaces } from "~/fonts/ui/event-fonts";
import { paths } from "~/http/paths";
import { loadPublicChrome } from "~/public-components/public-components.server";
import { loadConfirmedOrder } from "~/registration/confirmation.server";
import { loadGuestSeat } from "~/registration/guest-claim.server";
import { paymentOfOrderParam } from "~/registration/order-links.server";
import { registerPost, stepView } from "~/registration/register-actions.server";
import { EMPTY_DRAFT } from "~/registration/register-draft";
import { loadRegisterContext } from "~/registration/register-page.server";
import { registerShell } from "~/registration/register-shell";
import { GuestSeatForm, RegisterConfirmation } from "~/registration/ui/register-confirmation";
import { RegisterPageView } from "~/registration/ui/register-page-view";
import { RegisterStepper } from "~/registration/ui/register-stepper";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { cardsInSandbox } from "~/sandbox/switch.server";
import { publicOrigin } from "~/security/request.server";
import pageStylesHref from "~/styles/pages/register.css";
import { ErrorPage } from "~/ui/error-page";
import { formatEventDate } from "~/ui/format";
import { PreviewBanner } from "~/ui/preview-banner";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageStylesHref }];

/**
 * /register: an event's registration, mobile first and complete without JavaScript. ?id= the event; the
 * stepper by default, &order= the confirmation of a registration (a signed link), &guest= a guest's personal link.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadRegisterContext(request);
  const url = new URL(request.url);
  const eventId = context.event.event_id;
  const origin = publicOrigin(request);
  const shell = {
    eventId,
    eventTitle: context.event.title,
    shell: registerShell(context.event, context.pageTree, sanitizeRichText),
    fonts: eventFonts(context.event),
    preview: context.preview,
    chrome: await loadPublicChrome(context.event),
    demoSandbox: cardsInSandbox(eventId),
  };

  if (url.searchParams.has("order")) {
    const paymentId = paymentOfOrderParam(url.searchParams.get("order"));
    if (paymentId === null) throw new Response("This confirmation link is not valid.", { status: 404 });
    // Back from the card page: settle what it says (the webhook may have done so already), or close it if left.
    const session = url.searchParams.get("session");
    if (session) await completeTicketCheckout(eventId, session, { paymentId });
    if (url.searchParams.get("cancelled") === "1") await abandonTicketCheckout(eventId, paymentId);
    const order = await loadConfirmedOrder(origin, eventId, paymentId);
    if (!order) throw new Response("This confirmation link is not valid.", { status: 404 });
    return {
      ...shell,
      view: "confirmation" as const,
      order: { ...order, guests: order.guests.map(({ checkinUrl: _url, ...guest }) => guest) },
      cardsOpen: order.status === "pending" && (await cardPaymentsOpen(eventId)),
      cardLeft: url.searchParams.get("cancelled") === "1",
      cardUnavailable: url.searchParams.get("card") === "unavailable",
    };
  }
  if (url.searchParams.has("guest")) {
    const seat = await loadGuestSeat(origin, eventId, url.searchParams.get("guest"));
    if (!seat) throw new Response("This guest link is not valid.", { status: 404 });
    return {
      ...shell,
      view: "guest" as const,
      seat,
      saved: url.searchParams.get("saved") === "1",
      questions: context.questions,
      meals: context.meals,
    };
  }

  const soldOut = context.tickets.length > 0 && context.tickets.every((type) => type.left === 0);
  const draft = {
    ...EMPTY_DRAFT,
    buyer: {
      ...EMPTY_DRAFT.buyer,
      first_name: context.user?.first_name ?? "",
      last_name: context.user?.last_name ?? "",
      email: context.user?.email ?? "",
    },
  };
  return {
    ...shell,
    view: "stepper" as const,
    state: context.state,
    opensAt: formatEventDate(context.window.start_date_time, context.event.timezone),
    soldOut,
    initial: await stepView(context, "tickets", draft),
    tickets: context.tickets.map((type) => ({
      ...type,
      description: type.description ? sanitizeRichText(type.description) : null,
    })),
    questions: context.questions,
    meals: context.meals,
    currency: context.event.currency,
    orderLimit: context.orderLimit,
    landingHref: paths.event(eventId),
    cardsOpen: await cardPaymentsOpen(eventId),
  };
}

export async function action({ request, context: server }: ActionFunctionArgs) {
  const context = await loadRegisterContext(request);
  const outcome = await registerPost(request, context, publicOrigin(request), server.clientAddress);
  switch (outcome.kind) {
    // A step moves on with a 200; a refused step answers 400 with its form's reply.
    case "step":
      return outcome.view;
    case "refused":
      return data(outcome.view, { status: 400 });
    case "guest-refused":
      return data(outcome.reply, { status: 400 });
    case "go":
      throw redirect(outcome.to);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Register · ${data.eventTitle}` : "Register · Gavel" },
  { name: "description", content: data?.shell.subtitle ?? "Register for the event." },
];

export default function RegisterPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RegisterPageView
      shell={data.shell}
      chrome={data.chrome}
      banner={
        <>
          {data.preview ? <PreviewBanner feature="Registration" /> : null}
          {data.demoSandbox ? <DemoMoneyNote /> : null}
          <FontFaces css={data.fonts.css} />
        </>
      }
    >
      {data.view === "confirmation" ? (
        <RegisterConfirmation
          order={data.order}
          card={{ open: data.cardsOpen, left: data.cardLeft, unavailable: data.cardUnavailable }}
        />
      ) : null}
      {data.view === "guest" ? (
        <GuestSeatForm
          seat={data.seat}
          saved={data.saved && !actionData}
          reply={actionData}
          questions={data.questions}
          meals={data.meals}
        />
      ) : null}
      {data.view === "stepper" ? (
        data.state === "not_open" ? (
          <p className="register-closed" role="status">
            Registration is not open yet{data.opensAt ? `; it opens ${data.opensAt}` : ""}.
          </p>
        ) : data.state === "closed" ? (
          <p className="register-closed" role="status">
            Registration has closed. <Link to={data.landingHref}>Back to the event</Link>
          </p>
        ) : data.tickets.length === 0 ? (
          <p className="register-closed" role="status">
            No tickets are on sale yet.
          </p>
        ) : data.soldOut ? (
          <p className="register-closed" role="status">
            This event is sold out.
          </p>
        ) : (
          <RegisterStepper
            view={actionData && "kind" in actionData ? actionData : data.initial}
            reply={actionData}
            tickets={data.tickets}
            questions={data.questions}
            meals={data.meals}
            currency={data.currency}
            orderLimit={data.orderLimit}
            ticketsTitle={data.shell.ticketsTitle}
            continueLabel={data.shell.continueLabel}
            cardsOpen={data.cardsOpen}
          />
        )
      ) : null}
    </RegisterPageView>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
