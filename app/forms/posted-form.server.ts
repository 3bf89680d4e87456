/**
 * Reading a posted body as a form. A body that is not one (a broken multipart boundary, a part cut short) is the
 * sender's mistake, so it is a 400 with a message, never a 500.
 */
import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";

function unreadable(): Response {
  return new Response("The form could not be read. Reload the page and try again.", { status: 400 });
}

/** The posted form; throws a 400 response when the body is not a readable form. */
export async function readPostedForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw unreadable();
  }
}

/**
 * The posted form with its uploaded file held in memory (a CSV import); null when a file is over `maxFileBytes`.
 * Throws a 400 response when the body is not a readable form.
 */
export async function readFormWithFile(request: Request, maxFileBytes: number): Promise<FormData | null> {
  if (!/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) return readPostedForm(request);
  try {
    return await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: maxFileBytes }),
    );
  } catch (error) {
    if (error instanceof Error && /exceeded upload size/i.test(error.message)) return null;
    throw unreadable();
  }
}
