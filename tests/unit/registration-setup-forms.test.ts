// The registration setup's forms (app/registration/setup-forms.ts), read as the action reads them (parseForm):
// every problem reported at once, and what each form saves (times in the event's zone, cents, question rules as
// validation JSON, codes upper-case).
import { describe, expect, it } from "vitest";
import { parseForm } from "~/forms/form-contract";
import { questionNameFrom } from "~/registration/setup-fields";
import { promoCodeSchema, questionSchema, registrationSettingsSchema, ticketSchema } from "~/registration/setup-forms";
import type { ZodTypeAny } from "zod";

/** A form posted with these fields (a list is posted once per value), read with its schema. */
function read<Schema extends ZodTypeAny>(schema: Schema, posted: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(posted)) for (const each of [value].flat()) form.append(name, each);
  const submission = parseForm(form, schema);
  return submission.status === "success"
    ? { ok: true as const, data: submission.value }
    : { ok: false as const, fieldErrors: submission.error ?? {} };
}

const parseRegistrationSettings = (posted: Record<string, string>, timeZone: string) =>
  read(registrationSettingsSchema(timeZone), posted);
const parseTicket = (posted: Record<string, string>) => read(ticketSchema, posted);
const parseQuestion = (posted: Record<string, string>) => read(questionSchema, posted);
const parsePromoCode = (posted: Record<string, string | string[]>) => read(promoCodeSchema, posted);

const question = (changes: Record<string, string> = {}) =>
  parseQuestion({
    name: "",
    label: "Dietary needs?",
    type: "text",
    required: "no",
    options: "",
    pattern: "",
    min: "",
    max: "",
    help: "",
    is_pre_sales_question: "no",
    ...changes,
  });

describe("parseRegistrationSettings", () => {
  const settings = {
    start_date_time: "2027-03-01T09:00",
    end_date_time: "2027-03-14T18:00",
    store_card: "no",
    confirmation_message: "",
    paddle_start: "100",
    order_limit: "8",
  };

  it("reads wall times in the event's zone", () => {
    const read = parseRegistrationSettings(settings, "Pacific/Auckland");
    expect(read).toEqual({
      ok: true,
      data: {
        start_date_time: new Date("2027-02-28T20:00:00Z"),
        end_date_time: new Date("2027-03-14T05:00:00Z"),
        store_card: false,
        confirmation_message: "",
        paddle_start: 100,
        order_limit: 8,
      },
    });
  });

  it("checks the window even when another field is wrong", () => {
    const read = parseRegistrationSettings(
      { ...settings, end_date_time: "2027-02-01T09:00", order_limit: "5000" },
      "UTC",
    );
    expect(read.ok ? {} : read.fieldErrors).toEqual({
      end_date_time: ["Registration must close after it opens."],
      order_limit: ["Enter a whole number of tickets from 1 to 1000."],
    });
  });
});

describe("parseTicket", () => {
  it("turns the price into cents and a blank limit into none (the action sanitises the description)", () => {
    const read = parseTicket({
      title: " Couple ",
      description: "",
      type: "couple",
      price: "450.5",
      max_quantity: "",
      increment: "2",
      seat_count: "2",
    });
    expect(read).toEqual({
      ok: true,
      data: {
        title: "Couple",
        description: "",
        type: "couple",
        price: 45_050,
        max_quantity: null,
        increment: 2,
        seat_count: 2,
      },
    });
  });
});

describe("parseQuestion", () => {
  it("makes the name from the label when left blank", () => {
    expect(questionNameFrom("Dietary needs?")).toBe("dietary_needs");
    expect(questionNameFrom("Crème brûlée, or not")).toBe("creme_brulee_or_not");
    expect(questionNameFrom("2 guests")).toBe("guests");
    expect(question()).toMatchObject({ ok: true, data: { name: "dietary_needs", validation: {} } });
  });

  it("keeps only the rules of the chosen kind of answer", () => {
    expect(
      question({ type: "select", options: " Small \nLarge\n\n", pattern: "x", min: "1", required: "yes" }),
    ).toMatchObject({
      ok: true,
      data: { type: "select", validation: { required: true, options: ["Small", "Large"] } },
    });
    expect(question({ type: "text", pattern: "^[0-9]{5}$", min: "3" })).toMatchObject({
      ok: true,
      data: { validation: { pattern: "^[0-9]{5}$" } },
    });
    expect(question({ type: "number", min: "0", max: "10.5" })).toMatchObject({
      ok: true,
      data: { validation: { min: 0, max: 10.5 } },
    });
    expect(question({ type: "meal", options: "ignored" })).toMatchObject({
      ok: true,
      data: { type: "meal", validation: {} },
    });
  });

  it("refuses a bad name, too few or repeated choices, and a bad pattern", () => {
    const errors = (changes: Record<string, string>) => {
      const read = question(changes);
      return read.ok ? {} : read.fieldErrors;
    };
    expect(Object.keys(errors({ name: "Has space", type: "select", options: "One" }))).toEqual(["name", "options"]);
    expect(errors({ type: "select", options: "A\nB\nA" })).toEqual({ options: ["“A” is listed twice."] });
    expect(errors({ type: "textarea", pattern: "(" })).toEqual({
      pattern: ["This pattern is not a valid regular expression."],
    });
    expect(errors({ type: "number", min: "abc" })).toEqual({ min: ["Enter a number, such as 0 or 18."] });
  });
});

describe("parsePromoCode", () => {
  const promo = (changes: Record<string, string | string[]> = {}) =>
    parsePromoCode({
      code: " early-bird ",
      discount_type: "percent",
      discount: "15",
      ticket_ids: ["3", "1", "3"],
      usage_limit: "",
      is_active: "yes",
      ...changes,
    });

  it("stores the code upper-case and the ticket types once each", () => {
    expect(promo()).toEqual({
      ok: true,
      data: {
        code: "EARLY-BIRD",
        discount_type: "percent",
        discount: 15,
        ticket_ids: [1, 3],
        usage_limit: null,
        is_active: true,
      },
    });
    expect(promo({ discount_type: "amount", discount: "$12.50" })).toMatchObject({
      ok: true,
      data: { discount: 1_250 },
    });
  });

  it("refuses a percentage outside 1–100 and an amount of nothing", () => {
    const errors = (changes: Record<string, string>) => {
      const read = promo(changes);
      return read.ok ? {} : read.fieldErrors;
    };
    expect(errors({ discount: "101" })).toEqual({ discount: ["Enter a whole percentage from 1 to 100."] });
    expect(errors({ discount_type: "amount", discount: "0" })).toEqual({
      discount: ["Enter the amount taken off each ticket, such as 25."],
    });
    expect(Object.keys(errors({ code: "ab", usage_limit: "0", discount: "x" })).sort()).toEqual([
      "code",
      "discount",
      "usage_limit",
    ]);
  });
});
