/**
 * The shape every setup screen's action shares: read the form (with its image fields), validate it, and either
 * answer 400 with the field errors and what was typed, or save and come back to the same page with a toast.
 */
import { data } from "@remix-run/node";
import { ZodEffects, ZodObject, type z } from "zod";
import { chosenImageUrl, readFormWithImages } from "~/images/upload.server";
import { redirectWithToast } from "~/ui/toast.server";
import { eventSettings, saveEventSettings, type EventChanges, type EventRow } from "./event-settings.server";
import { postedValues, type FieldErrors } from "./settings-forms.server";

type ImageColumn = "logo" | "thumbnail" | "company_logo";

export async function saveSettingsForm<S extends z.ZodTypeAny>({
  request,
  eventId,
  schema,
  imageFields = [],
  toChanges = (parsed) => parsed as EventChanges,
  savedMessage,
}: {
  request: Request;
  eventId: number;
  schema: S;
  imageFields?: readonly ImageColumn[];
  /** Turns the parsed form into columns; the default saves it as it is. Returning field errors refuses it. */
  toChanges?: (parsed: z.infer<S>, current: EventRow) => EventChanges | { errors: FieldErrors };
  savedMessage: string;
}) {
  const { form, imageErrors } = await readFormWithImages(request, [...imageFields]);
  const fieldNames = fieldNamesOf(schema);
  const values = postedValues(form, fieldNames);
  const refuse = (errors: FieldErrors) => data({ errors, values }, { status: 400 });

  const parsed = schema.safeParse(values);
  const errors: FieldErrors = {
    ...(parsed.success ? {} : (parsed.error.flatten().fieldErrors as FieldErrors)),
    ...Object.fromEntries(Object.entries(imageErrors).map(([field, message]) => [field, [message]])),
  };
  if (!parsed.success || Object.keys(errors).length > 0) return refuse(errors);

  const current = await eventSettings(eventId);
  const changes = toChanges(parsed.data, current);
  if ("errors" in changes) return refuse(changes.errors as FieldErrors);
  for (const column of imageFields) changes[column] = chosenImageUrl(form, column, current[column]);

  const saved = await saveEventSettings(eventId, changes);
  if (!saved.ok) return refuse({ [saved.field]: [saved.message] });
  const url = new URL(request.url);
  return redirectWithToast(url.pathname + url.search, { title: savedMessage });
}

/** The field names of an object schema, also when it is refined as a whole (which wraps it in ZodEffects). */
function fieldNamesOf(schema: z.ZodTypeAny): string[] {
  let inner = schema;
  while (inner instanceof ZodEffects) inner = inner.innerType();
  return inner instanceof ZodObject ? Object.keys(inner.shape) : [];
}
