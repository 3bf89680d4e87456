import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { config } from "~/config.server";
import { EventArchiveDownload } from "~/event-archive/ui/event-archive-download";
import { wallToIso } from "~/events/auction-settings";
import { timeZones, zoneOfChoice } from "~/events/event-fields";
import { eventSettings, saveEventDetails } from "~/events/event-settings.server";
import { EVENT_FORM, eventDetailsSchema } from "~/events/setup-forms";
import { EVENT_SETUP_INTENT, removeShortPathSchema, SHORT_PATH_FORM, shortPathSchema } from "~/events/short-path-forms";
import { listShortPaths, removeShortPath, saveShortPath } from "~/events/short-paths.server";
import { EventIdentityFields, type EventIdentityValues } from "~/events/ui/event-identity-fields";
import { ShortPathsSection } from "~/events/ui/short-paths-section";
import { replyFor } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { ImageField } from "~/images/ui/image-field";
import { imageChange, imageFieldErrors, readFormWithImages, type FormWithImages } from "~/images/upload.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { RichTextEditor, richTextLinks } from "~/rich-text/ui/rich-text-editor";
import { DateTimeField, dateTimeFieldLinks } from "~/ui/date-time-field";
import { titleMeta } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { SaveActions } from "~/ui/save-actions";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { utcToZonedInput } from "~/ui/zoned-time";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Event · Setup · Gavel");

export const links: LinksFunction = () => [...richTextLinks(), ...dateTimeFieldLinks()];

/** What the event's meta keeps for search engines and link previews (share_title, share_description). */
type ShareMeta = { share_title?: string | null; share_description?: string | null };

/**
 * /admin/setup/event: the event's own details and its short addresses (/woa2025give, /cisnew). Opening it is part
 * of configuring the event; saving needs can_edit_event (docs/permissions.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, "can_configure_event");
  const row = await eventSettings(eventId);
  const share = row.meta as ShareMeta;
  return {
    eventId,
    shortPaths: await listShortPaths(eventId),
    canEdit: role.can_edit_event,
    timeZones: timeZones(),
    appHost: config.APP_HOST,
    saved: {
      title: row.title,
      excerpt: row.excerpt ?? "",
      description: sanitizeRichText(row.description ?? ""),
      thumbnail: row.thumbnail,
      slug: row.slug,
      subdomain: row.subdomain ?? "",
      timezone: row.timezone,
      start_date_time: row.start_date_time?.toISOString() ?? null,
      end_date_time: row.end_date_time?.toISOString() ?? null,
      share_title: share.share_title ?? "",
      share_description: share.share_description ?? "",
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  let read: FormWithImages = { form: new FormData(), imageErrors: {} };
  return intentAction(request, {
    access: async (request) => ({ eventId: (await requireEventPermission(request, "can_edit_event")).eventId }),
    readForm: async (request) => (read = await readFormWithImages(request, ["thumbnail"])).form,
    intents: (intent) => ({
      [EVENT_SETUP_INTENT.saveDetails]: intent({
        formId: EVENT_FORM,
        schema: eventDetailsSchema,
        otherErrors: () => imageFieldErrors(read.imageErrors),
        run: async ({ eventId, form }, details) => {
          await saveEventDetails(eventId, details, imageChange(form, "thumbnail"));
          return "Event details saved";
        },
      }),
      [EVENT_SETUP_INTENT.addPath]: intent({
        formId: SHORT_PATH_FORM,
        schema: shortPathSchema,
        run: async ({ eventId }, { path, shows }) => {
          await saveShortPath(eventId, { path, shows }); // an app page's or another event's path is refused
          return `/${path} saved`;
        },
      }),
      [EVENT_SETUP_INTENT.removePath]: intent({
        formId: SHORT_PATH_FORM,
        schema: removeShortPathSchema,
        unparsed: "Choose a short address to remove.",
        run: async ({ eventId }, { path }) =>
          (await removeShortPath(eventId, path)) ? `/${path} removed` : `/${path} was removed already`,
      }),
    }),
  });
}

export default function EventDetailsPage() {
  const { eventId, canEdit, timeZones, appHost, saved, shortPaths } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { form, fields } = useContractForm({
    id: EVENT_FORM,
    schema: eventDetailsSchema,
    reply,
    // The times as the form posts them: wall times in the event's zone.
    defaultValue: {
      ...saved,
      start_date_time: utcToZonedInput(saved.start_date_time, saved.timezone),
      end_date_time: utcToZonedInput(saved.end_date_time, saved.timezone),
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, EVENT_FORM));
  const saving = useNavigation().state === "submitting";
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const timezone = zoneOfChoice(text(fields.timezone.initialValue)) ?? saved.timezone;
  // DateTimeField shows an instant: the wall time the form holds (saved, or typed before a refusal), in the zone.
  const time = (name: "start_date_time" | "end_date_time") => wallToIso(text(fields[name].initialValue), timezone);
  return (
    <>
      <div className="page-header">
        <h1>Event</h1>
        <p>The event's name, date, web address and description, as guests see them.</p>
      </div>
      {canEdit ? null : (
        <p className="contrast-warning" role="note">
          You can read these details. Changing them needs the “Edit event details” permission.
        </p>
      )}
      <Form method="post" encType="multipart/form-data" ref={formRef} className="settings-form" {...formProps(form)}>
        <input type="hidden" name="intent" value={EVENT_SETUP_INTENT.saveDetails} />
        <fieldset disabled={!canEdit} className="stack">
          <EventIdentityFields
            values={form.initialValue as EventIdentityValues}
            errors={form.allErrors}
            timeZones={timeZones}
            appHost={appHost}
            slugHelp="The event's name in its web address, such as harbor-lights-gala. Links shared before a change stop working."
          />
          <div className="field-grid">
            <DateTimeField
              name="start_date_time"
              label="Starts"
              timeZone={timezone}
              key={`start:${time("start_date_time") ?? ""}`}
              defaultValue={time("start_date_time")}
              error={fields.start_date_time.errors?.[0]}
            />
            <DateTimeField
              name="end_date_time"
              label="Ends"
              timeZone={timezone}
              key={`end:${time("end_date_time") ?? ""}`}
              defaultValue={time("end_date_time")}
              error={fields.end_date_time.errors?.[0]}
            />
          </div>
          <Field label="Summary" help="One or two sentences for lists and previews." meta={fields.excerpt}>
            {(control) => <textarea {...control} rows={2} maxLength={300} />}
          </Field>
          <RichTextEditor
            name="description"
            label="Description"
            help="What the evening holds: programme, dress code, what the money raised will do."
            defaultValue={text(fields.description.initialValue)}
            error={fields.description.errors?.[0]}
          />
          <ImageField
            name="thumbnail"
            label="Thumbnail"
            currentUrl={saved.thumbnail}
            error={form.allErrors.thumbnail?.[0]}
            help="Shown in lists of events and when a link to the event is shared. Landscape, at least 1200 pixels wide."
            alt="The event's thumbnail"
          />
          <fieldset className="stack">
            <legend>Search and sharing</legend>
            <Field label="Title for sharing" help="Leave blank to use the event's name." meta={fields.share_title}>
              {(control) => <input {...control} maxLength={120} />}
            </Field>
            <Field
              label="Description for sharing"
              help="Leave blank to use the summary."
              meta={fields.share_description}
            >
              {(control) => <textarea {...control} rows={2} maxLength={300} />}
            </Field>
          </fieldset>
          <SaveActions saving={saving} />
        </fieldset>
      </Form>
      <ShortPathsSection paths={shortPaths} canEdit={canEdit} reply={reply} />
      <EventArchiveDownload eventId={eventId} />
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
