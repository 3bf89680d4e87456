/**
 * /admin/setup/monitors: the event's monitors, one card per public address: its title, panels and pace, a link to
 * open it on the projector, and taking it down. Each card is its own form on the contract.
 */
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { paths } from "~/http/paths";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { SaveActions } from "~/ui/save-actions";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import {
  ITEMS_PER_PAGE,
  MONITOR_INTENT,
  MONITOR_PANELS,
  monitorFormId,
  monitorSchema,
  PANEL_LABELS,
  ROTATION,
  type MonitorPath,
  type MonitorSettings,
} from "../monitors";

export interface MonitorSetupData {
  eventId: number;
  monitors: { path: MonitorPath; settings: MonitorSettings; saved: boolean }[];
}

export function MonitorSetupPage() {
  const { eventId, monitors } = useLoaderData<MonitorSetupData>();
  return (
    <>
      <div className="page-header">
        <h1>Monitors</h1>
        <p>
          Screens left on projectors in the room. Set up what each address shows, then open it on the projector's
          computer: it follows every bid and gift by itself and reconnects on its own after a network drop.
        </p>
      </div>
      <div className="stack">
        {monitors.map((monitor) => (
          <MonitorCard key={monitor.path} eventId={eventId} {...monitor} />
        ))}
      </div>
    </>
  );
}

function MonitorCard({
  eventId,
  path,
  settings,
  saved,
}: {
  eventId: number;
  path: MonitorPath;
  settings: MonitorSettings;
  saved: boolean;
}) {
  const formId = monitorFormId(path);
  const reply = replyFor(useActionData(), formId);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("path") === path;
  const { form, fields } = useContractForm({
    id: formId,
    schema: monitorSchema,
    reply,
    defaultValue: {
      path,
      title: settings.title,
      panels: settings.panels,
      rotation_seconds: String(settings.rotation_seconds),
      items_per_page: String(settings.items_per_page),
    },
  });
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, reply);
  const ticked = new Set(fields.panels.initialValue as string[] | undefined);
  const panelsError = fields.panels.errors?.[0];
  const address = paths[path](eventId);
  return (
    <section className="card" aria-labelledby={`${formId}-heading`}>
      <header className="card__header">
        <h2 id={`${formId}-heading`} className="card__title">
          /{path}
        </h2>
        {saved ? (
          <div className="card__actions">
            <a href={address} target="_blank" rel="noreferrer">
              Open the monitor
            </a>
            <ConfirmDialog
              trigger="Take down"
              triggerVariant="secondary"
              triggerSize="sm"
              title={`Take down /${path}?`}
              description="The screen showing it will say it has been taken down. Its settings are removed."
              confirmLabel="Take it down"
              confirmVariant="danger"
              fields={{ intent: MONITOR_INTENT.remove, path }}
            />
          </div>
        ) : (
          <span className="muted">Not set up yet</span>
        )}
      </header>
      <Form method="post" ref={ref} className="settings-form card__body" {...formProps(form)}>
        <input type="hidden" name="path" value={path} />
        {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        <Field label="Title" meta={fields.title} help="Heads the screen, e.g. the event's name.">
          {(control) => <input {...control} />}
        </Field>
        <fieldset className="checkbox-group" aria-describedby={panelsError ? `${formId}-panels-error` : undefined}>
          <legend className="field__label">Panels</legend>
          <div className="checkbox-group__options">
            {MONITOR_PANELS.map((panel) => (
              <label key={panel} className="monitor-panel-choice">
                <input
                  type="checkbox"
                  name={fields.panels.name}
                  value={panel}
                  defaultChecked={ticked.has(panel)}
                  aria-describedby={`${formId}-${panel}-help`}
                />
                {PANEL_LABELS[panel].label}
                <span id={`${formId}-${panel}-help`} className="field__help">
                  {PANEL_LABELS[panel].help}
                </span>
              </label>
            ))}
          </div>
          {panelsError ? (
            <p id={`${formId}-panels-error`} className="field__error">
              {panelsError}
            </p>
          ) : null}
        </fieldset>
        <div className="field-grid">
          <Field
            label="Seconds per page of items"
            meta={fields.rotation_seconds}
            help={`How long each page of silent items stays, ${ROTATION.min} to ${ROTATION.max}.`}
          >
            {(control) => (
              <input {...control} type="number" inputMode="numeric" min={ROTATION.min} max={ROTATION.max} />
            )}
          </Field>
          <Field
            label="Items per page"
            meta={fields.items_per_page}
            help={`${ITEMS_PER_PAGE.min} to ${ITEMS_PER_PAGE.max}; about 10 reads well across a room.`}
          >
            {(control) => (
              <input {...control} type="number" inputMode="numeric" min={ITEMS_PER_PAGE.min} max={ITEMS_PER_PAGE.max} />
            )}
          </Field>
        </div>
        <SaveActions saving={saving} label={saved ? "Save" : "Set up this monitor"} intent={MONITOR_INTENT.save} />
      </Form>
    </section>
  );
}
