/**
 * /dev/mailbox's texts: what the demo's text gateway took instead of a phone, newest first, each marked as a demo
 * text. A text to a phone can be answered STOP, START or HELP, as that phone would (plain form posts: no JavaScript).
 */
import { Form } from "@remix-run/react";
import { Button } from "~/ui/button";

export interface ShownText {
  id: string;
  to: string;
  from: string;
  body: string;
  sentAt: string;
  /** Sent to a phone (not from one): it can be answered. */
  toPhone: boolean;
}

export function SandboxTexts({ texts, replyFailed }: { texts: ShownText[]; replyFailed: boolean }) {
  return (
    <section aria-labelledby="texts-heading" className="mailbox-texts">
      <h2 id="texts-heading">Texts</h2>
      <p className="muted">
        Demo texts: Gavel&apos;s sandbox gateway keeps them here, and no phone receives them. Answer one as the phone
        would to try STOP and START.
      </p>
      {replyFailed ? (
        <p role="alert" className="mailbox-texts__alert">
          The reply did not reach Gavel. Reload the page and try again.
        </p>
      ) : null}
      <ol className="mailbox">
        {texts.map((text) => (
          <li key={text.id} className="auth-panel mailbox-text">
            <p className="mailbox-text__mark">Demo text</p>
            <dl className="mailbox__headers">
              <dt>To</dt>
              <dd>{text.to}</dd>
              <dt>From</dt>
              <dd>{text.from}</dd>
              <dt>Sent</dt>
              <dd>
                <time dateTime={text.sentAt}>{text.sentAt.slice(0, 19).replace("T", " ")} UTC</time>
              </dd>
            </dl>
            <p className="mailbox__body">{text.body}</p>
            {text.toPhone ? (
              <Form method="post" className="mailbox-text__reply" aria-label={`Reply as ${text.to}`}>
                <input type="hidden" name="phone" value={text.to} />
                <span>Reply as {text.to}:</span>
                {["STOP", "START", "HELP"].map((word) => (
                  <Button key={word} type="submit" name="word" value={word} variant="secondary">
                    {word}
                  </Button>
                ))}
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
