/**
 * The designer's form, read into a settings tree. Client-safe: the browser reads the form on every change to
 * redraw the live preview, and the action reads the same post before validating it with the tree's zod schema, so
 * what is previewed is what is saved.
 */
import { completeSectionOrder, LANDING_SECTIONS } from "~drizzle/schema/settings";
import {
  fieldName,
  imageUploadName,
  SLIDE_FIELDS,
  defaultToggleName,
  type PageKindInfo,
  type SettingField,
} from "./page-kinds";
import type { Tree } from "~/designed-pages/page-trees";

type FormLike = Pick<FormData, "get" | "getAll" | "has">;

/** The designer's form, for the contract's reply (app/forms/): its messages are by the settings' field names. */
export const DESIGNER_FORM = "page-designer";
/** The designer's posts: the draft saved (also a move, the default), published, or discarded. */
export const DESIGNER_INTENT = { save: "save", publish: "publish", discard: "discard" } as const;

/** A reply's values (what was posted, by field name) as a form that treeFromForm reads. */
export function valuesAsForm(values: Record<string, unknown>): FormLike {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    for (const entry of Array.isArray(value) ? value : [value]) form.append(name, String(entry));
  return form;
}

function text(form: FormLike, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** An uploaded image's URL, as readFormWithImages puts it under the file field's name; null in the browser. */
function uploadedUrl(form: FormLike, name: string): string | null {
  const value = form.get(name);
  return typeof value === "string" && value.startsWith("/images/") ? value : null;
}

function readValue(form: FormLike, section: string, field: SettingField, current: unknown): unknown {
  const name = fieldName(section, field.key);
  switch (field.kind) {
    case "toggle":
      return form.has(name);
    case "number":
    case "opacity":
    case "themeType": {
      const raw = text(form, name).trim();
      return raw === "" ? current : Number(raw);
    }
    case "image": {
      const upload = imageUploadName(section, field.key);
      return uploadedUrl(form, upload) ?? (form.has(`${upload}__remove`) ? "" : text(form, name));
    }
    case "slides": {
      const images = form.getAll(SLIDE_FIELDS.image).map(String);
      const captions = form.getAll(SLIDE_FIELDS.caption).map(String);
      const removed = new Set(form.getAll(SLIDE_FIELDS.remove).map(String));
      const kept = images
        .map((image, index) => ({ image, caption: captions[index] ?? "" }))
        .filter((_, index) => !removed.has(String(index)));
      const added = form
        .getAll(SLIDE_FIELDS.upload)
        .filter((value): value is string => typeof value === "string" && value.startsWith("/images/"))
        .map((image) => ({ image, caption: "" }));
      return [...kept, ...added];
    }
    case "sectionOrder":
      return completeSectionOrder(form.getAll(name).map(String), LANDING_SECTIONS);
    default:
      return text(form, name);
  }
}

/**
 * The tree the form describes. `current` supplies what the form cannot carry (a setting without a field); a
 * setting whose field is present takes the form's value and its "use default" checkbox.
 */
export function treeFromForm(info: PageKindInfo, form: FormLike, current: Tree): Tree {
  const tree: Tree = structuredClone(current);
  for (const section of info.sections) {
    tree[section.key] ??= {};
    for (const field of section.fields) {
      const previous = tree[section.key][field.key];
      tree[section.key][field.key] = {
        value: readValue(form, section.key, field, previous?.value),
        // Settings without a default of their own (visibility, order, slides) are always "own".
        useDefault: hasDefaultToggle(field) ? form.has(defaultToggleName(section.key, field.key)) : false,
      };
    }
  }
  return tree;
}

/** Whether the editor offers "use default" for a setting: not for switches, order and slides. */
export function hasDefaultToggle(field: SettingField): boolean {
  return !["toggle", "sectionOrder", "slides"].includes(field.kind);
}

/** Moves a section one place up or down in a tree's order ("heroSection:up"); unknown moves change nothing. */
export function moveSection(tree: Tree, move: string): Tree {
  const [key, direction] = move.split(":");
  const setting = tree.global?.sectionOrder;
  if (!setting) return tree;
  const order = completeSectionOrder((setting.value as string[]) ?? [], LANDING_SECTIONS);
  const from = order.indexOf(key as (typeof LANDING_SECTIONS)[number]);
  const to = direction === "up" ? from - 1 : direction === "down" ? from + 1 : -1;
  if (from < 0 || to < 0 || to >= order.length) return tree;
  [order[from], order[to]] = [order[to], order[from]];
  return { ...tree, global: { ...tree.global, sectionOrder: { value: order, useDefault: false } } };
}

/** Zod issue paths ([section, key, "value", …]) as the form's field names. */
export function errorsByField(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const [section, key] = issue.path;
    if (typeof section === "string" && typeof key === "string") errors[fieldName(section, key)] ??= issue.message;
  }
  return errors;
}

/** The form fields that describe a tree: what the designer's form posts when nothing is touched (the inverse of treeFromForm). */
export function formFromTree(info: PageKindInfo, tree: Tree): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = {};
  for (const section of info.sections) {
    for (const field of section.fields) {
      const setting = tree[section.key]?.[field.key];
      if (!setting) continue;
      const name = fieldName(section.key, field.key);
      if (hasDefaultToggle(field) && setting.useDefault) form[defaultToggleName(section.key, field.key)] = "on";
      if (field.kind === "toggle") {
        if (setting.value === true) form[name] = "on";
      } else if (field.kind === "slides") {
        const slides = (setting.value as Array<{ image: string; caption?: string }>) ?? [];
        form[SLIDE_FIELDS.image] = slides.map((s) => s.image);
        form[SLIDE_FIELDS.caption] = slides.map((s) => s.caption ?? "");
      } else if (field.kind === "sectionOrder") {
        form[name] = (setting.value as string[]).map(String);
      } else {
        form[name] = String(setting.value ?? "");
      }
    }
  }
  return form;
}
