import { Field } from "~/ui/field";
import { timeZoneChoiceLabel } from "../event-fields";

export interface EventIdentityValues {
  title?: string | null;
  slug?: string | null;
  subdomain?: string | null;
  timezone?: string | null;
}

export type EventIdentityErrors = Partial<Record<keyof EventIdentityValues, string[]>>;

/**
 * The fields that name an event and place it (title, web address, subdomain, time zone), as creating an event
 * and the event settings show them. The time zone is a text input with the zones as suggestions: typing
 * "york" or "london" finds the zone, without JavaScript too.
 */
export function EventIdentityFields({
  values,
  errors,
  timeZones,
  appHost,
  slugHelp = "The event's name in its web address, such as harbor-lights-gala. Leave it blank to make one from the name.",
}: {
  values?: EventIdentityValues;
  errors?: EventIdentityErrors;
  timeZones: string[];
  appHost: string;
  slugHelp?: string;
}) {
  const listId = "event-time-zones";
  return (
    <>
      <Field label="Event name" required error={errors?.title?.[0]}>
        {(control) => <input {...control} name="title" defaultValue={values?.title ?? ""} required maxLength={120} />}
      </Field>
      <Field label="Web address" help={slugHelp} error={errors?.slug?.[0]}>
        {(control) => (
          <input {...control} name="slug" autoCapitalize="none" spellCheck={false} defaultValue={values?.slug ?? ""} />
        )}
      </Field>
      <Field
        label="Subdomain (optional)"
        help={`Guests can then reach the event at subdomain.${appHost.replace(/:\d+$/, "")}. Letters, digits and hyphens.`}
        error={errors?.subdomain?.[0]}
      >
        {(control) => (
          <input
            {...control}
            name="subdomain"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={values?.subdomain ?? ""}
          />
        )}
      </Field>
      <Field
        label="Time zone"
        required
        help="Where the event takes place: times are shown and entered in it. Type a city to find it."
        error={errors?.timezone?.[0]}
      >
        {(control) => (
          <input
            {...control}
            name="timezone"
            list={listId}
            autoComplete="off"
            spellCheck={false}
            defaultValue={timeZoneChoiceLabel(values?.timezone ?? "")}
            required
          />
        )}
      </Field>
      <datalist id={listId}>
        {timeZones.map((zone) => (
          <option key={zone} value={timeZoneChoiceLabel(zone)} />
        ))}
      </datalist>
    </>
  );
}
