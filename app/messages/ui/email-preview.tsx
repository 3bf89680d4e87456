/**
 * A template's email as the guest will see it, rendered in the browser as the organiser types: the subject, and the
 * message's box. Its HTML is the template's own, every value in it escaped (templates.ts), with inline styles only.
 */
import { renderEmailTemplate, type MessageBranding, type TemplateName, type TemplateOverride } from "../templates";

export function EmailPreview({
  template,
  values,
  branding,
  override,
}: {
  template: TemplateName;
  values: Record<string, string>;
  branding: MessageBranding;
  override?: TemplateOverride;
}) {
  const rendered = renderEmailTemplate(template, values, branding, override);
  return (
    <figure className="email-preview">
      <figcaption>
        <span className="email-preview__label">Subject</span> {rendered.subject}
      </figcaption>
      <EmailBody html={rendered.bodyHtml} />
    </figure>
  );
}

/** The message's box as HTML made by renderEmailTemplate (escaped values, inline styles). */
export function EmailBody({ html }: { html: string }) {
  // Built by renderEmailTemplate, which escapes every value it puts in.
  return <div className="email-preview__frame" dangerouslySetInnerHTML={{ __html: html }} />;
}
