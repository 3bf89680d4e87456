/**
 * Reading a posted body as a form. A body that is not one (a broken multipart boundary, a part cut short) is the
 * sender's mistake, so it is a 400 with a message, never a 500. So is a form with a NUL character (see `refuseNul`).
 */
import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";

function unreadable(): Response {
  return new Response("The form could not be read. Reload the page and try again.", { status: 400 });
}

/**
 * Throws a 400 response when a field's name or text holds a NUL character (U+0000). PostgreSQL refuses NUL in
 * text ("invalid byte sequence for encoding UTF8: 0x00"), so such a value reached a query as a 500 (issue 19,
 * drill 2). No form of ours sends one and no one types one, so it is refused here, where every action reads its
 * form, rather than in each text rule: one check covers every field of every action, including the fields a
 * rule passes through unchecked (an intent, a submission key, a grid's column name). Uploaded files are not text
 * fields and are left to their own readers.
 */
export function refuseNul(form: FormData): FormData {
  for (const [name, value] of form)
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0")))
      throw new Response("The form holds a character that cannot be saved (a NUL). Remove it and try again.", {
        status: 400,
      });
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
 * The posted form with its uploaded file held in memory (a CSV import); null when a file is over `maxFileBytes`.
 * Throws a 400 response when the body is not a readable form or a text field holds a NUL character.
 */
export async function readFormWithFile(request: Request, maxFileBytes: number): Promise<FormData | null> {
  if (!/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) return readPostedForm(request);
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: maxFileBytes }),
    );
  } catch (error) {
    if (error instanceof Error && /exceeded upload size/i.test(error.message)) return null;
    throw unreadable();
  }
  return refuseNul(form);
}
