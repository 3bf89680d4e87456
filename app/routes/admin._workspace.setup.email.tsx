import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { replyFor } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import { useContractForm } from "~/forms/use-contract-form";
import { messageOrigin } from "~/messages/links.server";
import { loadEventMessaging } from "~/messages/message-context.server";
import { EMAIL_SETUP_FORM, emailSetupSchema, TEST_SEND_FORM, testSendSchema } from "~/messages/message-forms";
import { isRichBody, plainBodyAsHtml } from "~/messages/rich-body";
import { loadMessageSetup, saveEmailSetup } from "~/messages/setup.server";
import { previewValues, TEMPLATE_NAMES, TEMPLATES, type TemplateName } from "~/messages/templates";
import { sendTestMessage } from "~/messages/test-send.server";
import { ChannelSetupForm, useChannelFields } from "~/messages/ui/channel-setup-form";
import { EmailPreview } from "~/messages/ui/email-preview";
import { RichTextEditor, richTextLinks } from "~/rich-text/ui/rich-text-editor";
import { ASK_FOR_STORED_SECRETS } from "~/security/stored-secrets";
import { Button } from "~/ui/button";
import { titleMeta } from "~/ui/error-page";
import { checkboxProps, Field } from "~/ui/field";
import { SaveActions } from "~/ui/save-actions";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const links: LinksFunction = () => richTextLinks();

export const meta = titleMeta("Email · Setup · Gavel");

/**
 * /admin/setup/email: who the event's emails come from, an SMTP server of the event's own (stored encrypted, never
 * shown back), which automatic emails go out, each template's subject and text with a live preview, and a test email
 * to oneself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const [setup, messaging] = await Promise.all([loadMessageSetup(eventId), loadEventMessaging(db, eventId)]);
  if (!messaging) throw new Response("There is no such event.", { status: 404 });
  return {
    setup,
    branding: messaging.branding,
    senderFallback: messaging.branding.charity,
    preview: { eventId, origin: messageOrigin(), branding: messaging.branding },
  };
}

/** The email settings saved, or a test sent to the person. */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: (request) => requireEventPermission(request, "can_configure_event"),
    intents: (intent) => ({
      [EMAIL_SETUP_FORM]: intent({
        formId: EMAIL_SETUP_FORM,
        schema: emailSetupSchema,
        run: async ({ eventId }, setup) => {
          await saveEmailSetup(eventId, setup);
          return "Email settings saved";
        },
      }),
      [TEST_SEND_FORM]: intent({
        formId: TEST_SEND_FORM,
        schema: testSendSchema,
        run: ({ eventId, user }, _) => sendTestMessage(eventId, user.usr_id, { channel: "email", phone: null }),
      }),
    }),
  });
}

/** The editor opens on rich text: ours is plain paragraphs. */
const richBody = (body: string) => (isRichBody(body) ? body : plainBodyAsHtml(body));

export default function EmailSetupPage() {
  const { setup, branding, senderFallback, preview } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const defaultValue: Record<string, string> = {
    sender_name: setup.senderName,
    reply_to: setup.replyTo,
  };
  for (const name of TEMPLATE_NAMES) {
    defaultValue[`auto_${name}`] = setup.automatic[name] ? "yes" : "";
    defaultValue[`subject_${name}`] = setup.templates[name]?.subject ?? TEMPLATES[name].subject;
    defaultValue[`body_${name}`] = setup.templates[name]?.body ?? TEMPLATES[name].body;
  }
  const { form, fields } = useContractForm({ id: EMAIL_SETUP_FORM, schema: emailSetupSchema, reply, defaultValue });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, EMAIL_SETUP_FORM));
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { typed, type, field } = useChannelFields(fields, defaultValue);

  return (
    <>
      <div className="page-header">
        <h1>Email</h1>
        <p>
          Who the event's emails come from, which go out by themselves, and what they say. Every email has a plain-text
          and an HTML part in the event's branding.
        </p>
      </div>
      <ChannelSetupForm savedAt={setup.savedAt} form={form} formRef={formRef} onTyped={type}>
        <fieldset className="stack">
          <legend>Sender</legend>
          <div className="field-grid">
            <Field
              label="Sender's name"
              meta={fields.sender_name}
              help={`Shown as who the email is from. Blank: ${senderFallback}.`}
            >
              {(control) => <input {...control} autoComplete="organization" />}
            </Field>
            <Field label="Reply-to address" meta={fields.reply_to} help="Where guests' replies go.">
              {(control) => <input {...control} type="email" autoComplete="email" />}
            </Field>
          </div>
          <Field
            label="Your own SMTP server (optional)"
            meta={fields.smtp_url}
            help={
              setup.canStoreSecrets
                ? setup.hasOwnSmtp
                  ? "A server of your own is stored (not shown). Enter a new address to replace it."
                  : "Without one, email goes through Gavel's server. Example: smtps://user:password@smtp.example.org:465"
                : `Email goes through Gavel's server. To use a server of your own, ${ASK_FOR_STORED_SECRETS}.`
            }
          >
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="off"
                disabled={!setup.canStoreSecrets}
                defaultValue=""
              />
            )}
          </Field>
          {setup.hasOwnSmtp ? (
            <label className="checkbox">
              <input type="checkbox" {...checkboxProps(fields.clear_smtp_url)} />
              Stop using our own server
            </label>
          ) : null}
        </fieldset>
        <fieldset className="stack">
          <legend>Messages</legend>
          {TEMPLATE_NAMES.filter((name) => name !== "test" && name !== "broadcast").map((name: TemplateName) => (
            <details key={name} className="template-editor">
              <summary>
                {TEMPLATES[name].label}{" "}
                <span className="template-editor__audience">
                  · {TEMPLATES[name].audience}
                  {typed[`auto_${name}`] === "" ? " · off" : ""}
                </span>
              </summary>
              <label className="checkbox">
                <input type="checkbox" {...checkboxProps(field(`auto_${name}`))} />
                Send it automatically
              </label>
              <Field label="Subject" meta={field(`subject_${name}`)}>
                {(control) => <input {...control} />}
              </Field>
              <RichTextEditor
                name={`body_${name}`}
                label="Message"
                toolbarLabel={`${TEMPLATES[name].label} formatting`}
                defaultValue={richBody(defaultValue[`body_${name}`])}
                error={field(`body_${name}`).errors?.[0]}
                help="{{first_name}}, {{event}}, {{item}}, {{amount}}, {{closes}} are filled in for each guest. Empty it to go back to ours."
                onChange={(html) => type(`body_${name}`, html)}
              />
              <EmailPreview
                template={name}
                values={previewValues(name, preview)}
                branding={branding}
                override={{ subject: typed[`subject_${name}`], body: typed[`body_${name}`] }}
              />
            </details>
          ))}
        </fieldset>
        <SaveActions saving={busy} />
      </ChannelSetupForm>
      <Form method="post" className="settings-form" replace>
        <input type="hidden" name="intent" value={TEST_SEND_FORM} />
        <input type="hidden" name="channel" value="email" />
        <p>Send yourself a test email to see the sender and the branding in your own mail program.</p>
        <div className="settings-form__actions">
          <Button type="submit" disabled={busy}>
            Send me a test email
          </Button>
        </div>
      </Form>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
