import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { requireEventPermission } from "~/auth/access.server";
import { config } from "~/config.server";
import { timeZones } from "~/events/event-fields";
import { EventIdentityFields } from "~/events/event-identity-fields";
import { eventSettings } from "~/events/event-settings.server";
import { saveSettingsForm } from "~/events/settings-action.server";
import { eventDetailsSchema } from "~/events/settings-forms.server";
import { ImageField } from "~/images/image-field";
import { RichTextEditor, richTextLinks } from "~/rich-text/rich-text-editor";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { Button } from "~/ui/button";
import { DateTimeField, dateTimeFieldLinks } from "~/ui/date-time-field";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { utcToZonedInput, zonedInputToUtc } from "~/ui/zoned-time";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Event · Setup · Gavel" },
];

export const links: LinksFunction = () => [...richTextLinks(), ...dateTimeFieldLinks()];

/** What the event's meta keeps for search engines and link previews (share_title, share_description). */
type ShareMeta = { share_title?: string | null; share_description?: string | null };

/**
 * /admin/setup/event: the event's own details. Opening it is part of configuring the event; saving them needs
 * can_edit_event (docs/permissions.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, "can_configure_event");
  const row = await eventSettings(eventId);
  const share = row.meta as ShareMeta;
  return {
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
  const { eventId } = await requireEventPermission(request, "can_edit_event");
  return saveSettingsForm({
    request,
    eventId,
    schema: eventDetailsSchema,
    imageFields: ["thumbnail"],
    savedMessage: "Event details saved",
    toChanges: ({ share_title, share_description, start_date_time, end_date_time, ...columns }, current) => {
      // Times are entered as wall-clock time in the event's zone, the one being saved with them.
      const starts = start_date_time ? zonedInputToUtc(start_date_time, columns.timezone) : null;
      const ends = end_date_time ? zonedInputToUtc(end_date_time, columns.timezone) : null;
      const errors: Record<string, string[]> = {};
      if (start_date_time && !starts)
        errors.start_date_time = ["This time does not exist in the event's time zone (the clocks change then)."];
      if (end_date_time && !ends)
        errors.end_date_time = ["This time does not exist in the event's time zone (the clocks change then)."];
      if (ends && !starts) errors.start_date_time = ["Enter when the event starts, too."];
      if (starts && ends && ends <= starts) errors.end_date_time = ["The end must be after the start."];
      if (Object.keys(errors).length > 0) return { errors };
      return {
        ...columns,
        start_date_time: starts,
        end_date_time: ends,
        meta: { ...current.meta, share_title, share_description },
      };
    },
  });
}

export default function EventDetailsPage() {
  const { canEdit, timeZones, appHost, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData?.errors;
  const values = actionData?.values;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  const saving = useNavigation().state === "submitting";
  const timezone = values?.timezone || saved.timezone;
  // After a refused post, the times come back as typed (wall time); otherwise from the stored instants.
  const time = (name: "start_date_time" | "end_date_time") =>
    values ? values[name] : utcToZonedInput(saved[name], saved.timezone);
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
      <Form method="post" encType="multipart/form-data" ref={formRef} className="settings-form" noValidate>
        <fieldset disabled={!canEdit} className="stack">
          <EventIdentityFields
            values={values ?? saved}
            errors={errors}
            timeZones={timeZones}
            appHost={appHost}
            slugHelp="The event's name in its web address, such as harbor-lights-gala. Links shared before a change stop working."
          />
          <div className="field-grid">
            <DateTimeField
              name="start_date_time"
              label="Starts"
              timeZone={timezone}
              defaultValue={time("start_date_time")}
              error={errors?.start_date_time?.[0]}
            />
            <DateTimeField
              name="end_date_time"
              label="Ends"
              timeZone={timezone}
              defaultValue={time("end_date_time")}
              error={errors?.end_date_time?.[0]}
            />
          </div>
          <Field label="Summary" help="One or two sentences for lists and previews." error={errors?.excerpt?.[0]}>
            {(control) => (
              <textarea
                {...control}
                name="excerpt"
                rows={2}
                maxLength={300}
                defaultValue={values?.excerpt ?? saved.excerpt}
              />
            )}
          </Field>
          <RichTextEditor
            name="description"
            label="Description"
            help="What the evening holds: programme, dress code, what the money raised will do."
            defaultValue={values?.description ?? saved.description}
            error={errors?.description?.[0]}
          />
          <ImageField
            name="thumbnail"
            label="Thumbnail"
            currentUrl={saved.thumbnail}
            error={errors?.thumbnail?.[0]}
            help="Shown in lists of events and when a link to the event is shared. Landscape, at least 1200 pixels wide."
            alt="The event's thumbnail"
          />
          <fieldset className="stack">
            <legend>Search and sharing</legend>
            <Field
              label="Title for sharing"
              help="Leave blank to use the event's name."
              error={errors?.share_title?.[0]}
            >
              {(control) => (
                <input
                  {...control}
                  name="share_title"
                  maxLength={120}
                  defaultValue={values?.share_title ?? saved.share_title}
                />
              )}
            </Field>
            <Field
              label="Description for sharing"
              help="Leave blank to use the summary."
              error={errors?.share_description?.[0]}
            >
              {(control) => (
                <textarea
                  {...control}
                  name="share_description"
                  rows={2}
                  maxLength={300}
                  defaultValue={values?.share_description ?? saved.share_description}
                />
              )}
            </Field>
          </fieldset>
          <div className="settings-form__actions">
            <Button type="submit" variant="primary" disabled={saving}>
              {saving ? "Saving…" : "Save"}
            </Button>
          </div>
        </fieldset>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
