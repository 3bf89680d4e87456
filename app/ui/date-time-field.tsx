/**
 * A date and time in the EVENT's time zone (decision 009). It posts `name` as the wall-clock time
 * "YYYY-MM-DDTHH:mm" there; the action turns it into an instant with zonedInputToUtc(value, event.timezone).
 */
import { format } from "date-fns";
import { useEffect, useRef, useState, type ReactNode } from "react";
import DatePicker from "react-datepicker";
import datePickerHref from "react-datepicker/dist/react-datepicker.css";
import dateTimeFieldHref from "~/styles/date-time-field.css";
import { Field } from "./field";
import { timeZoneLabel, utcToZonedInput } from "./zoned-time";
import type { LinksFunction } from "@remix-run/node";

/** The picker's stylesheets; a route with a DateTimeField includes them: `links = () => [...dateTimeFieldLinks()]`. */
export const dateTimeFieldLinks: LinksFunction = () => [
  { rel: "stylesheet", href: datePickerHref },
  { rel: "stylesheet", href: dateTimeFieldHref },
];

export interface DateTimeFieldProps {
  /** The form field the wall-clock time "YYYY-MM-DDTHH:mm" is posted as ("" when left empty). */
  name: string;
  label: ReactNode;
  /** The event's IANA time zone, e.g. "America/New_York": times are shown and entered in it. */
  timeZone: string;
  /** The stored instant (ISO string, as loaders send dates) or null. */
  defaultValue?: string | null;
  error?: string | null;
  help?: ReactNode;
  required?: boolean;
  /** The earliest and latest instants offered (ISO strings); the action still checks them. */
  min?: string | null;
  max?: string | null;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
// The first format is shown; all of them are accepted when a person types.
const INPUT_FORMATS = [
  "d MMM yyyy, h:mm aa",
  "d MMM yyyy h:mm aa",
  "d MMM yyyy, HH:mm",
  "d MMM yyyy HH:mm",
  "yyyy-MM-dd HH:mm",
];

/*
 * react-datepicker works with Dates in the BROWSER's zone. To show the event's wall time wherever the browser is,
 * the picker is given a Date whose browser-local fields are the event's wall time (19:00 in Auckland becomes
 * 19:00 local), and its choice is read back from those same fields. No instant is computed in the browser; the
 * server does that with the event's zone. (react-datepicker's own timeZone prop loads date-fns-tz with a dynamic
 * require, which a browser bundle cannot do.) One edge remains: a wall time inside the BROWSER's own
 * daylight-saving gap (2:30 on its spring-forward night) has no such Date, and the picker shows it an hour later;
 * the person sees the time that will be posted.
 */
function wallTimeToPickerDate(wall: string): Date | null {
  const match = WALL_TIME.exec(wall);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return new Date(year, month - 1, day, hour, minute);
}

/*
 * The picker's text box belongs to no form (its `form` names no element): the hidden input posts the value, and Enter
 * in the box opens the calendar rather than submitting. Inside the form, the box, having no name, was taken by
 * Conform for the holder of the form's own message (kept under the name ""), so a refused save focused it and opened
 * the calendar over the form.
 */
const NO_FORM = "date-time-field-belongs-to-no-form";

function pickerDateToWallTime(date: Date | null): string {
  return date ? format(date, "yyyy-MM-dd'T'HH:mm") : "";
}

/**
 * Date and time entry. Without JavaScript (and until hydration) it is an `<input type="datetime-local">`, which
 * posts the same format; once hydrated it is a react-datepicker input (type, or pick a day and a time in
 * 15-minute steps) with a hidden input carrying the value.
 */
export function DateTimeField({
  name,
  label,
  timeZone,
  defaultValue,
  error,
  help,
  required,
  min,
  max,
}: DateTimeFieldProps) {
  const initial = utcToZonedInput(defaultValue ?? null, timeZone);
  const minWall = utcToZonedInput(min ?? null, timeZone);
  const maxWall = utcToZonedInput(max ?? null, timeZone);
  const nativeRef = useRef<HTMLInputElement>(null);
  // Null until hydrated, so the server and the first client render agree (both show the native input).
  const [wall, setWall] = useState<string | null>(null);

  useEffect(() => {
    // Keep what was entered before the page became interactive.
    setWall(nativeRef.current?.value ?? initial);
    // Once only, as an uncontrolled input would.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const zoneNote = <span className="date-time-field__zone">In {timeZoneLabel(timeZone)}</span>;
  return (
    <Field
      label={label}
      required={required}
      error={error}
      className="date-time-field"
      help={
        help != null ? (
          <>
            {zoneNote}. {help}
          </>
        ) : (
          zoneNote
        )
      }
    >
      {(control) =>
        wall === null ? (
          <input
            {...control}
            ref={nativeRef}
            type="datetime-local"
            name={name}
            defaultValue={initial}
            min={minWall || undefined}
            max={maxWall || undefined}
            required={required}
          />
        ) : (
          <>
            <DatePicker
              id={control.id}
              className={control.className}
              wrapperClassName="date-time-field__picker"
              ariaDescribedBy={control["aria-describedby"]}
              ariaInvalid={control["aria-invalid"] ? "true" : undefined}
              ariaRequired={required ? "true" : undefined}
              selected={wallTimeToPickerDate(wall)}
              onChange={(date: Date | null) => setWall(pickerDateToWallTime(date))}
              showTimeSelect
              timeIntervals={15}
              timeCaption="Time"
              dateFormat={INPUT_FORMATS}
              minDate={wallTimeToPickerDate(minWall) ?? undefined}
              maxDate={wallTimeToPickerDate(maxWall) ?? undefined}
              placeholderText="e.g. 14 Mar 2027, 7:00 PM"
              autoComplete="off"
              form={NO_FORM}
            />
            <input type="hidden" name={name} value={wall} />
          </>
        )
      }
    </Field>
  );
}
