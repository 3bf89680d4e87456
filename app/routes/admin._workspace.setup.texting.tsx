import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { replyFor } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { messageOrigin } from "~/messages/links.server";
import { loadEventMessaging } from "~/messages/message-context.server";
import { TEST_SEND_FORM, TEXTING_SETUP_FORM, testSendSchema, textingSetupSchema } from "~/messages/message-forms";
import { loadMessageSetup, saveTextingSetup } from "~/messages/setup.server";
import { previewValues, renderTextTemplate, TEMPLATE_NAMES, TEMPLATES, TEXT_LIMIT } from "~/messages/templates";
import { sendTestMessage } from "~/messages/test-send.server";
import { ChannelSetupForm, useChannelFields } from "~/messages/ui/channel-setup-form";
import { ASK_FOR_STORED_SECRETS } from "~/security/stored-secrets";
import { Button } from "~/ui/button";
import { titleMeta } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { SaveActions } from "~/ui/save-actions";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Texting · Setup · Gavel");

/**
 * /admin/setup/texting: the event's Twilio account and number (the auth token stored encrypted, never shown back),
 * the address Twilio posts replies to (STOP, START, HELP), how often a bidder may hear they were outbid on one item,
 * each text with a live preview and its length, and a test text to oneself. Without an account, texting is off.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const [setup, messaging] = await Promise.all([loadMessageSetup(eventId), loadEventMessaging(db, eventId)]);
  if (!messaging) throw new Response("There is no such event.", { status: 404 });
  return {
    setup,
    webhookUrl: `${messageOrigin()}/webhooks/twilio/sms`,
    preview: { eventId, origin: messageOrigin(), branding: messaging.branding },
  };
}

/** The texting settings saved, or a test sent to the person. */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: (request) => requireEventPermission(request, "can_configure_event"),
    intents: (intent) => ({
      [TEXTING_SETUP_FORM]: intent({
        formId: TEXTING_SETUP_FORM,
        schema: textingSetupSchema,
        run: async ({ eventId }, setup) => {
          await saveTextingSetup(eventId, setup);
          return "Texting settings saved";
        },
      }),
      [TEST_SEND_FORM]: intent({
        formId: TEST_SEND_FORM,
        schema: testSendSchema,
        run: ({ eventId, user }, test) => sendTestMessage(eventId, user.usr_id, test),
      }),
    }),
  });
}

const TEXT_TEMPLATES = TEMPLATE_NAMES.filter((name) => name !== "broadcast" && !name.startsWith("team_"));

export default function TextingSetupPage() {
  const { setup, webhookUrl, preview } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const defaultValue: Record<string, string> = {
    twilio_account_sid: setup.twilioAccountSid,
    twilio_from_number: setup.twilioFromNumber,
    outbid_window_minutes: String(setup.outbidWindowMinutes),
  };
  for (const name of TEXT_TEMPLATES) defaultValue[`text_${name}`] = setup.templates[name]?.text ?? TEMPLATES[name].text;
  const { form, fields } = useContractForm({ id: TEXTING_SETUP_FORM, schema: textingSetupSchema, reply, defaultValue });
  const test = useContractForm({ id: TEST_SEND_FORM, schema: testSendSchema, reply });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, TEXTING_SETUP_FORM));
  const busy = useNavigation().state === "submitting";
  const { typed, type, field } = useChannelFields(fields, defaultValue);

  return (
    <>
      <div className="page-header">
        <h1>Texting</h1>
        <p>
          Text messages to bidders and guests through your Twilio account. Guests are texted only once they agree to it,
          and a reply of STOP stops every text to that number at once.
        </p>
      </div>
      {setup.textingOn ? null : (
        <p className="messages-notice" role="status">
          Texting is off: enter your Twilio Account SID, auth token and number below to turn it on. Until then, outbid
          and other news goes by email only.
        </p>
      )}
      <ChannelSetupForm savedAt={setup.savedAt} form={form} formRef={formRef} onTyped={type}>
        <fieldset className="stack">
          <legend>Twilio account</legend>
          <div className="field-grid">
            <Field label="Account SID" meta={fields.twilio_account_sid} help="From the Twilio console: AC…">
              {(control) => <input {...control} autoComplete="off" spellCheck={false} />}
            </Field>
            <Field
              label="Auth token"
              meta={fields.twilio_auth_token}
              help={
                !setup.canStoreSecrets
                  ? `To store a token, ${ASK_FOR_STORED_SECRETS}.`
                  : setup.hasTwilioToken
                    ? "A token is stored (not shown). Leave blank to keep it."
                    : "Stored encrypted; never shown again."
              }
            >
              {(control) => <input {...control} type="password" autoComplete="off" disabled={!setup.canStoreSecrets} />}
            </Field>
          </div>
          <div className="field-grid">
            <Field label="Texts come from" meta={fields.twilio_from_number} help="Your Twilio number.">
              {(control) => <input {...control} type="tel" autoComplete="off" />}
            </Field>
            <Field
              label="Outbid messages per item, at most one every (minutes)"
              meta={fields.outbid_window_minutes}
              help="A bidder outbid again and again on one item hears of it once in this time."
            >
              {(control) => <input {...control} inputMode="numeric" />}
            </Field>
          </div>
          <p className="field__help">
            In Twilio, set the number's “A message comes in” webhook to <code>{webhookUrl}</code> (HTTP POST), so that
            STOP, START and HELP replies reach Gavel.
          </p>
        </fieldset>
        <fieldset className="stack">
          <legend>Texts</legend>
          {TEXT_TEMPLATES.map((name) => {
            const text = renderTextTemplate(name, previewValues(name, preview), { text: typed[`text_${name}`] });
            return (
              <Field
                key={name}
                label={TEMPLATES[name].label}
                meta={field(`text_${name}`)}
                help={`Preview (${text.length} of ${TEXT_LIMIT} characters): ${text}`}
              >
                {(control) => <textarea {...control} rows={2} />}
              </Field>
            );
          })}
        </fieldset>
        <SaveActions saving={busy} />
      </ChannelSetupForm>
      <Form method="post" className="settings-form" {...formProps(test.form)}>
        <input type="hidden" name="intent" value={TEST_SEND_FORM} />
        <input type="hidden" name="channel" value="text" />
        <Field label="Send a test text to" meta={test.fields.phone}>
          {(control) => <input {...control} type="tel" autoComplete="tel" />}
        </Field>
        <div className="settings-form__actions">
          <Button type="submit" disabled={busy || !setup.textingOn}>
            Send me a test text
          </Button>
        </div>
      </Form>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
