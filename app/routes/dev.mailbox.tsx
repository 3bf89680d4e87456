import { useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/auth/ui/auth-layout";
import { config } from "~/config.server";
import { developmentMailbox, htmlWithInlineImages } from "~/mail/development-mailbox.server";
import authHref from "~/styles/auth.css";
import { EmptyState } from "~/ui/empty-state";
import { ErrorPage } from "~/ui/error-page";
import type { LinksFunction, MetaFunction } from "@remix-run/node";

// /dev/mailbox: the mail Gavel would have sent, for development without an SMTP server. Not in production.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authHref }];

export const meta: MetaFunction = () => [{ title: "Development mailbox · Gavel" }];

export function loader() {
  if (!config.DEV_MAILBOX) throw new Response("Not found", { status: 404 });
  return {
    smtpConfigured: config.SMTP_URL !== undefined,
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

export default function DevelopmentMailbox() {
  const { smtpConfigured, messages } = useLoaderData<typeof loader>();
  return (
    <AuthLayout wide>
      <h1>Development mailbox</h1>
      <p className="muted">
        {smtpConfigured
          ? "SMTP_URL is set, so mail goes to that server and does not appear here."
          : "Without SMTP_URL, Gavel keeps the latest 50 messages it would have sent here (and writes them to the log). Reload to see new ones."}
      </p>
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
