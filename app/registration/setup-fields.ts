/**
 * What /admin/setup/registration offers in its forms and shows in its tables: ticket kinds, question types, the
 * rules a question's validation JSON may hold, and the limits the forms state. Client-safe: the page's fields and
 * the server's checks (setup-forms.server.ts) read the same lists.
 */

export const TICKET_KINDS = [
  { value: "individual", label: "Individual" },
  { value: "couple", label: "Couple" },
  { value: "table", label: "Table" },
  { value: "sponsor", label: "Sponsor" },
  { value: "virtual", label: "Virtual (watch online)" },
  { value: "other", label: "Other" },
] as const;
export type TicketKind = (typeof TICKET_KINDS)[number]["value"];

export const QUESTION_TYPES = [
  { value: "text", label: "Short text" },
  { value: "textarea", label: "Long text" },
  { value: "select", label: "Choice from a list" },
  { value: "checkbox", label: "Checkbox (yes or no)" },
  { value: "number", label: "Number" },
  { value: "meal", label: "Meal choice (from the meals below)" },
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number]["value"];

/**
 * question.validation: `required`; `options` for a "select" question (a "meal" question offers the event's meals
 * instead); `pattern` (a regular expression the whole answer must match) for text; `min` and `max` for numbers.
 */
export type QuestionValidation = {
  required?: boolean;
  options?: string[];
  pattern?: string;
  min?: number;
  max?: number;
};

export const DISCOUNT_TYPES = [
  { value: "percent", label: "Percent off each ticket" },
  { value: "amount", label: "Amount off each ticket" },
] as const;

export const LIMITS = {
  ticketTitle: 120,
  /** The most of one ticket type an event can sell, and the largest quantity step and seat count. */
  ticketQuantity: 100_000,
  ticketIncrement: 100,
  seatCount: 100,
  questionName: 40,
  questionLabel: 200,
  questionHelp: 500,
  questionOptions: 50,
  optionLength: 120,
  mealTitle: 120,
  mealDescription: 500,
  promoCode: 30,
  usageLimit: 1_000_000,
  paddleStart: 999_999,
  orderLimit: 1_000,
} as const;

export const labelOf = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((entry) => entry.value === value)?.label ?? value;

/** A question name from its label, as the form suggests when the name is left blank: "Dietary needs?" → "dietary_needs". */
export function questionNameFrom(label: string): string {
  return label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^[^a-z]+/, "")
    .replace(/_+$/, "")
    .slice(0, LIMITS.questionName)
    .replace(/_+$/, "");
}
