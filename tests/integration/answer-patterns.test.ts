// An organiser's pattern for a text answer runs on what the public types, in linear time (issue 19: "(a+)+" froze
// the server for every event). Patterns the linear-time engine cannot run are refused when saved.
import { describe, expect, it } from "vitest";
import { fitsPattern } from "~/registration/answer-pattern.server";
import { createQuestion } from "~/registration/questions.server";
import { answerProblem } from "~/registration/register-forms";
import { testDatabase } from "../support/database";
import { makeEvent } from "../support/people";
import type { RegisterQuestion } from "~/registration/register-page.server";

const { db } = testDatabase();

const asked = (pattern: string): RegisterQuestion => ({
  name: "code",
  label: "Member code",
  type: "text",
  help: null,
  required: false,
  options: [],
  pattern,
  min: null,
  max: null,
  is_pre_sales_question: true,
});
const check = (pattern: string, answer: string) => answerProblem(asked(pattern), answer, [], fitsPattern);

describe(`answer patterns on ${process.env.TEST_DB_ENGINE}`, () => {
  it("checks the whole answer against the pattern", () => {
    expect(check("[A-Z]{2}-\\d{4}", "AB-1234")).toBeNull();
    expect(check("[A-Z]{2}-\\d{4}", "AB-1234x")).toBe("This answer is not in the expected form.");
    expect(check("café|tea", "café")).toBeNull();
  });

  it("answers at once for a pattern that makes a backtracking engine run for minutes", () => {
    // With JavaScript's RegExp this one call takes longer than the test's time limit (2^40 paths).
    expect(check("(a+)+", `${"a".repeat(40)}!`)).toBe("This answer is not in the expected form.");
    expect(check("(x+x+)+y", "x".repeat(5_000))).toBe("This answer is not in the expected form.");
  });

  it("refuses, at the field, a pattern that needs back-references or look-arounds", async () => {
    const eventId = (await makeEvent(db)).event_id;
    const question = (pattern: string) => ({
      name: "code",
      label: "Member code",
      type: "text" as const,
      validation: { pattern },
      help: null,
      is_pre_sales_question: true,
    });
    await expect(createQuestion(eventId, question("(a)\\1"))).rejects.toMatchObject({
      field: "pattern",
      message: expect.stringContaining("back-references"),
    });
    await expect(createQuestion(eventId, question("(?=a)a"))).rejects.toMatchObject({ field: "pattern" });
    expect(await createQuestion(eventId, question("[a-z]+"))).toBeGreaterThan(0);
  });
});
