/**
 * An organiser's pattern for a text answer, run on what the public types. JavaScript's own engine backtracks: a
 * pattern such as (a+)+ on a long answer holds the server's one thread for minutes, for every event. RE2 (through
 * re2-wasm, no native build; docs/decisions/022-linear-time-patterns.md) takes time in proportion to the answer,
 * whatever the pattern, and refuses what it cannot do that way (back-references, look-arounds).
 */
import { RE2 } from "re2-wasm";

export interface AnswerPattern {
  test(answer: string): boolean;
}

// Patterns are few and each event's are asked again and again: compile each once. Bounded, as the text is anyone's.
const compiled = new Map<string, AnswerPattern | null>();
const MAX_KEPT = 500;

/** The whole answer must match. Null when RE2 refuses the pattern (or it is not a regular expression). */
export function answerPattern(pattern: string): AnswerPattern | null {
  if (compiled.has(pattern)) return compiled.get(pattern)!;
  let matcher: AnswerPattern | null;
  try {
    matcher = new RE2(`^(?:${pattern})$`, "u");
  } catch {
    matcher = null;
  }
  if (compiled.size >= MAX_KEPT) compiled.clear();
  compiled.set(pattern, matcher);
  return matcher;
}

/** Whether a whole answer fits the pattern; a pattern RE2 cannot run (saved before patterns were checked) asks nothing. */
export const fitsPattern = (pattern: string, answer: string) => answerPattern(pattern)?.test(answer) !== false;
