/**
 * Editing a guest from the registrants grid: names, contact and address, group, meal and answers, and the paddle
 * by hand (free, or shared within the party: a couple). The table is set on the seating screen, not here.
 */
import { RowDialog } from "~/grid/row-dialog";
import { Field } from "~/ui/field";
import { FormDialog, type DialogRefusal } from "~/ui/form-dialog";
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
      fields={{ intent: "edit", registrant: String(row.registrant_id) }}
    >
      {(refusal) => <EditFields row={row} choices={choices} refusal={refusal} />}
    </Dialog>
  );
}

function EditFields({
  row,
  choices,
  refusal,
}: {
  row: RegistrantRow;
  choices: RegistrationChoices;
  refusal: DialogRefusal | undefined;
}) {
  const value = (name: string, current: string | number | null) =>
    refusal?.values?.[name] ?? (current === null ? "" : String(current));
  const error = (name: string) => refusal?.fieldErrors?.[name]?.[0];
  const text = (name: keyof RegistrantRow & string, label: string, maxLength: number, type = "text") => (
    <Field label={label} error={error(name)}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          maxLength={maxLength}
          autoComplete="off"
          defaultValue={value(name, row[name] as string | null)}
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
              defaultValue={value("paddle", row.paddle)}
            />
          )}
        </Field>
        {text("group", "Group", 200)}
      </div>
      <div className="dialog__pair">
        {text("email", "Email", 200, "email")}
        {text("phone", "Phone", 40, "tel")}
      </div>
      {choices.meals.length > 0 ? (
        mealQuestion ? (
          <QuestionField
            asked={mealQuestion}
            name="meal_id"
            value={value("meal_id", row.meal_id)}
            error={error("meal_id")}
            meals={choices.meals}
            requiredNow={false}
          />
        ) : (
          <Field label="Meal" error={error("meal_id")}>
            {(control) => (
              <select {...control} name="meal_id" defaultValue={value("meal_id", row.meal_id)}>
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
            name={`answer-${asked.name}`}
            value={value(`answer-${asked.name}`, row.answers[asked.name] ?? null)}
            error={error(`answer-${asked.name}`)}
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
