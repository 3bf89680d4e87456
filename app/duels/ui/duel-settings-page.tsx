/**
 * /admin/auction_items/duels: the event's duels, one card each (title, the two sides, the amounts guests tap, when
 * it ends, open or closed) and a card to add one. Each card is its own form on the contract.
 */
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { paths } from "~/http/paths";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { DateTimeField } from "~/ui/date-time-field";
import { checkboxProps, Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatRoundMoney } from "~/ui/format";
import { SaveActions } from "~/ui/save-actions";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { DUEL_INTENT, duelFormId, duelSchema, incrementsText, MAX_INCREMENTS } from "../duels";

export interface DuelSetupData {
  eventId: number;
  timeZone: string;
  currency: string;
  duels: {
    id: number;
    title: string;
    side_a: string;
    side_b: string;
    increments: number[];
    ends_at: string | null;
    is_active: boolean;
    raised: number;
    gifts: number;
  }[];
}

export function DuelSetupPage() {
  const { eventId, timeZone, currency, duels } = useLoaderData<DuelSetupData>();
  return (
    <>
      <div className="page-header">
        <h1>Duels</h1>
        <p>
          Head-to-head giving: two tables or teams race to give the most, from their phones at{" "}
          <a href={paths.duel(eventId)}>/duel</a>. Gifts are added to each guest's bill at checkout.
        </p>
      </div>
      <div className="stack">
        {duels.map((duel) => (
          <DuelCard key={duel.id} duel={duel} timeZone={timeZone} currency={currency} eventId={eventId} />
        ))}
        <DuelCard duel={null} timeZone={timeZone} currency={currency} eventId={eventId} />
      </div>
    </>
  );
}

function DuelCard({
  duel,
  timeZone,
  currency,
  eventId,
}: {
  duel: DuelSetupData["duels"][number] | null;
  timeZone: string;
  currency: string;
  eventId: number;
}) {
  const formId = duelFormId(duel?.id ?? "new");
  const reply = replyFor(useActionData(), formId);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("form") === formId;
  const schema = duelSchema(timeZone);
  const { form, fields } = useContractForm({
    id: formId,
    schema,
    reply,
    defaultValue: duel
      ? {
          title: duel.title,
          side_a: duel.side_a,
          side_b: duel.side_b,
          increments: incrementsText(duel.increments),
          is_active: duel.is_active ? "yes" : "",
        }
      : { increments: "25, 50, 100", is_active: "yes" },
  });
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, reply);
  const heading = duel ? duel.title : "New duel";
  return (
    <section className="card" aria-labelledby={`${formId}-heading`}>
      <header className="card__header">
        <div>
          <h2 id={`${formId}-heading`} className="card__title">
            {heading}
          </h2>
          {duel ? (
            <p className="card__description">
              {formatRoundMoney(duel.raised, currency)} from {duel.gifts} {duel.gifts === 1 ? "gift" : "gifts"}
              {duel.is_active ? "" : " · closed"}
            </p>
          ) : null}
        </div>
        {duel ? (
          <div className="card__actions">
            <a href={paths.duel(eventId, { duel: duel.id })} target="_blank" rel="noreferrer">
              Open the duel
            </a>
            {duel.gifts === 0 ? (
              <ConfirmDialog
                trigger="Delete"
                triggerSize="sm"
                title={`Delete ${duel.title}?`}
                description="Nobody has given to it yet. It is removed for good."
                confirmLabel="Delete the duel"
                confirmVariant="danger"
                fields={{ intent: DUEL_INTENT.remove, duel: String(duel.id) }}
              />
            ) : null}
          </div>
        ) : null}
      </header>
      <Form method="post" ref={ref} className="settings-form card__body" {...formProps(form)}>
        <input type="hidden" name="form" value={formId} />
        <input type="hidden" name="intent" value={duel ? DUEL_INTENT.update : DUEL_INTENT.create} />
        {duel ? <input type="hidden" name="duel" value={duel.id} /> : null}
        {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        <Field label="Title" meta={fields.title} help="Shown at the top of /duel, e.g. “Table 7 vs Table 12”.">
          {(control) => <input {...control} />}
        </Field>
        <div className="field-grid">
          <Field label="First side" meta={fields.side_a}>
            {(control) => <input {...control} placeholder="Table 7" />}
          </Field>
          <Field label="Second side" meta={fields.side_b}>
            {(control) => <input {...control} placeholder="Table 12" />}
          </Field>
        </div>
        <Field
          label="Amounts to tap"
          meta={fields.increments}
          help={`Up to ${MAX_INCREMENTS} amounts in dollars, separated by commas, e.g. 25, 50, 100.`}
        >
          {(control) => <input {...control} inputMode="decimal" />}
        </Field>
        <DateTimeField
          key={`ends:${duel?.ends_at ?? ""}`}
          name={fields.ends_at.name}
          label="Ends at"
          timeZone={timeZone}
          defaultValue={duel?.ends_at ?? null}
          error={fields.ends_at.errors?.[0]}
          help="Leave blank to close it by hand."
        />
        <label className="checkbox">
          <input type="checkbox" {...checkboxProps(fields.is_active)} />
          Open: guests can give now
        </label>
        <SaveActions saving={saving} label={duel ? "Save" : "Add the duel"} />
      </Form>
    </section>
  );
}
