// A console error or warning during a test is a failure (house style): it usually means a bug that
// an assertion did not catch. A test that expects one silences it with vi.spyOn(console, "error").
import { afterEach, beforeEach, vi } from "vitest";

let messages: string[] = [];
const original = { error: console.error, warn: console.warn };

beforeEach(() => {
  messages = [];
  for (const level of ["error", "warn"] as const) {
    console[level] = (...args: unknown[]) => {
      messages.push(`console.${level}: ${args.map(String).join(" ")}`);
      original[level](...args);
    };
  }
});

afterEach(() => {
  console.error = original.error;
  console.warn = original.warn;
  vi.restoreAllMocks();
  if (messages.length > 0) throw new Error(`Unexpected console output during the test:\n${messages.join("\n")}`);
});
