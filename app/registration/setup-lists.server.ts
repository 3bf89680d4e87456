/**
 * The lists of the registration setup page (ticket types, questions, meals, promo codes), each with its dialog's
 * schema and the domain calls that add, save, delete and move its rows. The page's action reads a post's intent
 * (`create-<key>`, `delete-<key>`…) and calls the list's functions here.
 */
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { createPromoCode, deletePromoCode, updatePromoCode } from "./promo-codes.server";
import {
  createMeal,
  createQuestion,
  deleteMeal,
  deleteQuestion,
  moveMeal,
  moveQuestion,
  updateMeal,
  updateQuestion,
} from "./questions.server";
import {
  mealSchema,
  promoCodeSchema,
  questionSchema,
  ticketSchema,
  type SetupList,
  type SetupRecordKey,
} from "./setup-forms";
import { createTicketType, deleteTicketType, moveTicketType, updateTicketType } from "./ticket-types.server";
import type { Direction } from "./setup-records.server";
import type { z, ZodTypeAny } from "zod";

/** A list of the page and its domain calls: add and save (a dialog), delete, move (a row's buttons). */
export interface SetupRecords<Schema extends ZodTypeAny> {
  list: SetupList;
  /** The dialogs' names (`new-<key>`, `edit-<key>-<id>`), and the intents' (`create-<key>`, `delete-<key>`…). */
  key: SetupRecordKey;
  /** What one row is, in "This … no longer exists", and what the rows are, in "… reordered". */
  noun: string;
  plural: string;
  idField: string;
  schema: Schema;
  /** How a toast names a row, from its name or code. */
  named: (name: string) => string;
  nameOf: (input: z.output<Schema>) => string;
  create: (eventId: number, input: z.output<Schema>) => Promise<unknown>;
  /** False when the row is gone. */
  update: (eventId: number, id: number, input: z.output<Schema>) => Promise<boolean>;
  /** The deleted row's name, or null when it was gone. */
  remove: (eventId: number, id: number) => Promise<string | null>;
  move?: (eventId: number, id: number, direction: Direction) => Promise<boolean>;
}

const records = <Schema extends ZodTypeAny>(spec: SetupRecords<Schema>) => spec;

/** A ticket type's description is rich text: sanitised, and blank is none. */
const sanitisedTicket = (input: z.output<typeof ticketSchema>) => ({
  ...input,
  description: sanitizeRichText(input.description) || null,
});

/** The page's lists, found by their key. */
export const SETUP_RECORDS = [
  records({
    list: "tickets",
    key: "ticket",
    noun: "ticket type",
    plural: "Ticket types",
    idField: "ticket_id",
    schema: ticketSchema,
    named: (title) => `Ticket type “${title}”`,
    nameOf: (input) => input.title,
    create: (eventId, input) => createTicketType(eventId, sanitisedTicket(input)),
    update: (eventId, id, input) => updateTicketType(eventId, id, sanitisedTicket(input)),
    remove: deleteTicketType,
    move: moveTicketType,
  }),
  records({
    list: "questions",
    key: "question",
    noun: "question",
    plural: "Questions",
    idField: "question_id",
    schema: questionSchema,
    named: (label) => `Question “${label}”`,
    nameOf: (input) => input.label,
    create: createQuestion,
    update: updateQuestion,
    remove: deleteQuestion,
    move: moveQuestion,
  }),
  records({
    list: "meals",
    key: "meal",
    noun: "meal",
    plural: "Meals",
    idField: "meal_id",
    schema: mealSchema,
    named: (title) => `Meal “${title}”`,
    nameOf: (input) => input.title,
    create: createMeal,
    update: updateMeal,
    remove: deleteMeal,
    move: moveMeal,
  }),
  records({
    list: "promo-codes",
    key: "promo",
    noun: "promo code",
    plural: "Promo codes",
    idField: "promo_code_id",
    schema: promoCodeSchema,
    named: (code) => `Promo code ${code}`,
    nameOf: (input) => input.code,
    create: createPromoCode,
    update: updatePromoCode,
    remove: deletePromoCode,
  }),
];
