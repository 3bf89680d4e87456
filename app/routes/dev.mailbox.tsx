import { redirect, type ActionFunctionArgs, type LinksFunction, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { AuthLayout } from "~/auth/ui/auth-layout";
import { config } from "~/config.server";
import { PHONE_REPLY_WORDS, replyFromPhone, type PhoneReplyWord } from "~/demo/sandbox/phone-replies.server";
import { SandboxTexts } from "~/demo/ui/sandbox-texts";
import { readPostedForm } from "~/forms/posted-form.server";
import { developmentMailbox, developmentTexts, htmlWithInlineImages } from "~/mail/development-mailbox.server";
import { toE164 } from "~/messages/phone";
import { runningSandbox, SANDBOX_TWILIO } from "~/sandbox/switch.server";
import authHref from "~/styles/auth.css";
import { EmptyState } from "~/ui/empty-state";
import { ErrorPage } from "~/ui/error-page";

// /dev/mailbox: the mail Gavel would have sent, for development without an SMTP server, and the demo sandbox's texts
// (docs/decisions/037-demo-sandbox.md). Not in production.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authHref }];

export const meta: MetaFunction = () => [{ title: "Development mailbox · Gavel" }];

export function loader() {
  if (!config.DEV_MAILBOX) throw new Response("Not found", { status: 404 });
  return {
    smtpConfigured: config.SMTP_URL !== undefined,
    sandbox: runningSandbox() !== null,
    texts: developmentTexts().map((text) => ({
      ...text,
      sentAt: text.sentAt.toISOString(),
      toPhone: text.from === SANDBOX_TWILIO.from,
    })),
    messages: developmentMailbox().map((message) => ({
      id: message.id,
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: htmlWithInlineImages(message),
      sentAt: message.sentAt,
    })),
  };
}

/** A phone's reply to a demo text (STOP, START, HELP), posted to the app's inbound webhook as Twilio would. */
export async function action({ request }: ActionFunctionArgs) {
  if (!config.DEV_MAILBOX || !runningSandbox()) throw new Response("Not found", { status: 404 });
  const form = await readPostedForm(request);
  const phone = toE164(String(form.get("phone") ?? ""));
  const word = String(form.get("word") ?? "") as PhoneReplyWord;
  const sent = phone !== null && PHONE_REPLY_WORDS.includes(word) && (await replyFromPhone(phone, word));
  return redirect(sent ? "/dev/mailbox" : "/dev/mailbox?reply=failed");
}

export default function DevelopmentMailbox() {
  const { smtpConfigured, messages, sandbox, texts } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  return (
    <AuthLayout wide>
      <h1>Development mailbox</h1>
      <p className="muted">
        {smtpConfigured
          ? "SMTP_URL is set, so mail goes to that server and does not appear here."
          : "Without SMTP_URL, Gavel keeps the latest 50 messages it would have sent here (and writes them to the log). Reload to see new ones."}
      </p>
      {sandbox ? <SandboxTexts texts={texts} replyFailed={search.get("reply") === "failed"} /> : null}
      {sandbox ? <h2>Mail</h2> : null}
      {messages.length === 0 ? (
        <div className="auth-panel">
          <EmptyState title="No mail yet" text="Sign up or ask for a password reset, and the message appears here." />
        </div>
      ) : (
        <ol className="mailbox">
          {messages.map((message) => (
            <li key={message.id} className="auth-panel">
              <article aria-labelledby={`subject-${message.id}`}>
                <h2 id={`subject-${message.id}`}>{message.subject}</h2>
                <dl className="mailbox__headers">
                  <dt>To</dt>
                  <dd>{message.to}</dd>
                  <dt>From</dt>
                  <dd>{message.from}</dd>
                  <dt>Sent</dt>
                  <dd>
                    {/* UTC, formatted the same on the server and in the browser (no hydration mismatch). */}
                    <time dateTime={message.sentAt.toISOString()}>
                      {message.sentAt.toISOString().slice(0, 19).replace("T", " ")} UTC
                    </time>
                  </dd>
                </dl>
                {/* The HTML part as a mail client shows it, sandboxed: no scripts, no forms, no reach into the page. */}
                <iframe
                  className="mailbox__html"
                  title={`The email “${message.subject}”`}
                  // Links open in a tab of their own, as from a mail client; nothing else is allowed.
                  sandbox="allow-popups allow-popups-to-escape-sandbox"
                  srcDoc={`<base target="_blank">${message.html}`}
                />
                <details className="mailbox__text">
                  <summary>Plain-text part</summary>
                  <div className="mailbox__body">
                    <TextWithLinks text={message.text} />
                  </div>
                </details>
              </article>
            </li>
          ))}
        </ol>
      )}
    </AuthLayout>
  );
}

/** The plain-text body, with its web addresses made into links. */
function TextWithLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(/(https?:\/\/[^\s<>"]+)/g).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
