import { formatCount, formatCountOf } from "~/ui/format";
import { EmailBody } from "./email-preview";
import type { previewBroadcast } from "../broadcasts.server";

type Preview = Awaited<ReturnType<typeof previewBroadcast>>;

/**
 * The preview of a send to guests: how many will really get it, who is skipped and why (before anything is sent),
 * and the message as the first of them gets it.
 */
export function SendPreview({ preview }: { preview: Preview }) {
  const unnamed = preview.skippedCount - preview.skippedNamed.length;
  return (
    <section aria-labelledby="preview-title" className="settings-form send-preview">
      <h2 id="preview-title">Preview for {preview.recipient}</h2>
      <p className="send-preview__reach">
        <strong>{formatCountOf(preview.recipientCount, "recipient", "recipients")}</strong>{" "}
        {preview.recipientCount === 1 ? "gets" : "get"} it
        {preview.skippedCount > 0 ? ` of the ${formatCount(preview.audienceSize)} guests in this audience.` : "."}
      </p>
      {preview.skippedCount > 0 ? (
        <div className="messages-notice" role="note">
          <p>
            <strong>{formatCount(preview.skippedCount)} skipped:</strong>{" "}
            {preview.skippedReasons.map((entry) => `${entry.reason} (${formatCount(entry.count)})`).join(", ")}.
          </p>
          <details>
            <summary>Who is skipped</summary>
            <ul className="send-preview__skipped">
              {preview.skippedNamed.map((one, index) => (
                <li key={`${one.name}-${index}`}>
                  {one.name}: {one.reason}
                </li>
              ))}
            </ul>
            {unnamed > 0 ? <p>and {formatCountOf(unnamed, "other", "others")}.</p> : null}
          </details>
        </div>
      ) : null}
      {preview.email ? (
        <figure className="email-preview">
          <figcaption>
            <span className="email-preview__label">Subject</span> {preview.email.subject}
          </figcaption>
          <EmailBody html={preview.email.bodyHtml} />
        </figure>
      ) : (
        <p>
          <strong>Text:</strong> {preview.text}
        </p>
      )}
    </section>
  );
}
