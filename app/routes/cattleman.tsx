import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { getSignedInUser } from "~/auth/access.server";
import { readRowId } from "~/db/row-id";
import { publicEventById } from "~/events/public-event.server";
import { parseForm } from "~/forms/form-contract";
import { answerForm } from "~/forms/reply.server";
import { FUNDRAISER_EDIT_FORM, FUNDRAISER_PAGE_INTENT, fundraiserPageSchema } from "~/giving/fundraiser-forms";
import { fundraiserGifts, fundraiserWords, publicFundraiser, updateOwnFundraiser } from "~/giving/fundraisers.server";
import { FundraiserPageForm, fundraiserHref, FundraiserView } from "~/giving/ui/fundraiser-pages";
import { paths } from "~/http/paths";
import { redirectWithToast } from "~/http/toast.server";
import { keptImageChange, readFormKeepingImage } from "~/images/upload.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { richTextLinks } from "~/rich-text/ui/rich-text-editor";
import biddingHref from "~/styles/bidding.css";
import givingHref from "~/styles/giving.css";
import paddleRaiseHref from "~/styles/paddle-raise.css";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { ErrorPage } from "~/ui/error-page";
import { GuestPage } from "~/ui/guest-bar";
import { centsToInput } from "~/ui/money-input";
import { formatInZone, utcToZonedInput } from "~/ui/zoned-time";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: biddingHref },
  { rel: "stylesheet", href: givingHref },
  { rel: "stylesheet", href: paddleRaiseHref },
  ...richTextLinks(),
  ...dateTimeFieldLinks(),
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.page.name} · ${data.eventTitle}` : "Fundraiser · Gavel" },
];

/** The public page of ?cattleManId=, or 404 (unknown, waiting for approval, or made inactive). */
async function findPage(request: Request) {
  const id = readRowId(new URL(request.url).searchParams.get("cattleManId"));
  const page = id === null ? null : await publicFundraiser(id);
  if (!page) throw new Response("There is no fundraiser's page at this address.", { status: 404 });
  return page;
}

/**
 * /cattleman?cattleManId=: one supporter's fundraising page: photo, story, goal and what it raised, its latest
 * gifts, and the give button (the gift form of /dp, the gift counted on this page); once past its end, its final
 * total instead. The supporter, signed in, changes their own page here. Works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = await findPage(request);
  const [event, user, gifts, words] = await Promise.all([
    publicEventById(page.eventId),
    getSignedInUser(request),
    fundraiserGifts(page.id),
    fundraiserWords(page.eventId),
  ]);
  const story = sanitizeRichText(page.story ?? "");
  return {
    eventId: event.event_id,
    eventTitle: event.title,
    currency: event.currency,
    words,
    page: {
      id: page.id,
      name: page.name,
      photo: page.photo,
      goal: page.goal,
      raised: page.raised,
      gifts: page.gifts,
      ended: page.ended,
      storyHtml: story,
    },
    endedOn: page.ended ? formatInZone(page.endsAt, event.timezone) : null,
    endsOn: page.ended ? null : formatInZone(page.endsAt, event.timezone) || null,
    gifts,
    timeZone: event.timezone,
    latestEnd: event.end_date_time?.toISOString() ?? null,
    giveHref: paths.dp(event.event_id, { fundraiser: page.id }),
    // The supporter's own page: the form to change it, with what is saved.
    mine:
      user && page.usrId === user.usr_id
        ? { goal: centsToInput(page.goal), story, endsAt: utcToZonedInput(page.endsAt, event.timezone) }
        : null,
    guestName: user ? (user.first_name ?? user.email_address) : null,
    signInHref: `/auth/sign-in?returnTo=${encodeURIComponent(fundraiserHref(page.id))}`,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const page = await findPage(request);
  const user = await getSignedInUser(request);
  if (!user) throw redirect(`/auth/sign-in?returnTo=${encodeURIComponent(fundraiserHref(page.id))}`);
  const event = await publicEventById(page.eventId);
  const { form, fieldErrors } = await readFormKeepingImage(request, "photo");
  return answerForm(
    FUNDRAISER_EDIT_FORM,
    parseForm(form, fundraiserPageSchema(event.timezone)),
    async ({ photo: _upload, photo_pending: _kept, ...input }) => {
      await updateOwnFundraiser(page.id, user.usr_id, { ...input, ...keptImageChange(form, "photo") });
      return redirectWithToast(fundraiserHref(page.id), { title: "Your page is saved" });
    },
    fieldErrors,
  );
}

export default function FundraiserPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <GuestPage bar={data} className="giving">
      <FundraiserView
        page={data.page}
        currency={data.currency}
        giveHref={data.giveHref}
        gifts={data.gifts}
        endedOn={data.endedOn}
        endsOn={data.endsOn}
      />
      {data.mine ? (
        <details className="guest-card giving__card" open={reply !== undefined}>
          <summary>Change your page</summary>
          <FundraiserPageForm
            formId={FUNDRAISER_EDIT_FORM}
            intent={FUNDRAISER_PAGE_INTENT.edit}
            reply={reply}
            saved={{
              name: data.page.name,
              goal: data.mine.goal,
              story: data.mine.story,
              photo: data.page.photo,
              ends_at: data.mine.endsAt,
            }}
            submitLabel="Save my page"
            timeZone={data.timeZone}
            latestEnd={data.latestEnd}
          />
        </details>
      ) : null}
      <p className="giving__muted">
        <a href={paths.cattlemen(data.eventId)}>
          All {data.words.plural} of {data.eventTitle}
        </a>
      </p>
    </GuestPage>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
