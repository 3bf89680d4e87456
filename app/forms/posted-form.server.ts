/**
 * Reading a posted body as a form. A body that is not one (a broken multipart boundary, a part cut short) is the
 * sender's mistake, so it is a 400 with a message, never a 500. So is a form with a character that cannot be stored
 * (see `refuseNul`).
 */
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { isStorableText } from "./rules";

function unreadable(): Response {
  return new Response("The form could not be read. Reload the page and try again.", { status: 400 });
}

/** A field's name as a message shows it: short, and printable. */
function fieldNamed(name: string): string {
  const shown = name.replace(/[^\w .-]/g, "").slice(0, 40);
  return shown ? `“${shown}”` : "a field";
}

/**
 * Throws a 400 response when a field's name or text holds a character that cannot be stored: NUL (U+0000), which
 * PostgreSQL refuses in text ("invalid byte sequence for encoding UTF8: 0x00"), or half of a surrogate pair, which
 * it refuses in JSON (issue 19, drill 2; issue 32, finding 9). No form of ours sends one and no one types one, so it
 * is refused here, where every action reads its form, rather than in each text rule: one check covers every field of
 * every action, including the fields a rule passes through unchecked (an intent, a submission key, a grid's column
 * name). The message names the field. The shared text rules (forms/rules.ts) refuse the same characters beside
 * their field when text reaches them another way (a draft carried in a hidden field). Uploaded files are not text
 * fields and are left to their own readers.
 */
export function refuseNul(form: FormData): FormData {
  for (const [name, value] of form) {
    const badName = !isStorableText(name);
    if (badName || (typeof value === "string" && !isStorableText(value)))
      throw new Response(
        `The form's field ${badName ? "name" : fieldNamed(name)} holds a character that cannot be saved (a NUL or half of an emoji). Remove it and try again.`,
        { status: 400 },
      );
  }
  return form;
}

/** The posted form; throws a 400 response when the body is not a readable form or holds a NUL character. */
export async function readPostedForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw unreadable();
  }
  return refuseNul(form);
}

/**
 * The posted form with its uploaded file held in memory (a CSV import); null when a file (or a field) is over
 * `maxFileBytes`. Throws a 400 response when the body is not a readable form or a text field holds a NUL character.
 *
 * A part over the limit is still read to its end, its bytes dropped: the answer then comes after the whole body was
 * read. Stopping at the limit (the memory upload handler throws there) left the rest of the body unread, and the
 * server closed the connection under a browser still sending it: the person saw a connection reset, not the
 * message (issue 32, finding 9). The body as a whole is bounded by server.js before this reads it
 * (security/body-limit.ts).
 */
export async function readFormWithFile(request: Request, maxFileBytes: number): Promise<FormData | null> {
  if (!/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) return readPostedForm(request);
  let tooLarge = false;
  const handler: UploadHandler = async ({ filename, contentType, data }) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= maxFileBytes) chunks.push(chunk);
    }
    if (size > maxFileBytes) {
      tooLarge = true;
      return undefined;
    }
    const bytes = Buffer.concat(chunks, size);
    if (typeof filename === "string") return new File([bytes], filename, { type: contentType });
    return new TextDecoder().decode(bytes);
  };
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, handler);
  } catch {
    throw unreadable();
  }
  return tooLarge ? null : refuseNul(form);
}
