import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { messageOrigin } from "~/messages/links.server";
import { loadEventMessaging } from "~/messages/message-context.server";
import { previewValues, renderTextTemplate, TEMPLATE_NAMES, TEMPLATES } from "~/messages/templates";
import { EmailPreview } from "~/messages/ui/email-preview";
import { titleMeta } from "~/ui/error-page";
import type { LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Email · Design lab · Gavel");

/**
 * /admin/eric/email: every message template on one page, in the current event's branding, with its name, date,
 * address and links and a sample guest and item: the email (subject and HTML) and the text. Nothing is sent.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  const messaging = await loadEventMessaging(db, eventId);
  if (!messaging) throw new Response("There is no such event.", { status: 404 });
  // The organiser's own texts, so the page shows what guests will get.
  return { branding: messaging.branding, templates: messaging.templates, eventId, origin: messageOrigin() };
}

export default function EmailTemplatesPage() {
  const { branding, templates, eventId, origin } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>Email</h1>
        <p>
          Every message Gavel sends, as {branding.eventTitle} would send it now: its branding, date and address, with a
          sample guest and item.
        </p>
      </div>
      <div className="stack">
        {TEMPLATE_NAMES.map((name) => {
          const values = previewValues(name, { eventId, origin, branding });
          return (
            <section key={name} aria-labelledby={`template-${name}`} className="template-editor">
              <h2 id={`template-${name}`}>{TEMPLATES[name].label}</h2>
              <p className="template-editor__audience">To: {TEMPLATES[name].audience}</p>
              <EmailPreview template={name} values={values} branding={branding} override={templates[name]} />
              <p>
                <strong>Text:</strong> {renderTextTemplate(name, values, templates[name])}
              </p>
            </section>
          );
        })}
      </div>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
