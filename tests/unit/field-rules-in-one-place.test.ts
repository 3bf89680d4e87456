// Every field rule lives in app/forms/rules.ts (issue 39, item 2; docs/architecture.md, "The form contract"): a
// form's schema composes the shared rules, so one kind of field (a phone number, a whole number) is checked the same
// way on every screen. This reads app/'s modules (their syntax, with TypeScript's parser) for what a field rule defined
// elsewhere looks like: zod's .regex() or .refine(), a .superRefine() that places no issue on a named field (one
// that does is a rule between fields, the form's own), a bound of a number with its message (.int("…"),
// .max(240, "…")); and for a phone pattern, or a FieldErrors type of a form's own.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "../..");
const RULES = "app/forms/rules.ts";

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = sources("app").filter((path) => path !== RULES);
const text = new Map(files.map((path) => [path, readFileSync(join(ROOT, path), "utf8")]));

/** Lines of the files where `pattern` matches, as "path:line: text". */
function findings(pattern: RegExp): string[] {
  return files.flatMap((path) =>
    text
      .get(path)!
      .split("\n")
      .flatMap((line, index) =>
        pattern.test(line) ? [`${relative(ROOT, join(ROOT, path))}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
}

/** zod's bounds, by the place of their message: after a value (`.max(240, "…")`), or alone (`.int("…")`). */
const BOUNDS: Record<string, number> = {
  min: 1,
  max: 1,
  length: 1,
  gt: 1,
  gte: 1,
  lt: 1,
  lte: 1,
  multipleOf: 1,
  int: 0,
  positive: 0,
  nonnegative: 0,
};

/** The schema a chain of calls starts from, such as "z.coerce.number" for z.coerce.number({…}).int(…).max(…). */
function chainRoot(call: ts.Expression): string {
  let node: ts.Expression = call;
  while (ts.isCallExpression(node) || ts.isPropertyAccessExpression(node)) {
    const callee = ts.isCallExpression(node) ? node.expression.getText().replace(/\s+/g, "") : "";
    if (/^z(\.coerce)?\.\w+$/.test(callee)) return callee;
    node = node.expression;
  }
  return node.getText();
}

/**
 * Whether a superRefine places its issues on named fields (`path: […]`, or registrant-form's `issues(context)`): a
 * rule between the fields of a form, which belongs to the form's schema. Its check may be a function of the file.
 */
function betweenFields(call: ts.CallExpression, source: ts.SourceFile): boolean {
  const check = call.arguments[0];
  if (!check) return false;
  let body = check.getText(source);
  if (ts.isIdentifier(check))
    source.forEachChild((statement) => {
      if (ts.isFunctionDeclaration(statement) && statement.name?.text === check.text) body = statement.getText(source);
    });
  return /\bpath:|\bissues\(context\)/.test(body);
}

/** A call that defines a field rule: a pattern, a check of a value, a bound of a number with its message. */
function definesFieldRule(call: ts.CallExpression, source: ts.SourceFile): boolean {
  if (!ts.isPropertyAccessExpression(call.expression)) return false;
  const method = call.expression.name.text;
  if (method === "regex" || method === "refine") return true;
  if (method === "superRefine") return !betweenFields(call, source);
  // A bound with a message, on a number. A text's length is not looked for: each free-text field's limit is a
  // TEXT_LIMITS kind or its own, which tests/unit/form-text-limits.test.ts holds every form to.
  const messageAt = BOUNDS[method];
  return (
    messageAt !== undefined &&
    call.arguments[messageAt] !== undefined &&
    /^z(\.coerce)?\.(number|bigint)$/.test(chainRoot(call.expression.expression))
  );
}

interface FieldRule {
  /** "path:line: .refine(its first line". */
  where: string;
  /** The call's arguments, on one line. */
  call: string;
}

/** Each field rule defined in `path`. */
function fieldRulesIn(path: string): FieldRule[] {
  const source = ts.createSourceFile(path, text.get(path)!, ts.ScriptTarget.Latest, true);
  const found: FieldRule[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && definesFieldRule(node, source)) {
      const { line } = source.getLineAndCharacterOfPosition(node.expression.getEnd());
      const call = node.arguments.map((argument) => argument.getText(source)).join(", ");
      const method = (node.expression as ts.PropertyAccessExpression).name.text;
      found.push({ where: `${path}:${line + 1}: .${method}(${call.split("\n")[0]}`, call: call.replace(/\s+/g, " ") });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * What checks a value outside rules.ts and is not a field rule another form could share, each with why: a field rule
 * may not join this list. An entry names its file and a piece of the call (all of the file's calls when blank).
 */
const NOT_FIELD_RULES: { file: string; call: string; why: string }[] = [
  {
    file: "app/config.server.ts",
    call: "",
    why: "environment variables read at start-up (DATABASE_URL, APP_HOST, …), not a form's fields",
  },
  {
    file: "app/registration/register-steps.server.ts",
    call: "isStorableText",
    why: "/register's draft, carried back in a hidden field and read forgivingly (.catch): no person types it",
  },
  {
    file: "app/public-components/components-form.ts",
    call: "",
    why: 'a footer link is kept as "" when blank, and its length is checked after https:// is added (webAddress gives null)',
  },
  {
    file: "app/rich-text/schema.server.ts",
    call: 'html !== ""',
    why: "a required rich text is refused when nothing is left once sanitised: the sanitiser runs on the server only",
  },
  {
    file: "app/registration/registrant-form.ts",
    call: "tickets.some",
    why: "a choice among the event's ticket types, known when the schema is built: the list's, not a field's shape",
  },
  {
    file: "app/registration/registrant-form.ts",
    call: "choices.meals.some",
    why: "a choice among the event's meals, known when the schema is built",
  },
  {
    file: "app/registration/registrant-form.ts",
    call: "answerProblem",
    why: "an answer to the event's own question, checked by that question's rule (registration's, shared with /register)",
  },
  {
    file: "app/events/event-fields.ts",
    call: "zoneOfChoice",
    why: "a choice among the time zones the runtime knows (Intl), read by the list the field offers",
  },
  {
    file: "app/events/event-fields.ts",
    call: "RESERVED_SUBDOMAINS",
    why: "the subdomains the app itself answers on (routing's); the label's shape is rules.ts's dnsLabel",
  },
  {
    file: "app/reporting/statement-forms.ts",
    call: "readStatementYear",
    why: "the event or a year, as reporting's statement-period reads a period (a select's choice)",
  },
  {
    file: "app/bidding/silent-bids.ts",
    call: "now.getTime()",
    why: "after the moment of the request, given when the schema is built: the time's own rule is zonedDateTimeSchema",
  },
  {
    file: "app/events/auction-settings.ts",
    call: "zonedDateTimeSchema(timeZone).safeParse",
    why: "ui/zoned-time's rule kept as typed, so the checks between times run: rules.ts may not import ui/ (a cycle)",
  },
  {
    file: "app/events/auction-settings.ts",
    call: "categoryIds.length === 0",
    why: "required only when the event has categories to close: a rule of this form, given its categories",
  },
  {
    file: "app/routes/admin._hub.eric.components.tsx",
    call: "amount",
    why: "the components page's demonstration form, which shows how a field's messages look: not a product's form",
  },
];

/** The field rules of app/, read once: a file that calls none of zod's checks by name is not parsed. */
const FIELD_CHECK = /\.(?:regex|refine|superRefine|min|max|length|gte?|lte?|int|positive|nonnegative|multipleOf)\(/;
const fieldRules = files.filter((path) => FIELD_CHECK.test(text.get(path)!)).flatMap(fieldRulesIn);

describe("every field rule lives in app/forms/rules.ts", () => {
  it("no form defines a rule of its own: a pattern, a check of a field's value or a bound of a number", () => {
    const found = fieldRules
      .filter(
        ({ where, call }) =>
          !NOT_FIELD_RULES.some((allowed) => where.startsWith(`${allowed.file}:`) && call.includes(allowed.call)),
      )
      .map(({ where }) => where);
    expect(found, "compose a rule of app/forms/rules.ts instead (add one there if none fits)").toEqual([]);
  });

  it("every entry of the list of exceptions is still needed", () => {
    const unused = NOT_FIELD_RULES.filter(
      (allowed) =>
        !fieldRules.some(({ where, call }) => where.startsWith(`${allowed.file}:`) && call.includes(allowed.call)),
    );
    expect(unused.map(({ file, call }) => `${file}: ${call}`)).toEqual([]);
  });

  it("there is one phone rule: no phone pattern outside rules.ts", () => {
    // A character class with digits, + and ( in it, however ordered: /^[+()\d\s.-]{7,20}$/ was written three times.
    const phoneClass = (line: string) =>
      [...line.matchAll(/\[([^\]]*)\]/g)].some(
        ([, inside]) => inside!.includes("+") && inside!.includes("(") && /\\d|0-9/.test(inside!),
      );
    const found = findings(/\[[^\]]*\]/).filter(phoneClass);
    expect(found, "use optionalPhone, optionalMobile or phoneProblem from app/forms/rules.ts").toEqual([]);
  });

  it("no form keeps a FieldErrors type of its own: refusals are the contract's FormReply", () => {
    expect(findings(/\b(?:type|interface)\s+FieldErrors\b/)).toEqual([]);
  });
});
