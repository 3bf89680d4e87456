import { Form } from "@remix-run/react";
import { useRef } from "react";
import { Button } from "~/ui/button";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { DEFAULT_TIMEZONE, EVENTS_INTENT } from "../event-fields";
import { EventIdentityFields, type EventIdentityErrors } from "./event-identity-fields";

/** A new event in the same organisation; open by itself when the last try came back with errors. */
export function CreateEventForm({
  timeZones,
  appHost,
  errors,
  values,
}: {
  timeZones: string[];
  appHost: string;
  /** What the last try was refused for, and what it held. */
  errors: EventIdentityErrors | undefined;
  values: Record<string, string> | undefined;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  return (
    <details className="card create-event" open={errors !== undefined}>
      <summary className="create-event__summary">Create an event</summary>
      <Form method="post" ref={formRef} className="settings-form" noValidate>
        <input type="hidden" name="intent" value={EVENTS_INTENT.create} />
        <p className="muted">In the same organisation as the current event. You become its owner and switch to it.</p>
        <EventIdentityFields
          values={{ timezone: DEFAULT_TIMEZONE, ...values }}
          errors={errors}
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
