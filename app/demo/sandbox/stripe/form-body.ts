/**
 * Stripe's v1 API takes form-encoded bodies with bracketed keys (`metadata[invoice]=7`,
 * `line_items[0][price_data][currency]=usd`). This turns one into nested objects and arrays, as Stripe reads it.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const [head, ...rest] = rawKey.split("[");
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ""))];
    let node: FormObject | FormValue[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[index + 1]);
      const container = node as Record<string, FormValue>;
      const key = segment === "" && Array.isArray(node) ? String(node.length) : segment;
      if (last) {
        container[key] = value;
        return;
      }
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as FormObject | FormValue[];
    });
  }
  return root;
}

/** A string parameter, or undefined. */
export const text = (form: FormObject, key: string): string | undefined =>
  typeof form[key] === "string" ? (form[key] as string) : undefined;

/** A nested object of strings (metadata), or an empty one. */
export const strings = (form: FormObject, key: string): Record<string, string> =>
  typeof form[key] === "object" && !Array.isArray(form[key]) ? (form[key] as Record<string, string>) : {};
