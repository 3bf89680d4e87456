/**
 * The event's short addresses on /admin/setup/event: each path with what it shows and a Remove button, and the form
 * that adds one (a path the event already has is refused: removing it comes first). The path field offers the paths
 * the app knows (a datalist) and takes any other typed. Plain forms: they work without JavaScript.
 */
import { Form } from "@remix-run/react";
import { useRef } from "react";
import { replyFor, type FormReply } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import {
  EVENT_SETUP_INTENT,
  KNOWN_SHORT_PATHS,
  SHORT_PATH_FORM,
  SHORT_PATH_SHOWS,
  shortPathSchema,
  type ShortPathShows,
} from "../short-path-forms";

export function ShortPathsSection({
  paths,
  canEdit,
  reply,
}: {
  paths: { path: string; shows: ShortPathShows }[];
  canEdit: boolean;
  reply: FormReply | undefined;
}) {
  const { form, fields } = useContractForm({
    id: SHORT_PATH_FORM,
    schema: shortPathSchema,
    reply,
    defaultValue: { shows: "giving" },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, SHORT_PATH_FORM));
  return (
    <section className="stack short-paths-section" aria-labelledby="short-paths-heading">
      <h2 id="short-paths-heading">Short addresses</h2>
      <p>
        A short path takes guests straight to this event's giving page (goal, thermometer, give buttons, recent gifts)
        or its bidding page (the silent-auction gallery), such as /woa2025give on a printed card or a sign.
      </p>
      {paths.length > 0 ? (
        <table className="short-paths">
          <caption className="visually-hidden">This event's short addresses</caption>
          <thead>
            <tr>
              <th scope="col">Path</th>
              <th scope="col">Shows</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {paths.map((row) => (
              <tr key={row.path}>
                <td>
                  <a href={`/${row.path}`} target="_blank" rel="noreferrer">
                    /{row.path}
                  </a>
                </td>
                <td>{SHORT_PATH_SHOWS[row.shows]}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="intent" value={EVENT_SETUP_INTENT.removePath} />
                    <input type="hidden" name="path" value={row.path} />
                    <Button type="submit" size="sm" disabled={!canEdit} aria-label={`Remove /${row.path}`}>
                      Remove
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState
          size="sm"
          headingLevel={3}
          title="No short addresses yet"
          text="Add one below: guests then type it, or scan it from a card, to land on the page it shows."
        />
      )}
      <Form method="post" ref={formRef} className="settings-form" {...formProps(form)}>
        <fieldset disabled={!canEdit} className="stack">
          <legend>Add a short address</legend>
          {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
          <input type="hidden" name="intent" value={EVENT_SETUP_INTENT.addPath} />
          <div className="field-grid">
            <Field
              label="Path"
              help="Choose one from the list or type your own: lower-case letters, digits and hyphens."
              meta={fields.path}
            >
              {(control) => <input {...control} list="known-short-paths" autoComplete="off" maxLength={40} />}
            </Field>
            <Field label="Shows" meta={fields.shows}>
              {(control) => (
                <select {...control}>
                  {Object.entries(SHORT_PATH_SHOWS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <datalist id="known-short-paths">
            {KNOWN_SHORT_PATHS.map((known) => (
              <option key={known.path} value={known.path} label={`/${known.path}: the ${known.shows} page`} />
            ))}
          </datalist>
          <div className="settings-form__actions">
            <Button type="submit">Save short address</Button>
          </div>
        </fieldset>
      </Form>
    </section>
  );
}
