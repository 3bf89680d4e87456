import { Form } from "@remix-run/react";
import { useRef } from "react";
import { replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button } from "~/ui/button";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { DEFAULT_TIMEZONE, EVENTS_INTENT, NEW_EVENT_FORM, newEventSchema } from "../event-fields";
import { EventIdentityFields, type EventIdentityValues } from "./event-identity-fields";

/** A new event in the same organisation; open by itself when the last try came back refused. */
export function CreateEventForm({
  timeZones,
  appHost,
  reply,
}: {
  timeZones: string[];
  appHost: string;
  /** The action's last answer (the form contract's reply when it was this form's). */
  reply: unknown;
}) {
  const { form } = useContractForm({
    id: NEW_EVENT_FORM,
    schema: newEventSchema,
    reply,
    defaultValue: { timezone: DEFAULT_TIMEZONE },
  });
  const refused = replyFor(reply, NEW_EVENT_FORM);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, refused);
  return (
    <details className="card create-event" open={refused !== undefined}>
      <summary className="create-event__summary">Create an event</summary>
      <Form method="post" ref={formRef} className="settings-form" {...formProps(form)}>
        <input type="hidden" name="intent" value={EVENTS_INTENT.create} />
        <p className="muted">In the same organisation as the current event. You become its owner and switch to it.</p>
        <EventIdentityFields
          values={form.initialValue as EventIdentityValues}
          errors={form.allErrors}
          timeZones={timeZones}
          appHost={appHost}
        />
        <div className="settings-form__actions">
          <Button type="submit" variant="primary">
            Create the event
          </Button>
        </div>
      </Form>
    </details>
  );
}
