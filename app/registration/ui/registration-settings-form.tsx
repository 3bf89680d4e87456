/**
 * The registration settings form of /admin/setup/registration: when /register sells tickets (in the event's time
 * zone), whether it stores a card, the most tickets per order, the first paddle number, and the message buyers
 * see once registered. A plain form post on the form contract (form id "settings"): checked in the browser with
 * the action's schema, and a refusal comes back with the messages beside the fields and what was typed.
 */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useMemo, useRef } from "react";
import { wallToIso } from "~/events/auction-settings";
import { replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { RichTextEditor } from "~/rich-text/ui/rich-text-editor";
import { DateTimeField } from "~/ui/date-time-field";
import { checkboxProps, Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { SaveActions } from "~/ui/save-actions";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { utcToZonedInput } from "~/ui/zoned-time";
import { LIMITS } from "../setup-fields";
import { REGISTRATION_SETUP_INTENT, registrationSettingsSchema, SETTINGS_FORM } from "../setup-forms";
import type { RegistrationSetupData } from "../registration-setup.server";

export function RegistrationSettingsForm({ data }: { data: RegistrationSetupData }) {
  const { timeZone, settings, windowSummary } = data;
  const actionData = useActionData<unknown>();
  const schema = useMemo(() => registrationSettingsSchema(timeZone), [timeZone]);
  const { form, fields } = useContractForm({
    id: SETTINGS_FORM,
    schema,
    reply: actionData,
    // The times as the form posts them: wall times in the event's zone.
    defaultValue: {
      start_date_time: utcToZonedInput(settings.start_date_time, timeZone),
      end_date_time: utcToZonedInput(settings.end_date_time, timeZone),
      store_card: settings.store_card ? "yes" : "no",
      confirmation_message: settings.confirmation_message,
      paddle_start: settings.paddle_start,
      order_limit: settings.order_limit,
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(actionData, SETTINGS_FORM));
  const saving = useNavigation().formData?.get("intent") === REGISTRATION_SETUP_INTENT.saveSettings;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  // DateTimeField shows an instant: the wall time the form holds (saved, or typed before a refusal), read in the zone.
  const time = (name: "start_date_time" | "end_date_time") => wallToIso(text(fields[name].initialValue), timeZone);
  const storeCard = checkboxProps(fields.store_card);

  return (
    <Form
      method="post"
      ref={formRef}
      className="settings-form"
      {...formProps(form)}
      aria-labelledby="registration-settings-heading"
    >
      <input type="hidden" name="intent" value={REGISTRATION_SETUP_INTENT.saveSettings} />
      <h2 id="registration-settings-heading" className="section-heading">
        Registration window and settings
      </h2>
      <p className="muted">
        {windowSummary
          ? `Registration ${windowSummary}.`
          : "No dates are set: registration is open whenever the registration module is on."}
      </p>
      {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <fieldset className="stack">
        <legend>When guests can register</legend>
        <div className="field-grid">
          <DateTimeField
            key={`start:${time("start_date_time") ?? ""}`}
            name={fields.start_date_time.name}
            label="Registration opens"
            timeZone={timeZone}
            defaultValue={time("start_date_time")}
            error={fields.start_date_time.errors?.[0]}
            help="Leave empty to open as soon as registration is switched on."
          />
          <DateTimeField
            key={`end:${time("end_date_time") ?? ""}`}
            name={fields.end_date_time.name}
            label="Registration closes"
            timeZone={timeZone}
            defaultValue={time("end_date_time")}
            error={fields.end_date_time.errors?.[0]}
            help="Leave empty to keep it open."
          />
        </div>
      </fieldset>
      <fieldset className="stack">
        <legend>Orders and paddles</legend>
        <div className="field-grid">
          <Field label="Most tickets per order" help={`From 1 to ${LIMITS.orderLimit}.`} meta={fields.order_limit}>
            {(control) => (
              <input {...control} type="number" inputMode="numeric" min={1} max={LIMITS.orderLimit} step={1} />
            )}
          </Field>
          <Field
            label="First paddle number"
            help={
              settings.next_paddle === null
                ? "Guests get paddle numbers from this one upwards."
                : `Guests get paddle numbers from this one upwards; the next one is ${settings.next_paddle}. Numbers handed out are never reused.`
            }
            meta={fields.paddle_start}
          >
            {(control) => (
              <input {...control} type="number" inputMode="numeric" min={1} max={LIMITS.paddleStart} step={1} />
            )}
          </Field>
        </div>
        <label className="checkbox">
          <input type="checkbox" {...storeCard} key={`card:${storeCard.defaultChecked}`} />
          Store a card at registration (saved, not charged: guests pay at checkout)
        </label>
      </fieldset>
      <RichTextEditor
        name={fields.confirmation_message.name}
        label="Confirmation message"
        toolbarLabel="Confirmation message formatting"
        defaultValue={text(fields.confirmation_message.initialValue)}
        error={fields.confirmation_message.errors?.[0]}
        help="Shown once a guest has registered, and in their confirmation email."
      />
      <SaveActions saving={saving} label="Save settings" />
    </Form>
  );
}
