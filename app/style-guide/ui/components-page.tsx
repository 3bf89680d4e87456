/**
 * The style guide's components page (/admin/eric/components): every component of app/ui/ in its states, and demo
 * forms that post to the route's action (which saves nothing).
 */
import { Form, useActionData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { RichText } from "~/rich-text/ui/rich-text";
import { RichTextEditor } from "~/rich-text/ui/rich-text-editor";
import { brandingStyle, type EventBranding } from "~/ui/branding";
import { Button, ButtonLink, type ButtonSize, type ButtonVariant } from "~/ui/button";
import { Card } from "~/ui/card";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { DateTimeField } from "~/ui/date-time-field";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { InboxIcon } from "~/ui/icons";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { STYLE_GUIDE_INTENT } from "../demo-intents";

// The date demo's event is in a zone far from most browsers and servers, to show that times stay in it.
export const DEMO_TIME_ZONE = "Pacific/Auckland";
export const DEMO_STARTS_AT = "2027-03-13T06:00:00.000Z"; // Saturday 13 March 2027, 7:00 PM in Auckland (NZDT)
type Messages = Record<string, string[] | undefined>;

/** What the demo forms' action answers when it does not redirect. */
export type StyleGuideAnswer =
  | { intent: typeof STYLE_GUIDE_INTENT.pledge; errors: Messages; values: { name: string; amount: string } }
  | { intent: typeof STYLE_GUIDE_INTENT.richText; errors: Messages | null; html: string | null }
  | {
      intent: typeof STYLE_GUIDE_INTENT.dateTime;
      errors: Messages | null;
      stored: { utc: string; wallTime: string } | null;
    };

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

export function ComponentsPage() {
  return (
    <div className="style-guide">
      <Card
        title="Colours and type"
        description="The colours and type that Gavel's screens share; guest pages take the event's branding instead."
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
        description="Each guest page wears the event's branding: the same buttons and fields take its colours and fonts."
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

      <Card title="Button" description="Kinds and sizes; a link can look like a button too.">
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

      <Card
        title="Field"
        description="Label, box, help and error: a screen reader reads the help and the error with the field."
      >
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
          <input type="hidden" name="intent" value={STYLE_GUIDE_INTENT.toast} />
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
            fields={{ intent: STYLE_GUIDE_INTENT.confirm }}
          />
          <ConfirmDialog
            trigger="Send a reminder"
            title="Send the reminder now?"
            description="Every registered guest would get it. In this demo, confirming only shows a toast."
            confirmLabel="Send"
            fields={{ intent: STYLE_GUIDE_INTENT.confirm }}
          />
        </div>
      </Card>

      <Card
        title="LoadingOverlay"
        description="Covers the page while a navigation or form post takes a while (80px spinner)."
      >
        <Form method="post">
          <input type="hidden" name="intent" value={STYLE_GUIDE_INTENT.slow} />
          <Button type="submit">Run a slow action</Button>
        </Form>
      </Card>

      <Card
        title="EmptyState"
        description="What a list shows before it has anything in it; size “sm” inside a card or one section of a screen."
      >
        <div className="stack">
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
          <EmptyState
            size="sm"
            headingLevel={3}
            title="No bids yet"
            text="The items with the highest bids are ranked here once bidding starts."
          />
        </div>
      </Card>
    </div>
  );
}

function PledgeForm() {
  const result = useActionData<StyleGuideAnswer>();
  const actionData = result?.intent === STYLE_GUIDE_INTENT.pledge ? result : undefined;
  const errors = actionData?.errors;
  const formRef = useRef<HTMLFormElement>(null);

  // After a failed post, move focus to the first field with an error so keyboard and screen reader users land on it.
  useEffect(() => {
    if (errors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  return (
    <Card
      title="A working form"
      description="Sends to this page, which checks what was typed, then comes back with a message."
    >
      <Form method="post" id="pledge-form" ref={formRef} className="stack demo-form" noValidate>
        <input type="hidden" name="intent" value={STYLE_GUIDE_INTENT.pledge} />
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
  const result = useActionData<StyleGuideAnswer>();
  const answer = result?.intent === STYLE_GUIDE_INTENT.richText ? result : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer?.errors);
  return (
    <Card
      title="Rich text"
      description="The editor sends formatted text; anything unsafe in it (scripts, frames) is removed when it is saved, and the text shows as guests will see it."
    >
      <Form method="post" ref={formRef} className="stack" noValidate>
        <input type="hidden" name="intent" value={STYLE_GUIDE_INTENT.richText} />
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
  const result = useActionData<StyleGuideAnswer>();
  const answer = result?.intent === STYLE_GUIDE_INTENT.dateTime ? result : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer?.errors);
  return (
    <Card
      title="Date and time"
      description={`DateTimeField shows and posts wall-clock time in the event's zone (here ${DEMO_TIME_ZONE}), whatever the browser's zone; the action turns it into an instant.`}
    >
      <Form method="post" ref={formRef} className="stack demo-form" noValidate>
        <input type="hidden" name="intent" value={STYLE_GUIDE_INTENT.dateTime} />
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
