import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PERMISSION_LABELS, PERMISSIONS } from "~/auth/permissions";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import type { TeamFormErrors } from "./forms";

/** Invite by email: the person gets a link to join the team, with the permissions ticked here. */
export function InviteForm({ errors }: { errors: TeamFormErrors | undefined }) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  // Until the page has loaded again after the post (a redirect after success, or the refusal).
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "invite";
  const wasSending = useRef(false);
  const fieldErrors = errors?.fieldErrors;
  const values = errors?.values;

  useEffect(() => {
    // After a refused post, focus the first field with an error; after a successful one, start afresh.
    if (wasSending.current && !sending) {
      if (fieldErrors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      else formRef.current?.reset();
    }
    wasSending.current = sending;
  }, [sending, fieldErrors]);

  const chosen = new Set(Array.isArray(values?.permissions) ? values.permissions : []);
  const text = (name: string) => (typeof values?.[name] === "string" ? (values[name] as string) : undefined);

  return (
    <Card
      title="Invite someone"
      description="They get an email with a link to join the team. You can change their permissions at any time."
    >
      <Form method="post" ref={formRef} className="stack" noValidate>
        <input type="hidden" name="intent" value="invite" />
        <div className="field-row">
          <Field label="Email" required error={fieldErrors?.email?.[0]}>
            {(control) => (
              <input {...control} type="email" name="email" autoComplete="off" required defaultValue={text("email")} />
            )}
          </Field>
          <Field label="First name" error={fieldErrors?.first_name?.[0]}>
            {(control) => <input {...control} name="first_name" autoComplete="off" defaultValue={text("first_name")} />}
          </Field>
          <Field label="Last name" error={fieldErrors?.last_name?.[0]}>
            {(control) => <input {...control} name="last_name" autoComplete="off" defaultValue={text("last_name")} />}
          </Field>
        </div>
        <fieldset className="checkbox-group">
          <legend className="field__label">Permissions</legend>
          <div className="checkbox-group__options">
            {PERMISSIONS.map((permission) => (
              <label key={permission} className="checkbox">
                <input type="checkbox" name="permission" value={permission} defaultChecked={chosen.has(permission)} />
                {PERMISSION_LABELS[permission]}
              </label>
            ))}
          </div>
          {fieldErrors?.permissions?.[0] ? <p className="field__error">{fieldErrors.permissions[0]}</p> : null}
        </fieldset>
        <div>
          <Button type="submit" variant="primary" disabled={sending}>
            {sending ? "Sending…" : "Send invitation"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
