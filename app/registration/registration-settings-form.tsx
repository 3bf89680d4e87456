/**
 * The registration settings form of /admin/setup/registration: when /register sells tickets (in the event's time
 * zone), whether it stores a card, the most tickets per order, the first paddle number, and the message buyers
 * see once registered. A plain form post; a refusal comes back with the messages beside the fields and what was
 * typed.
 */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { wallToIso } from "~/events/auction-settings";
import { RichTextEditor } from "~/rich-text/rich-text-editor";
import { Button } from "~/ui/button";
import { DateTimeField } from "~/ui/date-time-field";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { LIMITS } from "./setup-fields";
import type { RegistrationSetupActionData, RegistrationSetupData } from "./registration-setup-route.server";

export function RegistrationSettingsForm({ data }: { data: RegistrationSetupData }) {
  const { timeZone, settings, windowSummary } = data;
  const actionData = useActionData<RegistrationSetupActionData>();
  const refused = actionData && "form" in actionData && actionData.form === "settings" ? actionData : undefined;
  const errors = refused?.errors;
  const values = refused?.values;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  const saving = useNavigation().formData?.get("intent") === "save-settings";
  const error = (name: string) => errors?.[name]?.[0];
  const text = (name: keyof typeof settings & string, stored: string) => (values ? (values[name] ?? "") : stored);
  // After a refused post the times come back as typed (wall times in the event's zone); else the stored instants.
  const time = (name: "start_date_time" | "end_date_time") =>
    values ? wallToIso(values[name], timeZone) : settings[name];
  const storeCard = values ? values.store_card === "yes" : settings.store_card;

  return (
    <Form
      method="post"
      ref={formRef}
      className="settings-form"
      noValidate
      aria-labelledby="registration-settings-heading"
    >
      <input type="hidden" name="intent" value="save-settings" />
      <h2 id="registration-settings-heading" className="section-heading">
        Registration window and settings
      </h2>
      <p className="muted">
        {windowSummary
          ? `Registration ${windowSummary}.`
          : "No dates are set: registration is open whenever the registration module is on."}
      </p>
      {refused?.formError ? <FormAlert>{refused.formError}</FormAlert> : null}
      <fieldset className="stack">
        <legend>When guests can register</legend>
        <div className="field-grid">
          <DateTimeField
            key={`start:${time("start_date_time") ?? ""}`}
            name="start_date_time"
            label="Registration opens"
            timeZone={timeZone}
            defaultValue={time("start_date_time")}
            error={error("start_date_time")}
            help="Leave empty to open as soon as registration is switched on."
          />
          <DateTimeField
            key={`end:${time("end_date_time") ?? ""}`}
            name="end_date_time"
            label="Registration closes"
            timeZone={timeZone}
            defaultValue={time("end_date_time")}
            error={error("end_date_time")}
            help="Leave empty to keep it open."
          />
        </div>
      </fieldset>
      <fieldset className="stack">
        <legend>Orders and paddles</legend>
        <div className="field-grid">
          <Field label="Most tickets per order" help={`From 1 to ${LIMITS.orderLimit}.`} error={error("order_limit")}>
            {(control) => (
              <input
                {...control}
                name="order_limit"
                type="number"
                inputMode="numeric"
                min={1}
                max={LIMITS.orderLimit}
                step={1}
                defaultValue={text("order_limit", settings.order_limit)}
              />
            )}
          </Field>
          <Field
            label="First paddle number"
            help={
              settings.next_paddle === null
                ? "Guests get paddle numbers from this one upwards."
                : `Guests get paddle numbers from this one upwards; the next one is ${settings.next_paddle}. Numbers handed out are never reused.`
            }
            error={error("paddle_start")}
          >
            {(control) => (
              <input
                {...control}
                name="paddle_start"
                type="number"
                inputMode="numeric"
                min={1}
                max={LIMITS.paddleStart}
                step={1}
                defaultValue={text("paddle_start", settings.paddle_start)}
              />
            )}
          </Field>
        </div>
        <label className="checkbox">
          <input type="checkbox" name="store_card" value="yes" defaultChecked={storeCard} key={`card:${storeCard}`} />
          Store a card at registration (saved, not charged: guests pay at checkout)
        </label>
      </fieldset>
      <RichTextEditor
        name="confirmation_message"
        label="Confirmation message"
        toolbarLabel="Confirmation message formatting"
        defaultValue={values?.confirmation_message ?? settings.confirmation_message}
        error={error("confirmation_message")}
        help="Shown once a guest has registered, and in their confirmation email."
      />
      <div className="settings-form__actions">
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? "Saving…" : "Save settings"}
        </Button>
      </div>
    </Form>
  );
}
