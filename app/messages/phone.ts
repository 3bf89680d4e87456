/**
 * Phone numbers as texting needs them: E.164 (+ and digits). The rule lives with the other field rules
 * (app/forms/rules.ts: readPhone and toE164), so a number the forms accept is read the same way here.
 */
export { toE164 } from "~/forms/rules";
