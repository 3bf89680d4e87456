/**
 * The registration questions of /admin/setup/registration and the meals the meal question offers: ordered lists
 * edited in dialogs. A question's dialog shows the rules of its kind of answer once JavaScript runs (choices for
 * a list, a pattern for text, bounds for a number); without it every rule is shown, each saying when it applies.
 */
import { useState } from "react";
import { RowDialog } from "~/grid/ui/row-dialog";
import { checkboxProps, Field } from "~/ui/field";
import { FormDialog, type Fieldset } from "~/ui/form-dialog";
import { SelectOptions } from "~/ui/select-options";
import { useHydrated } from "~/ui/use-hydrated";
import { labelOf, LIMITS, QUESTION_TYPES } from "../setup-fields";
import { mealSchema, questionSchema, recordIntent } from "../setup-forms";
import { DeleteButton, SetupListSection } from "./setup-list-parts";
import type { RegistrationSetupData } from "../registration-setup.server";

type Question = RegistrationSetupData["questions"][number];
type Meal = RegistrationSetupData["meals"][number];

const NEW_QUESTION = { type: "text" };

/** A saved question as its form posts it. */
function questionValues(row: Question) {
  const rules = row.validation;
  return {
    name: row.name,
    label: row.label,
    type: row.type,
    required: rules.required ? "yes" : "no",
    options: (rules.options ?? []).join("\n"),
    pattern: rules.pattern ?? "",
    min: rules.min === undefined ? "" : String(rules.min),
    max: rules.max === undefined ? "" : String(rules.max),
    help: row.help ?? "",
    is_pre_sales_question: row.is_pre_sales_question ? "yes" : "no",
  };
}

function QuestionFields({ fields, mealCount }: { fields: Fieldset<typeof questionSchema>; mealCount: number }) {
  const hydrated = useHydrated();
  const [type, setType] = useState(String(fields.type.initialValue ?? ""));
  // Before JavaScript runs every rule is there to fill in; after, only those of the chosen kind of answer.
  const shows = (...types: string[]) => !hydrated || types.includes(type);
  return (
    <>
      <Field label="Question" required meta={fields.label}>
        {(control) => <input {...control} required autoComplete="off" />}
      </Field>
      <div className="dialog__pair">
        <Field label="Kind of answer" meta={fields.type}>
          {(control) => (
            <select {...control} onChange={(event) => setType(event.target.value)}>
              <SelectOptions options={QUESTION_TYPES} />
            </select>
          )}
        </Field>
        <Field
          label="Name"
          help="Answers are kept under it (lower-case, digits and _). Leave blank to make one from the question."
          meta={fields.name}
        >
          {(control) => <input {...control} maxLength={LIMITS.questionName} autoComplete="off" spellCheck={false} />}
        </Field>
      </div>
      {shows("select") ? (
        <Field label="Choices" help="For a choice from a list: one per line, at least two." meta={fields.options}>
          {(control) => <textarea {...control} rows={4} />}
        </Field>
      ) : null}
      {shows("meal") ? (
        <p className="muted">
          {mealCount === 0
            ? "A meal question offers the meals listed under Meals: add them there."
            : `A meal question offers the ${mealCount} meals listed under Meals, and records the guest's meal.`}
        </p>
      ) : null}
      {shows("text", "textarea") ? (
        <Field
          label="Pattern"
          help="For text, optional: a regular expression the whole answer must match, such as [A-Z]{2}[0-9]{4}."
          meta={fields.pattern}
        >
          {(control) => <input {...control} autoComplete="off" spellCheck={false} />}
        </Field>
      ) : null}
      {shows("number") ? (
        <div className="dialog__pair">
          <Field label="Smallest answer" help="For a number, optional." meta={fields.min}>
            {(control) => <input {...control} inputMode="decimal" autoComplete="off" />}
          </Field>
          <Field label="Largest answer" help="For a number, optional." meta={fields.max}>
            {(control) => <input {...control} inputMode="decimal" autoComplete="off" />}
          </Field>
        </div>
      ) : null}
      <Field label="Help" help="Shown under the question." meta={fields.help}>
        {(control) => <textarea {...control} rows={2} />}
      </Field>
      <label className="checkbox">
        <input type="checkbox" {...checkboxProps(fields.required)} />
        An answer is required
      </label>
      <label className="checkbox">
        <input type="checkbox" {...checkboxProps(fields.is_pre_sales_question)} />
        Ask before payment (otherwise after, with the guests' details)
      </label>
    </>
  );
}

function EditQuestion({ row, mealCount, above = false }: { row: Question; mealCount: number; above?: boolean }) {
  const Dialog = above ? FormDialog : RowDialog;
  return (
    <Dialog
      name={`edit-question-${row.question_id}`}
      trigger="Edit"
      triggerLabel={`Edit ${row.label}`}
      triggerVariant="ghost"
      title="Edit question"
      submitLabel="Save question"
      fields={{ intent: recordIntent("update", "question"), question_id: String(row.question_id) }}
      schema={questionSchema}
      defaultValue={questionValues(row)}
    >
      {(fields) => <QuestionFields fields={fields} mealCount={mealCount} />}
    </Dialog>
  );
}

/** What a question's rules say, in a few words for the list. */
function rulesSummary(row: Question, mealCount: number): string {
  const rules = row.validation;
  const parts: string[] = [];
  if (row.type === "select") parts.push((rules.options ?? []).join(", "));
  if (row.type === "meal") parts.push(mealCount === 1 ? "1 meal" : `${mealCount} meals`);
  if (rules.pattern) parts.push(`matches ${rules.pattern}`);
  if (rules.min !== undefined) parts.push(`at least ${rules.min}`);
  if (rules.max !== undefined) parts.push(`at most ${rules.max}`);
  return parts.join("; ");
}

export function QuestionsSection({ questions, mealCount }: { questions: Question[]; mealCount: number }) {
  const newQuestion = (
    <FormDialog
      name="new-question"
      trigger="Add question"
      triggerVariant="primary"
      title="New question"
      description="Asked of each guest on the registration page."
      submitLabel="Add question"
      fields={{ intent: recordIntent("create", "question") }}
      schema={questionSchema}
      defaultValue={NEW_QUESTION}
    >
      {(fields) => <QuestionFields fields={fields} mealCount={mealCount} />}
    </FormDialog>
  );
  return (
    <SetupListSection
      list="questions"
      title="Questions"
      rows={questions}
      rowKey={(row) => row.question_id}
      newDialog={newQuestion}
      editDialog={(row, above) => <EditQuestion row={row} mealCount={mealCount} above={above} />}
      dialogName={(row) => `edit-question-${row.question_id}`}
      empty={{
        title: "No questions yet",
        text: "Ask guests what you need to know: a meal choice, accessibility needs, a T-shirt size…",
      }}
      caption="Questions, in the order guests see them"
      move={{ intent: recordIntent("move", "question"), idField: "question_id", name: (row) => row.label }}
      columns={[
        {
          header: "Question",
          rowHeader: true,
          cell: (row) => (
            <>
              {row.label}
              {row.validation.required ? <span className="muted"> (required)</span> : null}
            </>
          ),
        },
        { header: "Name", cell: (row) => <code>{row.name}</code> },
        { header: "Answer", cell: (row) => labelOf(QUESTION_TYPES, row.type) },
        { header: "Rules", cell: (row) => rulesSummary(row, mealCount) },
        { header: "Asked", cell: (row) => (row.is_pre_sales_question ? "Before payment" : "After payment") },
      ]}
      actions={(row) => (
        <DeleteButton
          name={row.label}
          title={`Delete “${row.label}”?`}
          description="Guests will no longer be asked it. Answers already given stay in their records."
          fields={{ intent: recordIntent("delete", "question"), question_id: String(row.question_id) }}
        />
      )}
    />
  );
}

function MealFields({ fields }: { fields: Fieldset<typeof mealSchema> }) {
  return (
    <>
      <Field label="Meal" required meta={fields.title}>
        {(control) => <input {...control} required autoComplete="off" />}
      </Field>
      <Field label="Description" help="Sides, allergens, whether it can be made vegan…" meta={fields.description}>
        {(control) => <textarea {...control} rows={2} />}
      </Field>
    </>
  );
}

function EditMeal({ row, above = false }: { row: Meal; above?: boolean }) {
  const Dialog = above ? FormDialog : RowDialog;
  return (
    <Dialog
      name={`edit-meal-${row.meal_id}`}
      trigger="Edit"
      triggerLabel={`Edit ${row.title}`}
      triggerVariant="ghost"
      title={`Edit ${row.title}`}
      submitLabel="Save meal"
      fields={{ intent: recordIntent("update", "meal"), meal_id: String(row.meal_id) }}
      schema={mealSchema}
      defaultValue={{ title: row.title, description: row.description ?? "" }}
    >
      {(fields) => <MealFields fields={fields} />}
    </Dialog>
  );
}

export function MealsSection({ meals }: { meals: Meal[] }) {
  const newMeal = (
    <FormDialog
      name="new-meal"
      trigger="Add meal"
      triggerVariant={meals.length > 0 ? "secondary" : "primary"}
      title="New meal"
      description="A choice the meal question offers."
      submitLabel="Add meal"
      fields={{ intent: recordIntent("create", "meal") }}
      schema={mealSchema}
    >
      {(fields) => <MealFields fields={fields} />}
    </FormDialog>
  );
  return (
    <SetupListSection
      list="meals"
      title="Meals"
      rows={meals}
      rowKey={(row) => row.meal_id}
      newDialog={newMeal}
      editDialog={(row, above) => <EditMeal row={row} above={above} />}
      dialogName={(row) => `edit-meal-${row.meal_id}`}
      empty={{ title: "No meals yet", text: "Add the dinner choices, then a question whose answer is a meal choice." }}
      caption="Meals, in the order guests see them"
      move={{ intent: recordIntent("move", "meal"), idField: "meal_id", name: (row) => row.title }}
      columns={[
        { header: "Meal", rowHeader: true, cell: (row) => row.title },
        { header: "Description", cell: (row) => row.description },
        { header: "Chosen by", numeric: true, cell: (row) => row.chosen },
      ]}
      actions={(row) => (
        <DeleteButton
          name={row.title}
          title={`Delete “${row.title}”?`}
          description={
            row.chosen > 0
              ? `${row.chosen} guests chose it: a meal guests chose cannot be deleted. Rename it instead.`
              : "Guests will no longer be offered it."
          }
          fields={{ intent: recordIntent("delete", "meal"), meal_id: String(row.meal_id) }}
        />
      )}
    />
  );
}
