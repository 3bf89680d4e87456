import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type CSSProperties } from "react";
import {
  brandingWith,
  colourKeys,
  contrastOf,
  fontKeys,
  ratioText,
  ROLES,
  type BrandingValues,
  type PianoChoice,
} from "~/design-lab/piano";
import { formErrorOf, type FormReply } from "~/forms/form-contract";
import { paths } from "~/http/paths";
import { contrastWarnings } from "~/ui/branding";
import { Button } from "~/ui/button";
import { FontRow, KeyRow } from "./piano-keys";
import { PairMatrix } from "./piano-pairs";

/**
 * The design lab's piano: the event's colours and fonts as keys, the pair played on real components with its
 * contrast, and the branding it would make, to save with "Use this" (a form posting every branding field).
 */
export function Piano({
  eventId,
  title,
  branding,
  asked,
  reply,
}: {
  eventId: number;
  title: string;
  branding: BrandingValues;
  /** The choice the page was opened with (the keys' GET form without JavaScript). */
  asked: PianoChoice;
  reply: FormReply | undefined;
}) {
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
            <Link to={paths.setupBranding(eventId)}>Open the branding</Link>
          </Form>
        </section>

        <PairMatrix colours={colours} choice={choice} pick={pick} onPlay={play} />
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
