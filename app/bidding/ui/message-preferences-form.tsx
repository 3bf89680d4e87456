/**
 * On the bidder's own page: how they hear that they were outbid (email, text, both or none), their mobile number, and
 * their consent to texts. Without a Twilio account for the event, texting is off and the form says so.
 */
import { Form, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { PREFERENCE_FORM, preferenceSchema, type OutbidChannel } from "~/messages/preference-form";
import { Button } from "~/ui/button";
import { checkboxProps, Field } from "~/ui/field";
import { useFocusFirstError } from "~/ui/use-focus-first-error";

const CHOICES: { value: OutbidChannel; label: string; texting: boolean }[] = [
  { value: "email", label: "Email", texting: false },
  { value: "text", label: "Text message", texting: true },
  { value: "both", label: "Email and text", texting: true },
  { value: "none", label: "Don't tell me", texting: false },
];

export function MessagePreferencesForm({
  saved,
  reply,
  postHref,
}: {
  saved: { outbid_channel: OutbidChannel; text_consent: boolean; phone: string; textingAvailable: boolean };
  reply: unknown;
  /** Where the bidder pages' forms post (/inroombid, also from a short path). */
  postHref: string;
}) {
  const { form, fields } = useContractForm({
    id: PREFERENCE_FORM,
    schema: preferenceSchema,
    reply,
    defaultValue: {
      outbid_channel: saved.outbid_channel,
      phone: saved.phone,
      text_consent: saved.text_consent ? "yes" : "",
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, PREFERENCE_FORM));
  const saving = useNavigation().formData?.get("intent") === PREFERENCE_FORM;
  const channelError = fields.outbid_channel.errors?.[0];
  return (
    <section className="my-bids__group message-preferences" aria-labelledby="message-preferences-title">
      <h2 id="message-preferences-title">When you are outbid</h2>
      <Form method="post" action={postHref} ref={formRef} {...formProps(form)}>
        <input type="hidden" name="intent" value={PREFERENCE_FORM} />
        <fieldset aria-describedby={channelError ? "outbid-channel-error" : undefined}>
          <legend>Tell me by</legend>
          {CHOICES.map((choice) => (
            <label key={choice.value} className="message-preferences__choice">
              <input
                type="radio"
                name={fields.outbid_channel.name}
                value={choice.value}
                // The choice sent, when it was refused (a page loaded again without JavaScript), else the saved one.
                defaultChecked={fields.outbid_channel.initialValue === choice.value}
                disabled={choice.texting && !saved.textingAvailable}
              />
              {choice.label}
            </label>
          ))}
          {channelError ? (
            <p id="outbid-channel-error" className="field__error">
              {channelError}
            </p>
          ) : null}
        </fieldset>
        {saved.textingAvailable ? (
          <>
            <Field label="Mobile number" meta={fields.phone} help="Texts carry the exact time bidding ends.">
              {(control) => <input {...control} type="tel" autoComplete="tel" inputMode="tel" />}
            </Field>
            <label className="checkbox">
              <input
                type="checkbox"
                {...checkboxProps(fields.text_consent)}
                aria-invalid={fields.text_consent.errors ? true : undefined}
                aria-describedby={fields.text_consent.errors ? "text-consent-error" : undefined}
              />
              I agree to receive texts about my bids at this event. Reply STOP to stop them.
            </label>
            {fields.text_consent.errors ? (
              <p id="text-consent-error" className="field__error">
                {fields.text_consent.errors[0]}
              </p>
            ) : null}
          </>
        ) : (
          <p className="item-card__meta">This event does not send text messages, so outbid news comes by email.</p>
        )}
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? "Saving…" : "Save"}
        </Button>
      </Form>
    </section>
  );
}
