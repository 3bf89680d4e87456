import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { requireTeamMember } from "~/auth/access.server";
import { RichText } from "~/rich-text/rich-text";
import { RichTextEditor, richTextLinks } from "~/rich-text/rich-text-editor";
import { richTextSchema } from "~/rich-text/schema.server";
import { brandingStyle, type EventBranding } from "~/ui/branding";
import { Button, ButtonLink, type ButtonSize, type ButtonVariant } from "~/ui/button";
import { Card } from "~/ui/card";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { DateTimeField, dateTimeFieldLinks } from "~/ui/date-time-field";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { InboxIcon } from "~/ui/icons";
import { redirectWithToast } from "~/ui/toast.server";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { formatInZone, zonedDateTimeSchema } from "~/ui/zoned-time";

export const meta: MetaFunction = () => [{ title: "Components · Style guide · Gavel" }];

export const links: LinksFunction = () => [...richTextLinks(), ...dateTimeFieldLinks()];

// The demo pledge form: one schema, field errors back with status 400, a toast after success.
const pledgeSchema = z.object({
  name: z.string().trim().min(1, "Enter the name of the guest making the pledge."),
  amount: z
    .string()
    .trim()
    .min(1, "Enter an amount.")
    .transform((value) => value.replace(/^\$/, "").replaceAll(",", ""))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, "Enter a whole number of dollars, without cents.")
        .transform(Number)
        .refine((amount) => amount >= 1, "The amount must be at least $1.")
        .refine((amount) => amount <= 1_000_000, "The amount can be at most $1,000,000."),
    ),
});

const toastTypeSchema = z.enum(["success", "info", "error"]);

// The rich-text demo: the action sanitises what was posted, as every action saving rich text must. A function,
// not a module-level schema: richTextSchema is server-only, and this module also runs in the browser.
const richTextDemoSchema = () => z.object({ story: richTextSchema({ required: "Write a few words about the item." }) });

// The date demo's event is in a zone far from most browsers and servers, to show that times stay in it.
const DEMO_TIME_ZONE = "Pacific/Auckland";
const DEMO_STARTS_AT = "2027-03-13T06:00:00.000Z"; // Saturday 13 March 2027, 7:00 PM in Auckland (NZDT)
const dateTimeDemoSchema = z.object({
  startsAt: zonedDateTimeSchema(DEMO_TIME_ZONE, { required: "Choose when the gala starts." }),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireTeamMember(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireTeamMember(request);
  const form = await request.formData();
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  switch (form.get("intent")) {
    case "pledge": {
      const values = { name: String(form.get("name") ?? ""), amount: String(form.get("amount") ?? "") };
      const parsed = pledgeSchema.safeParse(values);
      if (!parsed.success) {
        return data({ intent: "pledge" as const, errors: parsed.error.flatten().fieldErrors, values }, { status: 400 });
      }
      const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
      return redirectWithToast(here, {
        title: `Pledge of ${dollars.format(parsed.data.amount)} from ${parsed.data.name}`,
        description: "The form was valid. This is a demo, so nothing was saved.",
      });
    }
    // The two demos below save nothing, so they answer with what they would store instead of redirecting.
    case "rich-text": {
      const parsed = richTextDemoSchema().safeParse({ story: String(form.get("story") ?? "") });
      if (!parsed.success) {
        return data(
          { intent: "rich-text" as const, errors: parsed.error.flatten().fieldErrors, html: null },
          { status: 400 },
        );
      }
      return data({ intent: "rich-text" as const, errors: null, html: parsed.data.story });
    }
    case "date-time": {
      const parsed = dateTimeDemoSchema.safeParse({ startsAt: String(form.get("startsAt") ?? "") });
      if (!parsed.success) {
        return data(
          { intent: "date-time" as const, errors: parsed.error.flatten().fieldErrors, stored: null },
          { status: 400 },
        );
      }
      const startsAt = parsed.data.startsAt!; // required, so never null here
      return data({
        intent: "date-time" as const,
        errors: null,
        stored: { utc: startsAt.toISOString(), wallTime: formatInZone(startsAt, DEMO_TIME_ZONE, "long") },
      });
    }
    case "toast": {
      const type = toastTypeSchema.catch("info").parse(form.get("type"));
      const examples = {
        success: { title: "Saved", description: "The change is stored." },
        info: { title: "Bidding opens at 6 pm", description: "Guests can browse the items until then." },
        error: { title: "That did not work", description: "The card was declined. Nothing was charged." },
      } as const;
      return redirectWithToast(here, { type, ...examples[type] });
    }
    case "confirm":
      return redirectWithToast(here, {
        title: "Confirmed",
        description: "The demo action ran after you confirmed it.",
      });
    case "slow":
      // Long enough for the loading overlay to appear.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return redirectWithToast(here, { type: "info", title: "Finished after 1.5 seconds" });
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

const VARIANTS: readonly ButtonVariant[] = ["primary", "secondary", "danger", "ghost"];
const SIZES: readonly ButtonSize[] = ["sm", "md", "lg"];
const SWATCHES = [
  ["Primary", "--color-primary", "--color-on-primary"],
  ["Secondary", "--color-secondary", "--color-on-secondary"],
  ["Accent", "--color-accent", "--color-on-accent"],
  ["Danger", "--color-danger", "--color-on-danger"],
  ["Success", "--color-success", "--color-on-success"],
  ["Hub header", "--color-hub", "--color-on-hub"],
  ["Text", "--color-text", "--color-background"],
  ["Muted text", "--color-text-muted", "--color-background"],
] as const;
const BRANDINGS: ReadonlyArray<{ name: string; branding: EventBranding }> = [
  { name: "Spec defaults", branding: {} },
  {
    name: "A navy and purple event",
    branding: { primary_color: "#1b2341", secondary_color: "#7850a0", accent_color: "#a7c7e7", heading_weight: 700 },
  },
];

export default function ComponentsPage() {
  return (
    <div className="style-guide">
      <Card
        title="Colours and type"
        description="Design tokens from app/styles/tokens.css; guest pages override them with the event's branding."
      >
        <ul className="swatches">
          {SWATCHES.map(([label, background, foreground]) => (
            <li
              key={background}
              className="swatch"
              style={{ background: `var(${background})`, color: `var(${foreground})` }}
            >
              <span className="swatch__label">{label}</span>
              <code className="swatch__token">{background}</code>
            </li>
          ))}
        </ul>
        <div className="type-sample">
          <h2>Heading: the silent auction closes at 9:30 pm</h2>
          <h3>Subheading: tables 1 to 12 close first</h3>
          <p>
            Body: guests bid from their phones; the auctioneer's clerk records paddle numbers during the live auction.{" "}
            <a href="#pledge-form">A link in text</a>.
          </p>
        </div>
      </Card>

      <Card
        title="Event branding"
        description="Guest pages set brandingStyle(event) on their wrapper; the same components take the event's colours and fonts."
      >
        <div className="brand-previews">
          {BRANDINGS.map(({ name, branding }) => (
            <div key={name} className="brand-preview" style={brandingStyle(branding)}>
              <h3>{name}</h3>
              <p>Bid on the weekend in the mountains before 9:30 pm.</p>
              <div className="cluster">
                <Button variant="primary">Place bid</Button>
                <span className="brand-preview__chip">Lot 12</span>
              </div>
            </div>
          ))}
        </div>
      </Card>

      <Card title="Button" description="Variants and sizes; the same look is available on links (ButtonLink).">
        <div className="stack">
          {SIZES.map((size) => (
            <div key={size} className="cluster">
              {VARIANTS.map((variant) => (
                <Button key={variant} variant={variant} size={size}>
                  {variant} {size}
                </Button>
              ))}
            </div>
          ))}
          <div className="cluster">
            <Button variant="primary" disabled>
              Disabled
            </Button>
            <ButtonLink to="#pledge-form" variant="secondary">
              A link styled as a button
            </ButtonLink>
          </div>
        </div>
      </Card>

      <Card title="Field" description="Label, control, help and error, wired with aria-describedby and aria-invalid.">
        <div className="field-grid">
          <Field label="Event title" help="Shown on the landing page and in emails.">
            {(control) => <input {...control} name="demo-title" defaultValue="Spring Gala 2025" />}
          </Field>
          <Field label="Ticket type" required>
            {(control) => (
              <select {...control} name="demo-ticket" defaultValue="single">
                <option value="single">Single seat</option>
                <option value="table">Table of 8</option>
              </select>
            )}
          </Field>
          <Field label="Guest email" error="Enter an email address such as name@example.org.">
            {(control) => <input {...control} type="email" name="demo-email" defaultValue="guest@" />}
          </Field>
          <Field label="Item description" help="A sentence or two; it appears under the item photo.">
            {(control) => <textarea {...control} name="demo-description" rows={3} />}
          </Field>
        </div>
      </Card>

      <PledgeForm />

      <RichTextDemo />

      <DateTimeDemo />

      <Card
        title="Toast"
        description="Sent by the server through a flash cookie after a redirect; closes after 5 seconds."
      >
        <Form method="post" className="cluster">
          <input type="hidden" name="intent" value="toast" />
          <Button type="submit" name="type" value="success">
            Success toast
          </Button>
          <Button type="submit" name="type" value="info">
            Info toast
          </Button>
          <Button type="submit" name="type" value="error">
            Error toast
          </Button>
        </Form>
      </Card>

      <Card
        title="ConfirmDialog"
        description="Asks before a form is posted; without JavaScript the button posts directly."
      >
        <div className="cluster">
          <ConfirmDialog
            trigger="Close the demo auction"
            triggerVariant="danger"
            title="Close the demo auction?"
            description="Winners would be notified and bidding would stop. In this demo, confirming only shows a toast."
            confirmLabel="Close auction"
            confirmVariant="danger"
            fields={{ intent: "confirm" }}
          />
          <ConfirmDialog
            trigger="Send a reminder"
            title="Send the reminder now?"
            description="Every registered guest would get it. In this demo, confirming only shows a toast."
            confirmLabel="Send"
            fields={{ intent: "confirm" }}
          />
        </div>
      </Card>

      <Card
        title="LoadingOverlay"
        description="Covers the page while a navigation or form post takes a while (80px spinner)."
      >
        <Form method="post">
          <input type="hidden" name="intent" value="slow" />
          <Button type="submit">Run a slow action</Button>
        </Form>
      </Card>

      <Card title="EmptyState" description="What a list shows before it has anything in it.">
        <EmptyState
          icon={<InboxIcon />}
          headingLevel={3}
          title="No auction items yet"
          text="Items you add to the inventory appear here, ready to be placed in the silent or live auction."
          action={
            <ButtonLink to="#pledge-form" variant="primary">
              Try the demo form
            </ButtonLink>
          }
        />
      </Card>
    </div>
  );
}

function PledgeForm() {
  const result = useActionData<typeof action>();
  const actionData = result?.intent === "pledge" ? result : undefined;
  const errors = actionData?.errors;
  const formRef = useRef<HTMLFormElement>(null);

  // After a failed post, move focus to the first field with an error so keyboard and screen reader users land on it.
  useEffect(() => {
    if (errors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  return (
    <Card
      title="A working form"
      description="Posts to this page; the action validates with zod, then redirects with a toast."
    >
      <Form method="post" id="pledge-form" ref={formRef} className="stack demo-form" noValidate>
        <input type="hidden" name="intent" value="pledge" />
        <Field label="Guest name" required error={errors?.name?.[0]}>
          {(control) => (
            <input {...control} name="name" autoComplete="name" defaultValue={actionData?.values.name} required />
          )}
        </Field>
        <Field
          label="Pledge amount (US dollars)"
          help="A whole number, such as 250."
          required
          error={errors?.amount?.[0]}
        >
          {(control) => (
            <input {...control} name="amount" inputMode="numeric" defaultValue={actionData?.values.amount} required />
          )}
        </Field>
        <div>
          <Button type="submit" variant="primary">
            Record pledge
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function RichTextDemo() {
  const result = useActionData<typeof action>();
  const answer = result?.intent === "rich-text" ? result : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer?.errors);
  return (
    <Card
      title="Rich text"
      description="RichTextEditor posts HTML; the action runs it through sanitizeRichText, and RichText shows the result."
    >
      <Form method="post" ref={formRef} className="stack" noValidate>
        <input type="hidden" name="intent" value="rich-text" />
        <RichTextEditor
          name="story"
          label="Item story"
          toolbarLabel="Item story formatting"
          help="Tell guests what makes this lot special."
          required
          defaultValue={answer?.html}
          error={answer?.errors?.story?.[0]}
        />
        <div>
          <Button type="submit" variant="primary">
            Save story
          </Button>
        </div>
      </Form>
      {answer?.html != null ? (
        <section className="stack" aria-labelledby="rich-text-result">
          <h3 id="rich-text-result">Sanitised result</h3>
          <RichText html={answer.html} />
          <details>
            <summary>The stored HTML</summary>
            <pre style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{answer.html}</pre>
          </details>
        </section>
      ) : null}
    </Card>
  );
}

function DateTimeDemo() {
  const result = useActionData<typeof action>();
  const answer = result?.intent === "date-time" ? result : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer?.errors);
  return (
    <Card
      title="Date and time"
      description={`DateTimeField shows and posts wall-clock time in the event's zone (here ${DEMO_TIME_ZONE}), whatever the browser's zone; the action turns it into an instant.`}
    >
      <Form method="post" ref={formRef} className="stack demo-form" noValidate>
        <input type="hidden" name="intent" value="date-time" />
        <DateTimeField
          name="startsAt"
          label="Gala starts"
          timeZone={DEMO_TIME_ZONE}
          defaultValue={answer?.stored?.utc ?? DEMO_STARTS_AT}
          required
          error={answer?.errors?.startsAt?.[0]}
        />
        <div>
          <Button type="submit" variant="primary">
            Save start time
          </Button>
        </div>
      </Form>
      {answer?.stored ? (
        <dl aria-label="Stored start time">
          <dt>Stored (UTC)</dt>
          <dd>
            <code data-testid="stored-utc">{answer.stored.utc}</code>
          </dd>
          <dt>In {DEMO_TIME_ZONE}</dt>
          <dd data-testid="stored-wall-time">{answer.stored.wallTime}</dd>
        </dl>
      ) : null}
    </Card>
  );
}
