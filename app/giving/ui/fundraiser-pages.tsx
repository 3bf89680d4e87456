/**
 * The public peer-to-peer pages, on a phone first and without JavaScript: the leaderboard of pages (/cattlemen,
 * /allcattlemen), one supporter's page (/cattleman) with its give button (or, once the page has ended, its final
 * total), and the form a supporter fills in to
 * start a page or to change their own (a plain multipart form: the photo is an upload, the story a text area until
 * the editor loads).
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { replyFor, type FormReply } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { ImageField } from "~/images/ui/image-field";
import { ResponsiveImage } from "~/images/ui/responsive-image";
import { RichText } from "~/rich-text/ui/rich-text";
import { RichTextEditor } from "~/rich-text/ui/rich-text-editor";
import { Button, ButtonLink } from "~/ui/button";
import { DateTimeField } from "~/ui/date-time-field";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatRoundMoney } from "~/ui/format";
import { Thermometer } from "~/ui/thermometer";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { zonedInputToUtc } from "~/ui/zoned-time";
import { fundraiserPageSchema } from "../fundraiser-forms";
import type { Fieldset } from "~/ui/form-dialog";

export const fundraiserHref = (id: number) => `/cattleman?cattleManId=${id}`;

export interface FundraiserCard {
  id: number;
  name: string;
  photo: string | null;
  goal: number | null;
  raised: number;
  gifts: number;
  /** Past its end: no more gifts, the total is final. */
  ended: boolean;
  eventTitle?: string;
}

/** The pages, most raised first: a rank, the photo, the name, what was raised against the goal. */
export function FundraiserLeaderboard({
  fundraisers,
  currency,
  label,
}: {
  fundraisers: FundraiserCard[];
  currency: string;
  label: string;
}) {
  return (
    <ol className="fundraisers" aria-label={label}>
      {fundraisers.map((page, index) => (
        <li key={page.id} className="fundraisers__card">
          <span className="fundraisers__rank" aria-label={`Number ${index + 1}`}>
            {index + 1}
          </span>
          {page.photo ? (
            <ResponsiveImage image={page.photo} alt="" sizes="4rem" className="fundraisers__photo" />
          ) : (
            <span className="fundraisers__photo fundraisers__photo--none" aria-hidden="true">
              {page.name.slice(0, 1)}
            </span>
          )}
          <span className="fundraisers__text">
            <Link to={fundraiserHref(page.id)} className="fundraisers__name">
              {page.name}
            </Link>
            {page.eventTitle ? <span className="giving__muted">{page.eventTitle}</span> : null}
            <span>
              <strong>{formatRoundMoney(page.raised, currency)}</strong>
              {page.goal ? ` of ${formatRoundMoney(page.goal, currency)}` : ""} raised
              {page.ended ? <span className="fundraisers__ended"> · Ended</span> : null}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * One supporter's page: photo, name, progress, the give button, the story and the latest gifts. `endedOn` (the end
 * as the event reads it) replaces the give button with the page's final total; `endsOn` says when it will end.
 */
export function FundraiserView({
  page,
  currency,
  giveHref,
  gifts,
  endedOn,
  endsOn,
}: {
  page: FundraiserCard & { storyHtml: string };
  currency: string;
  giveHref: string;
  gifts: { id: number; name: string; amount: number }[];
  endedOn: string | null;
  endsOn: string | null;
}) {
  return (
    <>
      <section className="guest-card giving__card" aria-labelledby="fundraiser-heading">
        {page.photo ? (
          <ResponsiveImage
            image={page.photo}
            alt={`${page.name}`}
            sizes="(min-width: 40rem) 36rem, 100vw"
            className="fundraiser__photo"
            loading="eager"
          />
        ) : null}
        <h1 id="fundraiser-heading">{page.name}</h1>
        <Thermometer
          total={page.raised}
          goal={page.goal}
          count={page.gifts}
          noun={["gift", "gifts"]}
          currency={currency}
          size="lg"
        />
        {endedOn ? (
          <p className="fundraiser__ended" role="status">
            This fundraiser ended on {endedOn}, having raised <strong>{formatRoundMoney(page.raised, currency)}</strong>
            . Thank you to everyone who gave.
          </p>
        ) : (
          <>
            <ButtonLink to={giveHref} variant="primary" size="lg">
              Give to {page.name}
            </ButtonLink>
            {endsOn ? <p className="giving__muted">Takes gifts until {endsOn}.</p> : null}
          </>
        )}
      </section>
      {page.storyHtml ? (
        <section className="guest-card giving__card" aria-label="The story">
          <RichText html={page.storyHtml} />
        </section>
      ) : null}
      {gifts.length > 0 ? (
        <section className="guest-card giving__card" aria-labelledby="page-gifts-heading">
          <h2 id="page-gifts-heading">Recent gifts</h2>
          <ul className="giving__recent">
            {gifts.map((gift) => (
              <li key={gift.id}>
                <span>{gift.name}</span>
                <strong>{formatRoundMoney(gift.amount, currency)}</strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** A supporter's own page as they start it or change it. */
export function FundraiserPageForm({
  formId,
  intent,
  reply,
  saved,
  submitLabel,
  timeZone,
  latestEnd,
}: {
  formId: string;
  intent: string;
  reply: FormReply | undefined;
  saved: { name: string; goal: string; story: string; photo: string | null; ends_at: string };
  submitLabel: string;
  /** The event's zone: the end is entered in it. */
  timeZone: string;
  /** The latest end a supporter may choose (the event's end, ISO), if any. */
  latestEnd: string | null;
}) {
  const { form, fields } = useContractForm({
    id: formId,
    schema: fundraiserPageSchema(timeZone),
    reply,
    defaultValue: { name: saved.name, goal: saved.goal, story: saved.story, ends_at: saved.ends_at },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, formId));
  const busy = useNavigation().formData?.get("intent") === intent;
  return (
    <Form method="post" encType="multipart/form-data" ref={formRef} className="giving__form" {...formProps(form)}>
      {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <input type="hidden" name="intent" value={intent} />
      <FundraiserPageFields fields={fields} saved={saved} timeZone={timeZone} latestEnd={latestEnd} own />
      <Button type="submit" variant="primary" size="lg" disabled={busy}>
        {busy ? "Sending…" : submitLabel}
      </Button>
    </Form>
  );
}

/**
 * A page's own fields, in the supporter's form (`own`: addressed to them) and in the staff's dialog: the name, the
 * goal, the story, the photo (an upload kept in `photo_pending` when the form is refused) and the end, in the
 * event's zone.
 */
export function FundraiserPageFields({
  fields,
  saved,
  timeZone,
  latestEnd = null,
  own = false,
}: {
  fields: Fieldset<ReturnType<typeof fundraiserPageSchema>>;
  saved: { story: string; photo: string | null };
  timeZone: string;
  latestEnd?: string | null;
  own?: boolean;
}) {
  const endsAt = fields.ends_at.initialValue;
  const pending = typeof fields.photo_pending.initialValue === "string" ? fields.photo_pending.initialValue : null;
  return (
    <>
      <Field label="Name on the page" required help={own ? "Yours, or your team's." : undefined} meta={fields.name}>
        {(control) => <input {...control} required autoComplete={own ? "name" : "off"} maxLength={80} />}
      </Field>
      <Field
        label="Goal"
        help={own ? "How much you hope to raise, such as 1,000. Optional." : "Such as 1,000. Optional."}
        meta={fields.goal}
      >
        {(control) => <input {...control} inputMode="decimal" autoComplete="off" />}
      </Field>
      <RichTextEditor
        name="story"
        label={own ? "Your story" : "Story"}
        help={own ? "Why this cause matters to you." : undefined}
        defaultValue={typeof fields.story.initialValue === "string" ? fields.story.initialValue : saved.story}
        error={fields.story.errors?.[0]}
      />
      {pending ? <input type="hidden" name={fields.photo_pending.name} value={pending} /> : null}
      <ImageField
        name="photo"
        label="Photo"
        currentUrl={pending ?? saved.photo}
        error={fields.photo.errors?.[0]}
        help={own ? "JPEG, PNG, WebP or GIF: you, or what you are raising money for." : "JPEG, PNG, WebP or GIF."}
        alt={pending ? "The photo chosen, not saved yet" : "The page's photo"}
      />
      <DateTimeField
        name={fields.ends_at.name}
        label="Ends"
        timeZone={timeZone}
        defaultValue={typeof endsAt === "string" ? (zonedInputToUtc(endsAt, timeZone)?.toISOString() ?? null) : null}
        max={latestEnd}
        error={fields.ends_at.errors?.[0]}
        help={
          own
            ? "When your page stops taking gifts, if you want it to. Leave it blank to keep it open."
            : "After this the page shows its final total and takes no more gifts. Blank: no end."
        }
      />
    </>
  );
}
