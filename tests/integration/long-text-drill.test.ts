// The long-text drill (issue 32, finding 9): no text of 10,000 characters is stored where a person reads it. Each
// form of tests/support/long-text-forms.ts is posted with one field at a time replaced by a text of 10,001
// characters (rich text one character past its own limit), and a field with a lower limit in its domain (a name, a
// check number) one character past that limit, each the given value padded with x (so that a prefix or format its rule
// checks first still holds); then the form as given, which must be accepted (else the long values
// proved nothing). No answer may be a 5xx, no text column of any table may then hold 10,000 characters or more, and
// a value past a field's domain limit must be refused. Every route with an action is drilled here or listed with
// the reason it is not.
import { beforeAll, describe, expect, it } from "vitest";
import { TEXT_LIMITS } from "~/forms/rules";
import { send } from "../support/bad-input-drill";
import { testDatabase } from "../support/database";
import {
  LONG_TEXT_FORMS,
  makeLongTextWorld,
  NO_FREE_TEXT,
  NOT_YET,
  type LongTextForm,
  type LongTextWorld,
} from "../support/long-text-forms";
import { makeRequest, type Outcome, type RouteFunction } from "../support/route-calls";
import { appRoutes, routePath } from "../support/route-manifest";
import { longTexts } from "../support/table-checksums";

const { db } = testDatabase();
const routes = await appRoutes();
const actions = new Map<string, RouteFunction>();
for (const route of routes) {
  const module = (await import(route.file)) as { action?: RouteFunction };
  if (typeof module.action === "function") actions.set(route.id, module.action);
}

const LONG = 10_001;

/** Whether the action refused: a 4xx, or an answer that carries an error in one of the app's shapes. */
function refused(outcome: Outcome): boolean {
  if (outcome.status >= 400) return true;
  if (outcome.status >= 300) return false;
  const answer = (outcome.data ?? {}) as Record<string, unknown>;
  const given = (value: unknown) =>
    Boolean(value) && !(typeof value === "object" && Object.keys(value as object).length === 0);
  return (
    given(answer.error) ||
    given(answer.errors) ||
    given(answer.fieldErrors) ||
    given(answer.formError) ||
    given(answer.bulkError) ||
    given(answer.inlineError) ||
    answer.tone === "error" ||
    answer.status === "error" ||
    answer.ok === false
  );
}

let counter = 0;
async function post(
  form: LongTextForm,
  world: LongTextWorld,
  fields: Record<string, string | string[]>,
  rows: Record<string, string>,
) {
  const action = actions.get(form.route);
  if (!action) throw new Error(`${form.route} has no action`);
  const unique = String(++counter);
  const values = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      typeof value === "string" ? value.replaceAll("{n}", unique) : value,
    ]),
  );
  const cookie =
    rows.cookie ?? (form.as === "anonymous" ? undefined : form.as === "guest" ? world.guest : world.organiser);
  const params = form.params?.(rows) ?? {};
  const query = form.query?.(rows) ?? "";
  const path = `${routePath(routes, form.route, Object.values(params)[0] ?? "1")}?id=${world.eventId}${query}`;
  return send(action, makeRequest(path, { cookie, form: values }), params);
}

describe("long texts on every form", () => {
  it("knows every route with an action: drilled, without free text, or not yet", () => {
    const known = new Set([
      ...LONG_TEXT_FORMS.map((form) => form.route),
      ...Object.keys(NO_FREE_TEXT),
      ...Object.keys(NOT_YET),
    ]);
    expect([...actions.keys()].filter((id) => !known.has(id))).toEqual([]);
    expect([...known].filter((id) => !actions.has(id))).toEqual([]);
  });

  let world: LongTextWorld;
  beforeAll(async () => {
    world = await makeLongTextWorld(db);
  });

  describe.each(LONG_TEXT_FORMS.map((form) => [`${form.route}: ${form.name}`, form] as const))("%s", (_, form) => {
    it("refuses a long text in every field, stores none, and accepts the form as given", async () => {
      const findings: string[] = [];
      const rows = (await form.prepare?.(db, world)) ?? {};
      const base = form.fields(world, rows);
      const longBefore = new Set(await longTexts(db));
      const lengthened =
        form.lengthen ?? Object.keys(base).filter((field) => field !== "intent" && !form.fixed?.includes(field));
      const variants: Array<[string, string, boolean]> = [];
      for (const field of lengthened) {
        // The value as given, made longer: a prefix or a format its rule checks first (sk_test_, an address) stays.
        const given = base[field];
        const start = typeof given === "string" ? given.replaceAll("{n}", "") : "";
        const padded = (length: number) => start.slice(0, length).padEnd(length, "x");
        const rich = form.richText?.includes(field);
        variants.push([field, padded(rich ? TEXT_LIMITS.richText + 1 : LONG), Boolean(rich)]);
        const limit = form.limits?.[field];
        if (limit !== undefined) variants.push([field, padded(limit + 1), true]);
      }
      for (const [field, value, mustRefuse] of variants) {
        const sent = await post(form, world, { ...base, [field]: value }, rows);
        const what = `${field} of ${value.length} characters`;
        if ("problem" in sent) findings.push(`${what}: ${sent.problem}`);
        else if (mustRefuse && !refused(sent.outcome)) findings.push(`${what}: accepted (${sent.outcome.status})`);
      }
      for (const column of await longTexts(db))
        if (!longBefore.has(column)) findings.push(`stored a text of 10,000 characters or more in ${column}`);
      const given = await post(form, world, base, rows);
      if ("problem" in given) findings.push(`the form as given: ${given.problem}`);
      else if (refused(given.outcome))
        findings.push(
          `the form as given was refused (${given.outcome.status}): ${JSON.stringify(given.outcome.data)?.slice(0, 400)}`,
        );
      expect(findings).toEqual([]);
    });
  });
});
