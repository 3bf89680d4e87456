import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PERMISSION_LABELS, PERMISSIONS } from "~/auth/permissions";
import { replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { PersonNameFields } from "~/ui/record-fields";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { INVITE_FORM, inviteSchema, TEAM_INTENT } from "../team-forms";

/** Invite by email: the person gets a link to join the team, with the permissions ticked here. */
export function InviteForm({ reply }: { reply: unknown }) {
  const { form, fields } = useContractForm({ id: INVITE_FORM, schema: inviteSchema, reply });
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  // Until the page has loaded again after the post (a redirect after success, or the refusal).
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === TEAM_INTENT.invite;
  const wasSending = useRef(false);
  const refused = replyFor(reply, INVITE_FORM);

  // A refusal focuses its first field, also when it came as a whole page (a post sent before scripts had loaded).
  useFocusFirstError(formRef, refused);
  useEffect(() => {
    // After a successful post, start afresh.
    if (wasSending.current && !sending && !refused) formRef.current?.reset();
    wasSending.current = sending;
  }, [sending, refused]);

  const typed = fields.permission.initialValue;
  const chosen = new Set(Array.isArray(typed) ? typed : typeof typed === "string" ? [typed] : []);

  return (
    <Card
      title="Invite someone"
      description="They get an email with a link to join the team. You can change their permissions at any time."
    >
      <Form method="post" ref={formRef} className="stack" {...formProps(form)}>
        <input type="hidden" name="intent" value={TEAM_INTENT.invite} />
        <div className="field-row">
          <Field label="Email" required meta={fields.email}>
            {(control) => <input {...control} type="email" autoComplete="off" required />}
          </Field>
          <PersonNameFields fields={fields} />
        </div>
        <fieldset className="checkbox-group">
          <legend className="field__label">Permissions</legend>
          <div className="checkbox-group__options">
            {PERMISSIONS.map((permission) => (
              <label key={permission} className="checkbox">
                <input
                  type="checkbox"
                  name={fields.permission.name}
                  value={permission}
                  defaultChecked={chosen.has(permission)}
                />
                {PERMISSION_LABELS[permission]}
              </label>
            ))}
          </div>
          {fields.permission.errors?.[0] ? <p className="field__error">{fields.permission.errors[0]}</p> : null}
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
