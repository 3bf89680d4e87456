// The form field names and intent values a route's action may read, guessed from source: its own module and the app
// modules it imports directly. What the action really reads is not knowable without running it; names found in the
// code around it are the ones most likely to reach deep into it, which is what a fuzzer needs.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "./route-manifest";

export interface FormVocabulary {
  fieldNames: string[];
  intents: string[];
}

const APP_DIRECTORY = path.join(PROJECT_ROOT, "app");
const IDENTIFIER = String.raw`[A-Za-z_][\w.\-\[\]]{0,60}`;

const FIELD_PATTERNS = [
  new RegExp(String.raw`\bname=\{?["'\`](${IDENTIFIER})["'\`]`, "g"),
  new RegExp(String.raw`\bname:\s*["'\`](${IDENTIFIER})["'\`]`, "g"),
  new RegExp(String.raw`\.(?:get|getAll|has)\(\s*["'\`](${IDENTIFIER})["'\`]\s*\)`, "g"),
  // Keys of zod schemas: `amount: z.coerce.number()`.
  new RegExp(String.raw`\b(${IDENTIFIER}):\s*z\.`, "g"),
];
const INTENT_PATTERNS = [
  new RegExp(String.raw`intent\s*[!=]==?\s*["'\`](${IDENTIFIER})["'\`]`, "g"),
  new RegExp(String.raw`\bintent:\s*["'\`](${IDENTIFIER})["'\`]`, "g"),
  new RegExp(String.raw`\bcase\s+["'\`](${IDENTIFIER})["'\`]\s*:`, "g"),
  new RegExp(String.raw`\bvalue=\{?["'\`](${IDENTIFIER})["'\`]`, "g"),
  new RegExp(String.raw`z\.literal\(\s*["'\`](${IDENTIFIER})["'\`]`, "g"),
];

/** Fields every form of the app may carry, whatever the module says. */
const COMMON_FIELDS = ["intent", "id", "eventId", "event_id", "returnTo", "redirectTo", "email", "amount", "paddle"];

/** The app module an import specifier names ("~/x/y" or "./y"), if it is one. */
function resolveImport(specifier: string, fromFile: string): string | undefined {
  const base = specifier.startsWith("~/")
    ? path.join(APP_DIRECTORY, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(fromFile), specifier)
      : undefined;
  if (!base) return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
}

function matches(source: string, patterns: readonly RegExp[]): string[] {
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
}

export function formVocabulary(routeFile: string): FormVocabulary {
  const routeSource = readFileSync(routeFile, "utf8");
  const imported = [...routeSource.matchAll(/from\s+["']([^"']+)["']/g)]
    .map((match) => resolveImport(match[1], routeFile))
    .filter((file): file is string => file !== undefined);
  const sources = [routeSource, ...imported.map((file) => readFileSync(file, "utf8"))];
  const fieldNames = new Set([...COMMON_FIELDS, ...sources.flatMap((source) => matches(source, FIELD_PATTERNS))]);
  const intents = new Set(sources.flatMap((source) => matches(source, INTENT_PATTERNS)));
  return { fieldNames: [...fieldNames].sort(), intents: [...intents].sort() };
}
