/**
 * Editing a guest from the registrants grid: names, contact and address, group, meal and answers, and the paddle
 * by hand (free, or shared within the party: a couple). The table is set on the seating screen, not here.
 */
import { useMemo } from "react";
import { PHONE_MAX_LENGTH } from "~/forms/rules";
import { RowDialog } from "~/grid/ui/row-dialog";
import { Field } from "~/ui/field";
import { FormDialog, type Fieldset } from "~/ui/form-dialog";
import { REGISTRANT_DIALOG_INTENT } from "../registrant-fields";
import { editRegistrantSchema } from "../registrant-form";
import { QuestionField } from "./register-stepper";
import type { RegistrantRow, RegistrationChoices } from "../registrants.server";

export const editDialogName = (row: RegistrantRow) => `edit-registrant-${row.registrant_id}`;

export const guestName = (row: RegistrantRow) => row.name ?? `Unnamed guest of ${row.party ?? "a party"}`;

/** The dialog of a row's Edit button; `inPage` for the form shown above the grid without JavaScript. */
export function RegistrantEditDialog({
  row,
  choices,
  inPage = false,
}: {
  row: RegistrantRow;
  choices: RegistrationChoices;
  inPage?: boolean;
}) {
  const Dialog = inPage ? FormDialog : RowDialog;
  const schema = useMemo(() => editRegistrantSchema(choices), [choices]);
  return (
    <Dialog
      name={editDialogName(row)}
      trigger="Edit"
      triggerLabel={`Edit ${guestName(row)}`}
      triggerVariant="ghost"
      title={`Edit ${guestName(row)}`}
      description={
        row.table ? `Seated at ${row.table}: seat guests on the Seating screen.` : "Seat guests on the Seating screen."
      }
      submitLabel="Save"
      fields={{ intent: REGISTRANT_DIALOG_INTENT.edit, registrant: String(row.registrant_id) }}
      schema={schema}
      defaultValue={savedValues(row, choices)}
    >
      {(fields) => <EditFields choices={choices} fields={fields} />}
    </Dialog>
  );
}

const TEXT_FIELDS = [
  "first_name",
  "last_name",
  "group",
  "email",
  "phone",
  "company",
  "address",
  "city",
  "state",
  "zip",
  "country",
] as const;

/** A guest as the form posts it. */
function savedValues(row: RegistrantRow, choices: RegistrationChoices) {
  const text = (current: string | number | null) => (current === null ? "" : String(current));
  const values: Record<string, string> = { paddle: text(row.paddle), meal_id: text(row.meal_id) };
  for (const name of TEXT_FIELDS) values[name] = text(row[name]);
  for (const asked of choices.questions) values[`answer-${asked.name}`] = row.answers[asked.name] ?? "";
  return values;
}

function EditFields({
  choices,
  fields,
}: {
  choices: RegistrationChoices;
  fields: Fieldset<ReturnType<typeof editRegistrantSchema>>;
}) {
  // What the field holds: saved, or as typed before a refusal.
  const value = (name: string) => {
    const held = fields[name]?.initialValue;
    return typeof held === "string" ? held : "";
  };
  const error = (name: string) => fields[name]?.errors?.[0];
  const text = (name: (typeof TEXT_FIELDS)[number], label: string, maxLength: number, type = "text") => (
    <Field label={label} error={error(name)}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          maxLength={maxLength}
          autoComplete="off"
          defaultValue={value(name)}
        />
      )}
    </Field>
  );
  const mealQuestion = choices.questions.find((asked) => asked.type === "meal");
  return (
    <>
      <div className="dialog__pair">
        {text("first_name", "First name", 100)}
        {text("last_name", "Last name", 100)}
      </div>
      <div className="dialog__pair">
        <Field label="Paddle" required error={error("paddle")} help="Free, or shared with a guest of the same party.">
          {(control) => (
            <input
              {...control}
              name="paddle"
              type="number"
              inputMode="numeric"
              required
              min={1}
              step={1}
              defaultValue={value("paddle")}
            />
          )}
        </Field>
        {text("group", "Group", 200)}
      </div>
      <div className="dialog__pair">
        {text("email", "Email", 200, "email")}
        {text("phone", "Phone", PHONE_MAX_LENGTH, "tel")}
      </div>
      {choices.meals.length > 0 ? (
        mealQuestion ? (
          <QuestionField asked={mealQuestion} meta={fields.meal_id} meals={choices.meals} requiredNow={false} />
        ) : (
          <Field label="Meal" error={error("meal_id")}>
            {(control) => (
              <select {...control} name="meal_id" defaultValue={value("meal_id")}>
                <option value="">Not chosen</option>
                {choices.meals.map((choice) => (
                  <option key={choice.meal_id} value={choice.meal_id}>
                    {choice.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )
      ) : null}
      {choices.questions
        .filter((asked) => asked.type !== "meal")
        .map((asked) => (
          <QuestionField
            key={asked.name}
            asked={asked}
            meta={fields[`answer-${asked.name}`]}
            meals={choices.meals}
            requiredNow={false}
          />
        ))}
      {text("company", "Company", 200)}
      {text("address", "Address", 200)}
      <div className="dialog__pair">
        {text("city", "City", 100)}
        {text("state", "State", 100)}
        {text("zip", "Zip", 20)}
        {text("country", "Country", 100)}
      </div>
    </>
  );
}
