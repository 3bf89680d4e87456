import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { guestsWithBalance } from "~/billing/winners.server";
import { readRowId } from "~/db/row-id";
import { eventSettings } from "~/events/event-settings.server";
import { replyFor, type FormReply } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { redirectWithToast } from "~/http/toast.server";
import {
  broadcastDeliveries,
  listBroadcasts,
  previewBroadcast,
  sendBroadcast,
  tablesOf,
} from "~/messages/broadcasts.server";
import { AUDIENCES, SEND_FORM, SEND_INTENT, sendSchema, writtenDraft } from "~/messages/message-forms";
import { loadMessageSetup } from "~/messages/setup.server";
import { BroadcastDeliveries } from "~/messages/ui/broadcast-deliveries";
import { MessagesTabs } from "~/messages/ui/messages-tabs";
import { SendPreview } from "~/messages/ui/send-preview";
import { SentBroadcasts } from "~/messages/ui/sent-broadcasts";
import messagesHref from "~/styles/messages.css";
import { Button } from "~/ui/button";
import { titleMeta } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { formatCountOf } from "~/ui/format";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { formatInZone } from "~/ui/zoned-time";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: messagesHref }];

export const meta = titleMeta("Write to guests · Auction items · Gavel");

/**
 * /admin/auction_items/email_page/guests: write to the event's guests by email or text (can_send_messages). A preview
 * shows the message as the first guest of the audience gets it; sending writes every message to the outbox at once,
 * and the list below follows each send's progress and, opened, each recipient's delivery.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, "can_send_messages");
  const opened = readRowId(new URL(request.url).searchParams.get("broadcast"));
  const [tables, broadcasts, setup, settings] = await Promise.all([
    tablesOf(eventId),
    listBroadcasts(eventId),
    loadMessageSetup(eventId),
    eventSettings(eventId),
  ]);
  const open = broadcasts.find((broadcast) => broadcast.id === opened) ?? null;
  return {
    tables,
    canThankDonors: role.can_edit_auction_items,
    textingOn: setup.textingOn,
    broadcasts: broadcasts.map((broadcast) => ({
      ...broadcast,
      createdAt: formatInZone(broadcast.createdAt, settings.timezone),
    })),
    open: open ? { ...open, deliveries: await broadcastDeliveries(eventId, open.id) } : null,
  };
}

/** What a preview answers: the message as its first guest gets it, and the message as written. */
type PreviewAnswer = { preview: Awaited<ReturnType<typeof previewBroadcast>>; written: Record<string, string> };

/** Preview a message (the page again, with it), or send it (to the page with its progress open). */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: (request) => requireEventPermission(request, "can_send_messages"),
    intents: (intent) => ({
      [SEND_INTENT.preview]: intent({
        formId: SEND_FORM,
        schema: sendSchema,
        run: async ({ eventId, form }, draft) =>
          data<PreviewAnswer>({
            preview: await previewBroadcast(eventId, draft, { guestsWithBalance }),
            written: writtenDraft(form),
          }),
      }),
      [SEND_INTENT.send]: intent({
        formId: SEND_FORM,
        schema: sendSchema,
        run: async ({ eventId, user, request }, draft) => {
          const sent = await sendBroadcast(eventId, user.usr_id, draft, { guestsWithBalance });
          const url = new URL(request.url);
          url.searchParams.set("broadcast", String(sent.id));
          const skipped = formatCountOf(sent.skippedCount, "guest", "guests");
          return redirectWithToast(`${url.pathname}${url.search}`, {
            title: `Sending to ${formatCountOf(sent.recipientCount, "guest", "guests")}: follow it below`,
            description: sent.skippedCount > 0 ? `${skipped} skipped, as the preview said.` : undefined,
          });
        },
      }),
    }),
  });
}

export default function WriteToGuestsPage() {
  const { tables, canThankDonors, textingOn, broadcasts, open } = useLoaderData<typeof loader>();
  const answer = useActionData<PreviewAnswer | FormReply>();
  const preview = answer && "preview" in answer ? answer.preview : null;
  const { form, fields } = useContractForm({
    id: SEND_FORM,
    schema: sendSchema,
    reply: answer,
    defaultValue: answer && "written" in answer ? answer.written : { audience: "registrants", channel: "email" },
  });
  const channel = fields.channel.initialValue ?? "email";
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(answer, SEND_FORM));
  const busy = useNavigation().state === "submitting";
  // While messages are still queued, the progress is read again every two seconds.
  const revalidator = useRevalidator();
  const sending = broadcasts.some((broadcast) => broadcast.queued > 0);
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 2_000);
    return () => clearInterval(timer);
  }, [sending, revalidator]);

  return (
    <>
      <div className="page-header">
        <h1>Write to guests</h1>
        <p>An email or a text to your guests. Texts reach only guests who agreed to them and did not reply STOP.</p>
        <MessagesTabs canThankDonors={canThankDonors} />
      </div>
      <Form method="post" ref={formRef} className="settings-form" {...formProps(form)}>
        <div className="field-grid">
          <Field label="To" meta={fields.audience}>
            {(control) => (
              <select {...control}>
                {Object.entries(AUDIENCES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Table (for one table)" meta={fields.tbl_id}>
            {(control) => (
              <select {...control}>
                <option value="">—</option>
                {tables.map((table) => (
                  <option key={table.id} value={table.id}>
                    {table.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <fieldset>
          <legend>Send by</legend>
          <label className="checkbox">
            <input type="radio" name={fields.channel.name} value="email" defaultChecked={channel === "email"} /> Email
          </label>
          <label className="checkbox">
            <input
              type="radio"
              name={fields.channel.name}
              value="text"
              defaultChecked={channel === "text"}
              disabled={!textingOn}
            />{" "}
            Text message
            {textingOn ? null : " (off: no Twilio account in Setup → Texting)"}
          </label>
          {fields.channel.errors ? <p className="field__error">{fields.channel.errors[0]}</p> : null}
        </fieldset>
        <Field label="Subject (email)" meta={fields.subject}>
          {(control) => <input {...control} />}
        </Field>
        <Field label="Message" meta={fields.body} help="{{first_name}} becomes each guest's first name.">
          {(control) => <textarea {...control} rows={6} />}
        </Field>
        {form.errors ? (
          <p className="field__error" role="alert">
            {form.errors[0]}
          </p>
        ) : null}
        <div className="settings-form__actions">
          <Button type="submit" name="intent" value={SEND_INTENT.preview} disabled={busy}>
            Preview
          </Button>
          <Button type="submit" name="intent" value={SEND_INTENT.send} variant="primary" disabled={busy}>
            {busy ? "Working…" : "Send"}
          </Button>
        </div>
      </Form>
      {preview ? <SendPreview preview={preview} /> : null}
      <SentBroadcasts broadcasts={broadcasts} />
      {open ? <BroadcastDeliveries broadcast={open} /> : null}
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
