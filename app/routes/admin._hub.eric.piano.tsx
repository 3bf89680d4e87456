import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState, type CSSProperties } from "react";
import { requireEventPermission } from "~/auth/access.server";
import {
  brandingWith,
  colourKeys,
  contrastOf,
  fontKeys,
  gradeText,
  ratioText,
  readChoice,
  ROLES,
  type BrandingValues,
  type PianoChoice,
} from "~/design-lab/piano";
import { eventSettings, saveEventSetup } from "~/events/event-settings.server";
import { BRANDING_FORM, brandingSchema } from "~/events/setup-forms";
import { CATALOGUE_FONT_CSS_HREF } from "~/fonts/font-faces.server";
import { formErrorOf, parseForm, replyFor } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm } from "~/forms/reply.server";
import { backWithToast } from "~/http/toast.server";
import biddingHref from "~/styles/bidding.css";
import { contrastWarnings } from "~/ui/branding";
import { Button } from "~/ui/button";
import { errorTitle } from "~/ui/error-page";
import { DEFAULT_EVENT_STYLE } from "~drizzle/schema/style-defaults";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { z } from "zod";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: biddingHref }];

export const meta: MetaFunction<typeof loader> = ({ error, data }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Piano · Design lab · Gavel" },
  // Every catalogue font, so the keys and the stage show the real faces.
  ...(data ? [{ tagName: "link", rel: "stylesheet", href: data.fontStylesheet }] : []),
];

/** /admin/eric/piano: the event's colours and fonts as keys; a pair's contrast; "use this" saves it to branding. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  const row = await eventSettings(eventId);
  const branding = Object.fromEntries(
    Object.keys(DEFAULT_EVENT_STYLE).map((name) => [name, String(row[name as keyof typeof DEFAULT_EVENT_STYLE])]),
  ) as BrandingValues;
  return {
    eventId,
    title: row.title,
    branding,
    // Without JavaScript the keys are a form sent by GET: the choice comes back in the query.
    choice: readChoice(new URL(request.url).searchParams, branding),
    fontStylesheet: CATALOGUE_FONT_CSS_HREF,
  };
}

/** "Use this": the branding the pair makes, checked and stored exactly as /admin/setup/branding does. */
export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  const submission = parseForm(await readPostedForm(request), brandingSchema);
  const save = async (branding: z.output<typeof brandingSchema>) => {
    await saveEventSetup(eventId, branding);
    return backWithToast(request, "Saved to the event's branding");
  };
  return answerForm(BRANDING_FORM, submission, save);
}

export default function PianoPage() {
  const { branding } = useLoaderData<typeof loader>();
  // A saved pair changes the keys themselves: the piano starts afresh on them.
  return <Piano key={JSON.stringify(branding)} />;
}

function Piano() {
  const { eventId, title, branding, choice: asked } = useLoaderData<typeof loader>();
  const reply = replyFor(useActionData<typeof action>(), BRANDING_FORM);
  const saving = useNavigation().state === "submitting";
  const [choice, setChoice] = useState<PianoChoice>(asked);
  const play = (change: Partial<PianoChoice>) => setChoice({ ...choice, ...change });
  const colours = colourKeys(branding);
  const fonts = fontKeys(branding);
  const colour = (key: PianoChoice["fg"]) => colours.find((candidate) => candidate.key === key)!;
  const [fg, bg] = [colour(choice.fg), colour(choice.bg)];
  const contrast = contrastOf(fg.value, bg.value);
  const after = brandingWith(branding, choice);
  const warnings = contrastWarnings(after);
  const changes = (Object.keys(after) as Array<keyof BrandingValues>).filter((name) => after[name] !== branding[name]);
  const refusal = reply ? [formErrorOf(reply), ...Object.values(reply.error ?? {}).flat()].filter(Boolean) : [];
  const stage = {
    "--piano-fg": fg.value,
    "--piano-bg": bg.value,
    "--piano-heading": `"${choice.heading}", system-ui, sans-serif`,
    "--piano-body": `"${choice.body}", system-ui, sans-serif`,
  } as CSSProperties;
  const pick = (fgKey: PianoChoice["fg"], bgKey: PianoChoice["bg"]) =>
    `?${new URLSearchParams({ id: String(eventId), fg: fgKey, bg: bgKey, heading: choice.heading, body: choice.body, role: choice.role })}`;

  return (
    <>
      <div className="page-header">
        <h1>Piano</h1>
        <p>
          {title}'s colours and fonts as keys. Press a background and a text colour to hear how they play together: the
          pair on real components, with its contrast. “Use this” saves it to the event's branding.
        </p>
      </div>
      <div className="piano">
        <Form method="get" className="piano__keys" aria-label="Keys">
          <input type="hidden" name="id" value={eventId} />
          <KeyRow legend="Background" name="bg" selected={choice.bg} keys={colours} onPick={(bg) => play({ bg })} />
          <KeyRow legend="Text" name="fg" selected={choice.fg} keys={colours} onPick={(fg) => play({ fg })} />
          <FontRow
            legend="Headings font"
            name="heading"
            selected={choice.heading}
            fonts={fonts}
            onPick={(heading) => play({ heading })}
          />
          <FontRow
            legend="Body font"
            name="body"
            selected={choice.body}
            fonts={fonts}
            onPick={(body) => play({ body })}
          />
          <fieldset className="piano__row">
            <legend>Use the background as</legend>
            <div className="piano__choices">
              {ROLES.map(([role, label]) => (
                <label key={role} className="checkbox">
                  <input
                    type="radio"
                    name="role"
                    value={role}
                    checked={choice.role === role}
                    onChange={() => play({ role })}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" variant="secondary" size="sm">
            Play this combination
          </Button>
        </Form>

        <section className="piano__stage" style={stage} aria-labelledby="piano-stage-title" data-testid="piano-stage">
          <h2 id="piano-stage-title" className="section-heading">
            {fg.label} on {bg.label}
          </h2>
          <p className="piano__verdict" role="status" data-testid="piano-contrast">
            Contrast <strong>{ratioText(contrast.ratio)}</strong>: body text AA {contrast.aa ? "pass" : "fail"}, AAA{" "}
            {contrast.aaa ? "pass" : "fail"}; large text AA {contrast.aaLarge ? "pass" : "fail"}, AAA{" "}
            {contrast.aaaLarge ? "pass" : "fail"}.
          </p>
          <div className="piano__canvas">
            <p className="piano__heading">An evening of giving</p>
            <p className="piano__text">
              Bid on the weekend at the lake house before 9:30 pm. Every dollar goes to the programmes.
            </p>
            <div className="cluster">
              <span className="button button--lg piano__button">Place a bid</span>
              <span className="button button--md piano__button piano__button--outline">Watch this item</span>
            </div>
            <div className="item-card piano__card">
              <div className="item-card__body">
                <p className="item-card__title">
                  <span className="item-card__lot">#12 </span>Cape Cod getaway
                </p>
                <dl className="item-card__facts">
                  <div>
                    <dt>Current bid</dt>
                    <dd className="item-card__amount">$450.00</dd>
                  </div>
                  <div>
                    <dt>Time left</dt>
                    <dd>1h 42m</dd>
                  </div>
                </dl>
              </div>
            </div>
          </div>
        </section>

        <section className="piano__save" aria-labelledby="piano-save-title">
          <h2 id="piano-save-title" className="section-heading">
            Use this
          </h2>
          {changes.length > 0 ? (
            <ul>
              {changes.map((name) => (
                <li key={name}>
                  {FIELD_LABELS[name]}: <code>{branding[name]}</code> → <code>{after[name]}</code>
                </li>
              ))}
            </ul>
          ) : (
            <p>The branding already uses this pair and these fonts.</p>
          )}
          {warnings.length > 0 ? (
            <div className="contrast-warning" role="status">
              <strong>With this, some text on the guests' pages may be hard to read.</strong>
              <ul>
                {warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {refusal.length > 0 ? (
            <div className="form-alert" role="alert">
              {refusal.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          ) : null}
          <Form method="post" className="cluster">
            {(Object.keys(after) as Array<keyof BrandingValues>).map((name) => (
              <input key={name} type="hidden" name={name} value={after[name]} />
            ))}
            <Button type="submit" variant="primary" disabled={saving || changes.length === 0}>
              {saving ? "Saving…" : "Use this"}
            </Button>
            <Link to={`/admin/setup/branding?id=${eventId}`}>Open the branding</Link>
          </Form>
        </section>

        <section className="piano__matrix" aria-labelledby="piano-matrix-title">
          <h2 id="piano-matrix-title" className="section-heading">
            Every pair
          </h2>
          <p className="muted">
            Each text colour on each background, with its contrast for body text. Press one to play it.
          </p>
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Text ↓ on background →</th>
                  {colours.map((background) => (
                    <th key={background.key} scope="col">
                      {background.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {colours.map((text) => (
                  <tr key={text.key}>
                    <th scope="row">{text.label}</th>
                    {colours.map((background) => {
                      if (background.key === text.key) return <td key={background.key}>—</td>;
                      const pair = contrastOf(text.value, background.value);
                      const current = choice.fg === text.key && choice.bg === background.key;
                      return (
                        <td key={background.key}>
                          <Link
                            to={pick(text.key, background.key)}
                            className="piano__pair"
                            style={{ color: text.value, background: background.value }}
                            aria-current={current ? "true" : undefined}
                            replace
                            preventScrollReset
                            onClick={(click) => {
                              // With JavaScript the pair plays here; without, the link asks the server for it.
                              click.preventDefault();
                              play({ fg: text.key, bg: background.key });
                            }}
                          >
                            {/* Drawn by CSS: a sample of a pair that fails is meant to be hard to read. */}
                            <span className="piano__pair-sample" aria-hidden="true" />
                            <span className="visually-hidden">
                              {text.label} on {background.label}:
                            </span>
                          </Link>{" "}
                          {ratioText(pair.ratio)} <span className="piano__grade">{gradeText(pair)}</span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </>
  );
}

const FIELD_LABELS: Record<keyof BrandingValues, string> = {
  primary_color: "Primary colour",
  secondary_color: "Secondary colour",
  accent_color: "Accent colour",
  text_color: "Text colour",
  heading_font: "Headings font",
  subheading_font: "Subheadings font",
  body_font: "Body font",
  heading_weight: "Headings weight",
  subheading_weight: "Subheadings weight",
  body_weight: "Body weight",
};

function KeyRow({
  legend,
  name,
  selected,
  keys,
  onPick,
}: {
  legend: string;
  name: string;
  selected: string;
  keys: ReturnType<typeof colourKeys>;
  onPick: (key: PianoChoice["fg"]) => void;
}) {
  return (
    <fieldset className="piano__row">
      <legend>{legend}</legend>
      <div className="piano__octave">
        {keys.map((key) => (
          <label key={key.key} className="piano__key">
            <input
              type="radio"
              name={name}
              value={key.key}
              checked={selected === key.key}
              onChange={() => onPick(key.key)}
            />
            <span className="piano__swatch" style={{ background: key.value }} aria-hidden="true" />
            <span className="piano__label">
              {key.label}
              <code>{key.value}</code>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function FontRow({
  legend,
  name,
  selected,
  fonts,
  onPick,
}: {
  legend: string;
  name: string;
  selected: string;
  fonts: string[];
  onPick: (family: string) => void;
}) {
  return (
    <fieldset className="piano__row">
      <legend>{legend}</legend>
      <div className="piano__octave">
        {fonts.map((family) => (
          <label key={family} className="piano__key piano__key--font">
            <input
              type="radio"
              name={name}
              value={family}
              checked={selected === family}
              onChange={() => onPick(family)}
            />
            <span
              className="piano__sample"
              style={{ fontFamily: `"${family}", system-ui, sans-serif` }}
              aria-hidden="true"
            >
              Aa
            </span>
            <span className="piano__label">{family}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
