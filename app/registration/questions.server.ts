/**
 * An event's registration questions (the question table) and the meals its meal question offers. Answers are kept
 * on each guest under the question's name (registrant.meta.answers[name]); the meal question's answer also sets
 * registrant.meal_id. So a question's name cannot change once guests answered it, an event has at most one meal
 * question, and a meal some guest chose is not deleted.
 */
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { meal, question, registrant } from "~drizzle/schema";
import { answerPattern } from "./answer-pattern.server";
import {
  FieldRefusal,
  moveInOrder,
  nextDisplayOrder,
  registrationChanged,
  withUniqueFields,
  type Direction,
} from "./setup-records.server";
import type { QuestionValidation } from "./setup-fields";
import type { MealInput, QuestionInput } from "./setup-forms";

export type QuestionRow = {
  question_id: number;
  name: string;
  label: string;
  type: string;
  validation: QuestionValidation;
  help: string | null;
  is_pre_sales_question: boolean;
  display_order: number;
};

export type MealRow = {
  meal_id: number;
  title: string;
  description: string | null;
  display_order: number;
  /** Guests of the event who chose it. */
  chosen: number;
};

/** A meal guests chose cannot be deleted. */
export class MealChosenError extends Refusal {
  constructor(title: string, chosen: number) {
    super(
      `“${title}” cannot be deleted: ${chosen} ${chosen === 1 ? "guest chose" : "guests chose"} it. Rename it instead, or change those guests' meals first.`,
    );
  }
}

export async function listQuestions(eventId: number): Promise<QuestionRow[]> {
  const rows = await db
    .select({
      question_id: question.question_id,
      name: question.name,
      label: question.label,
      type: question.type,
      validation: question.validation,
      help: question.help,
      is_pre_sales_question: question.is_pre_sales_question,
      display_order: question.display_order,
    })
    .from(question)
    .where(eq(question.event_id, eventId))
    .orderBy(asc(question.display_order), asc(question.question_id));
  return rows.map((row) => ({ ...row, validation: row.validation as QuestionValidation }));
}

/** Guests of the event with an answer under this question name. */
async function answerCount(tx: Transaction, eventId: number, name: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(registrant)
    .where(and(eq(registrant.event_id, eventId), sql`${registrant.meta} -> 'answers' -> ${name} is not null`));
  return row?.n ?? 0;
}

/** Refuses a pattern that answers could not be checked with in linear time (a back-reference, a look-around). */
function refuseSlowPattern(input: QuestionInput) {
  const pattern = input.validation.pattern;
  if (pattern && answerPattern(pattern) === null)
    throw new FieldRefusal(
      "pattern",
      "Answers cannot be checked with this pattern: back-references (\\1) and look-arounds ((?=…), (?!…)) are not supported. Describe the form with character classes and repeats instead.",
    );
}

/** Refuses a second meal question: both would set the same guest's meal_id. */
async function refuseSecondMealQuestion(
  tx: Transaction,
  eventId: number,
  input: QuestionInput,
  exceptId: number | null,
) {
  if (input.type !== "meal") return;
  const [other] = await tx
    .select({ label: question.label })
    .from(question)
    .where(
      and(
        eq(question.event_id, eventId),
        eq(question.type, "meal"),
        exceptId === null ? undefined : ne(question.question_id, exceptId),
      ),
    )
    .limit(1);
  if (other)
    throw new FieldRefusal("type", `“${other.label}” already asks for the meal: an event has one meal question.`);
}

export async function createQuestion(eventId: number, input: QuestionInput): Promise<number> {
  return withUniqueFields(() =>
    db.transaction(async (tx: Transaction) => {
      refuseSlowPattern(input);
      await refuseSecondMealQuestion(tx, eventId, input, null);
      const display_order = await nextDisplayOrder(tx, "question", eventId);
      const [row] = await tx
        .insert(question)
        .values({ ...input, event_id: eventId, display_order })
        .returning({ id: question.question_id });
      await registrationChanged(tx, eventId);
      return row!.id;
    }),
  );
}

/** Saves a question of the event; false when it is not one (any more). */
export async function updateQuestion(eventId: number, questionId: number, input: QuestionInput): Promise<boolean> {
  return withUniqueFields(() =>
    db.transaction(async (tx: Transaction) => {
      const [current] = await tx
        .select({ name: question.name })
        .from(question)
        .where(and(eq(question.question_id, questionId), eq(question.event_id, eventId)))
        .for("update");
      if (!current) return false;
      if (current.name !== input.name) {
        const answered = await answerCount(tx, eventId, current.name);
        if (answered > 0) {
          throw new FieldRefusal(
            "name",
            `${answered} ${answered === 1 ? "guest has" : "guests have"} answered under the name “${current.name}”, so it cannot change now. Change the question's wording instead.`,
          );
        }
      }
      refuseSlowPattern(input);
      await refuseSecondMealQuestion(tx, eventId, input, questionId);
      await tx
        .update(question)
        .set(input)
        .where(and(eq(question.question_id, questionId), eq(question.event_id, eventId)));
      await registrationChanged(tx, eventId);
      return true;
    }),
  );
}

/** Deletes a question; guests' answers stay in their records. The label deleted, or null when it is not the event's. */
export async function deleteQuestion(eventId: number, questionId: number): Promise<string | null> {
  return db.transaction(async (tx: Transaction) => {
    const [deleted] = await tx
      .delete(question)
      .where(and(eq(question.question_id, questionId), eq(question.event_id, eventId)))
      .returning({ label: question.label });
    if (!deleted) return null;
    await registrationChanged(tx, eventId);
    return deleted.label;
  });
}

export async function moveQuestion(eventId: number, questionId: number, direction: Direction): Promise<boolean> {
  return db.transaction((tx: Transaction) => moveInOrder(tx, "question", eventId, questionId, direction));
}

export async function listMeals(eventId: number): Promise<MealRow[]> {
  return db
    .select({
      meal_id: meal.meal_id,
      title: meal.title,
      description: meal.description,
      display_order: meal.display_order,
      // Spelt out: inside a select list Drizzle writes columns unqualified.
      chosen: sql<number>`(select count(*) from registrant where registrant.meal_id = meal.meal_id)::int`,
    })
    .from(meal)
    .where(eq(meal.event_id, eventId))
    .orderBy(asc(meal.display_order), asc(meal.meal_id));
}

export async function createMeal(eventId: number, input: MealInput): Promise<number> {
  return withUniqueFields(() =>
    db.transaction(async (tx: Transaction) => {
      const display_order = await nextDisplayOrder(tx, "meal", eventId);
      const [row] = await tx
        .insert(meal)
        .values({ ...input, event_id: eventId, display_order })
        .returning({ id: meal.meal_id });
      await registrationChanged(tx, eventId);
      return row!.id;
    }),
  );
}

/** Saves a meal of the event (guests who chose it keep it, under its new name); false when it is not one. */
export async function updateMeal(eventId: number, mealId: number, input: MealInput): Promise<boolean> {
  return withUniqueFields(() =>
    db.transaction(async (tx: Transaction) => {
      const [updated] = await tx
        .update(meal)
        .set(input)
        .where(and(eq(meal.meal_id, mealId), eq(meal.event_id, eventId)))
        .returning({ id: meal.meal_id });
      if (!updated) return false;
      await registrationChanged(tx, eventId);
      return true;
    }),
  );
}

/** Deletes a meal no guest chose; its title, or null when it is not the event's. */
export async function deleteMeal(eventId: number, mealId: number): Promise<string | null> {
  return db.transaction(async (tx: Transaction) => {
    const [current] = await tx
      .select({ title: meal.title })
      .from(meal)
      .where(and(eq(meal.meal_id, mealId), eq(meal.event_id, eventId)))
      .for("update");
    if (!current) return null;
    const [chosen] = await tx
      .select({ n: count() })
      .from(registrant)
      .where(and(eq(registrant.event_id, eventId), eq(registrant.meal_id, mealId)));
    if (chosen && chosen.n > 0) throw new MealChosenError(current.title, chosen.n);
    await tx.delete(meal).where(and(eq(meal.meal_id, mealId), eq(meal.event_id, eventId)));
    await registrationChanged(tx, eventId);
    return current.title;
  });
}

export async function moveMeal(eventId: number, mealId: number, direction: Direction): Promise<boolean> {
  return db.transaction((tx: Transaction) => moveInOrder(tx, "meal", eventId, mealId, direction));
}
