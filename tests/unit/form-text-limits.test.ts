// Every field of every form schema the app exports has a length limit (issue 32, finding 9): each field of each
// exported zod object (or one refined or transformed) is given 10,001 characters on its own and must refuse them, or
// 100,001 for rich text (its limit, TEXT_LIMITS.richText, is above 10,000). The rules between fields (a schema's
// superRefine) are not run here: the fields they check are listed below with where. The long-text drill
// (tests/integration/long-text-drill.test.ts) posts the forms themselves through their actions.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { z } from "zod";
import { TEXT_LIMITS } from "~/forms/rules";

/** Fields that take any text on their own, and why that is no text stored at that length. */
const CHECKED_ELSEWHERE: Record<string, string> = {
  "auth/person-fields.ts signInSchema.password": "a password to compare, never stored",
  "bidding/silent-bids.ts closingTimeFields.until": "a time, read by the action as one",
  "billing/checkout-forms.ts chargeSchema.cover_fee": "a checkbox, read as yes or no",
  "catalogue/auction-item-schema.ts auctionItemSchema.in_person_only": "a checkbox, read as yes or no",
  "catalogue/sponsor-form.ts sponsorSchema.logo": "an upload, read by readFormWithImages",
  "catalogue/sponsor-form.ts sponsorSchema.logo_pending": "only an upload's own address is kept",
  "giving/gift-forms.ts giftSchema.choice": "an amount in cents, checked in the schema's superRefine",
  "paddle-raise/pledge-forms.ts floorPledgeSchema.level": "a level's amount, checked in checkAmountChoice",
  "paddle-raise/pledge-forms.ts guestPledgeSchema.level": "a level's amount, checked in checkAmountChoice",
  "registration/door-forms.ts doorPaymentSchema.check_number":
    "at most TEXT_LIMITS.reference, checked by takeDoorPaymentAt with the message on its row's field",
  "registration/registrant-fields.ts registrantImportSchema.csv":
    "the checked file's text, bounded by the import's file limit (MAX_IMPORT_BYTES) and the body limit",
  "registration/table-form.ts tableIdSchema.table": "a table's id, read as one: anything else is a table already gone",
  "registration/setup-forms.ts questionSchema.name": "at most LIMITS.questionName, checked in the superRefine",
  "registration/setup-forms.ts questionSchema.options": "choices of LIMITS.optionLength, checked in the superRefine",
  "registration/setup-forms.ts promoCodeSchema.discount": "a percentage or an amount, checked in the superRefine",
};

const APP = path.resolve("app");

/** The app's client-safe modules, where form schemas live (routes and server modules hold none that are exported). */
function modules(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    if (statSync(file).isDirectory()) return name === "routes" ? [] : modules(file);
    return /\.tsx?$/.test(name) && !/\.server\.tsx?$|\.test\.tsx?$|^entry\./.test(name) ? [file] : [];
  });
}

/** The object inside a schema refined, transformed, defaulted or made optional, if there is one. */
function objectIn(schema: z.ZodTypeAny): z.AnyZodObject | undefined {
  let inner: z.ZodTypeAny | undefined = schema;
  for (let depth = 0; depth < 10 && inner; depth++) {
    if (inner instanceof z.ZodObject) return inner;
    const definition = inner._def as { schema?: z.ZodTypeAny; innerType?: z.ZodTypeAny; in?: z.ZodTypeAny };
    inner = definition.schema ?? definition.innerType ?? definition.in;
  }
  return undefined;
}

it("gives every field of every exported form schema a length limit", { timeout: 120_000 }, async () => {
  const unlimited: string[] = [];
  for (const file of modules(APP)) {
    const exported = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (!(value instanceof z.ZodType)) continue;
      for (const [key, field] of Object.entries(objectIn(value)?.shape ?? {})) {
        const rule = field as z.ZodTypeAny;
        if (!rule.safeParse("x".repeat(10_001)).success) continue;
        if (!rule.safeParse("x".repeat(TEXT_LIMITS.richText + 1)).success) continue;
        const id = `${path.relative(APP, file)} ${name}.${key}`;
        if (!(id in CHECKED_ELSEWHERE)) unlimited.push(id);
      }
    }
  }
  expect(unlimited).toEqual([]);
});
