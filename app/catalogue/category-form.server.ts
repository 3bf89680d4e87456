import { z } from "zod";

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .transform((value) => value || null);

export const categoryTitle = z
  .string()
  .trim()
  .min(1, "Give the category a name.")
  .max(80, "A category name can be at most 80 characters.");

export const categorySchema = z.object({
  title: categoryTitle,
  internal_notes: optionalText(2000, "Notes"),
});

/** The fields of a category that can be edited in the grid, with their rule. */
export const categoryInlineFields = {
  title: categoryTitle,
  internal_notes: optionalText(2000, "Notes"),
} as const;
