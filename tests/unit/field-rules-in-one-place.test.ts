// Every field rule lives in app/forms/rules.ts (issue 39, item 2; docs/architecture.md, "The form contract"): a
// form's schema composes the shared rules, so one kind of field (a phone number, a whole number) is checked the same
// way on every screen. This scans app/ for what a field rule defined elsewhere looks like: zod's .regex(), a phone
// pattern, a FieldErrors type of a form's own.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
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

/**
 * Files allowed a zod .regex() outside rules.ts, each with its reason. Not field rules of a form: nothing else may
 * join this list.
 */
const REGEX_ALLOWED: Record<string, string> = {
  "app/config.server.ts": "environment variables read at start-up (DATABASE_URL, APP_HOST, …), not a form's fields",
};

describe("every field rule lives in app/forms/rules.ts", () => {
  it("no form defines a pattern of its own with zod's .regex()", () => {
    const found = findings(/\.regex\(/).filter((finding) => {
      const path = finding.slice(0, finding.indexOf(":"));
      return !(path in REGEX_ALLOWED);
    });
    expect(found, "compose a rule of app/forms/rules.ts instead (add one there if none fits)").toEqual([]);
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
