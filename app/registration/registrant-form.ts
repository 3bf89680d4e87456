/**
 * The registrants screen's two dialogs as the form contract (app/forms/form-contract.ts): registering a guest or a
 * party by hand, and editing a guest. One schema each, built from the shared field rules (app/forms/rules.ts) and
 * the event's ticket types, meals and questions, so the dialog checks what is typed in the browser and the action
 * parses it with the same schema. Client-safe.
 */
import { z } from "zod";
import {
  optionalEmail,
  optionalPhone,
  optionalText,
  assignedPaddle,
  plainText,
  requiredText,
  TEXT_LIMITS,
  wholeNumber,
  yesNo,
} from "~/forms/rules";
import { answerProblem, type PatternCheck } from "./register-forms";
import { EXTRA_GUEST_ROWS, PAY_LATER_NEEDS_EMAIL, STAFF_METHODS } from "./registrant-fields";
import type { RegistrationChoices } from "./registrants.server";

/** The most tickets one manual registration takes. */
export const MANUAL_QUANTITY_MAX = 500;

const firstName = plainText("name", "A first name");
const lastName = plainText("name", "A last name");

/** The field of an extra guest's row in the manual registration (1 to EXTRA_GUEST_ROWS). */
export const guestRowField = (index: number, name: "first_name" | "last_name" | "email") => `guest-${index}-${name}`;

type Issue = (field: string, message: string) => void;

/** A first and last name go together: one without the other is refused beside the blank one. */
function bothNames(first: string, last: string, firstField: string, lastField: string, later: string, issue: Issue) {
  if (first && !last) issue(lastField, `Enter the guest's last name, or clear the first name ${later}.`);
  if (!first && last) issue(firstField, `Enter the guest's first name, or clear the last name ${later}.`);
}

const issues =
  (context: z.RefinementCtx): Issue =>
  (field, message) =>
    context.addIssue({ code: "custom", path: field ? [field] : [], message });

/** Registering a guest or a party by hand (staff may sell comps and sold-out tickets: registerParty's byStaff). */
export function manualRegistrationSchema(tickets: RegistrationChoices["tickets"]) {
  const guestRows: Record<string, typeof firstName | typeof optionalEmail> = {};
  for (let index = 1; index <= EXTRA_GUEST_ROWS; index++) {
    guestRows[guestRowField(index, "first_name")] = firstName;
    guestRows[guestRowField(index, "last_name")] = lastName;
    guestRows[guestRowField(index, "email")] = optionalEmail;
  }
  return z
    .object({
      first_name: requiredText(
        TEXT_LIMITS.name,
        "Enter the guest's first name.",
        "A first name can be at most 100 characters.",
      ),
      last_name: requiredText(
        TEXT_LIMITS.name,
        "Enter the guest's last name.",
        "A last name can be at most 100 characters.",
      ),
      email: optionalEmail,
      phone: optionalPhone,
      company: optionalText(TEXT_LIMITS.title, "A company"),
      ticket_id: z
        .string()
        .default("")
        .refine((value) => tickets.some((type) => String(type.ticket_id) === value), "Choose a ticket type."),
      quantity: wholeNumber(1, MANUAL_QUANTITY_MAX, `Enter a number of tickets from 1 to ${MANUAL_QUANTITY_MAX}.`, 1),
      method: z.enum(STAFF_METHODS, { message: "Choose how the party pays." }),
      send_email: yesNo,
      ...guestRows,
    })
    .passthrough()
    .superRefine((value, context) => {
      const issue = issues(context);
      if (!value.email && value.send_email)
        issue("email", "Enter an email address to send the confirmation to, or untick Send the confirmation.");
      else if (!value.email && value.method === "pay_at_event") issue("email", PAY_LATER_NEEDS_EMAIL);
      const type = tickets.find((candidate) => String(candidate.ticket_id) === value.ticket_id);
      let named = 1;
      for (let index = 1; index <= EXTRA_GUEST_ROWS; index++) {
        const [first, last] = [guestRowField(index, "first_name"), guestRowField(index, "last_name")];
        const [firstText, lastText] = [value[first], value[last]] as [string, string];
        bothNames(firstText, lastText, first, last, "to name them later", issue);
        if (firstText && lastText) named++;
      }
      if (!type || !Number.isInteger(value.quantity)) return;
      const seats = value.quantity * type.seat_count;
      if (value.quantity % type.increment !== 0)
        issue("quantity", `${type.title} tickets are sold in steps of ${type.increment}.`);
      else if (named > seats)
        issue(
          "quantity",
          `${named} guests are named for ${seats} ${seats === 1 ? "seat" : "seats"}: add tickets or clear some names.`,
        );
    })
    .transform((value) => {
      const guests = [];
      for (let index = 1; index <= EXTRA_GUEST_ROWS; index++) {
        const first_name = value[guestRowField(index, "first_name")] as string;
        const last_name = value[guestRowField(index, "last_name")] as string;
        const email = value[guestRowField(index, "email")] as string | null;
        if (first_name && last_name) guests.push({ first_name, last_name, email });
      }
      return {
        buyer: {
          first_name: value.first_name,
          last_name: value.last_name,
          email: value.email,
          phone: value.phone,
          company: value.company,
        },
        ticketId: Number(value.ticket_id),
        quantity: value.quantity,
        method: value.method,
        sendEmail: value.send_email,
        guests,
      };
    });
}

export type ManualRegistration = z.output<ReturnType<typeof manualRegistrationSchema>>;

/**
 * Editing a guest: names (both or neither: an unnamed seat), contact and address, group, meal, answers (staff may
 * leave any question for the guest to answer later) and the paddle. `fits` checks an answer's pattern (the server's).
 */
export function editRegistrantSchema(choices: Pick<RegistrationChoices, "meals" | "questions">, fits?: PatternCheck) {
  // Each answer is checked at its field (staff may leave any question for the guest to answer later), so that its
  // message comes with the others' (a rule of the whole form runs only once every field has parsed).
  const answers: Record<string, z.ZodType<string, z.ZodTypeDef, unknown>> = {};
  for (const asked of choices.questions) {
    if (asked.type === "meal") continue;
    const answer =
      asked.type === "checkbox"
        ? z
            .string()
            .optional()
            .transform((ticked) => (ticked === "yes" ? "yes" : ""))
        : plainText("reason", "An answer");
    answers[`answer-${asked.name}`] = answer.superRefine((given, context) => {
      const problem = answerProblem({ ...asked, is_pre_sales_question: false }, given, choices.meals, fits);
      if (problem) context.addIssue({ code: "custom", message: problem });
    });
  }
  return z
    .object({
      first_name: firstName,
      last_name: lastName,
      email: optionalEmail,
      phone: optionalPhone,
      company: optionalText(TEXT_LIMITS.title, "A company"),
      address: optionalText(TEXT_LIMITS.title, "An address"),
      city: optionalText(TEXT_LIMITS.name, "A city"),
      state: optionalText(TEXT_LIMITS.name, "A state"),
      zip: optionalText(20, "A postal code"),
      country: optionalText(TEXT_LIMITS.name, "A country"),
      group: optionalText(TEXT_LIMITS.title, "A group"),
      paddle: assignedPaddle,
      meal_id: z
        .string()
        .trim()
        .default("")
        .refine(
          (meal) => meal === "" || choices.meals.some((choice) => String(choice.meal_id) === meal),
          "Choose one of the meals.",
        ),
      ...answers,
    })
    .passthrough()
    .superRefine((value, context) => {
      const issue = issues(context);
      bothNames(value.first_name, value.last_name, "first_name", "last_name", "to leave the seat to be named", issue);
    })
    .transform((value) => {
      const mealQuestion = choices.questions.find((asked) => asked.type === "meal");
      const meal = choices.meals.find((choice) => String(choice.meal_id) === value.meal_id);
      const given: Record<string, string> = {};
      if (mealQuestion && meal) given[mealQuestion.name] = meal.title;
      for (const asked of choices.questions) {
        const answer = value[`answer-${asked.name}`];
        if (asked.type !== "meal" && typeof answer === "string" && answer) given[asked.name] = answer;
      }
      const { first_name, last_name, email, phone, company, address, city, state, zip, country, group } = value;
      return {
        details: { first_name, last_name, email, phone, company, address, city, state, zip, country, group },
        paddle: value.paddle,
        mealId: meal?.meal_id ?? null,
        answers: given,
      };
    });
}

export type RegistrantEdit = z.output<ReturnType<typeof editRegistrantSchema>>;
