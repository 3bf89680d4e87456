/**
 * The page of /admin/setup/live_auction: the live auction's times, the room's capacity and the seat chart of the
 * room's screens, with a live preview of the chart and its paddle pointer as the numbers are typed. A plain form on
 * the contract (form id "live-auction"): a refusal comes back with the messages beside the fields, nothing saved.
 */
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { wallToIso } from "~/events/auction-settings";
import { replyFor } from "~/forms/form-contract";
import { useContractForm } from "~/forms/use-contract-form";
import { paths } from "~/http/paths";
import { ButtonLink } from "~/ui/button";
import { Card } from "~/ui/card";
import { DateTimeField } from "~/ui/date-time-field";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { SaveActions } from "~/ui/save-actions";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { utcToZonedInput } from "~/ui/zoned-time";
import { chartPlacement, LIVE_SETTINGS_FORM, liveAuctionSchema, SCREEN } from "../live-auction-settings";
import { SeatChart } from "./seat-chart";

export interface LiveAuctionSetupData {
  eventId: number;
  timeZone: string;
  enabled: boolean;
  saved: {
    start_date_time: string | null;
    end_date_time: string | null;
    capacity: number;
    seat_chart_url: string | null;
    seat_chart_x: number | null;
    seat_chart_y: number | null;
    seat_chart_scale: number | null;
    seat_chart_opacity: number | null;
    seat_chart_px: number | null;
    seat_chart_py: number | null;
    seat_chart_pz: number | null;
  } | null;
}

const CHART_FIELDS = [
  ["seat_chart_x", "Left (x, px)", "Pixels from the left of a 1920 × 1080 screen."],
  ["seat_chart_y", "Top (y, px)", "Pixels from the top of the screen."],
  ["seat_chart_scale", "Scale", "1 is the image's own size; 0.5 half of it."],
  ["seat_chart_opacity", "Opacity", "From 0 (invisible) to 1 (solid)."],
  ["seat_chart_px", "Pointer x (px)", "Where the pointer sits on the chart, from its left."],
  ["seat_chart_py", "Pointer y (px)", "From the chart's top."],
  ["seat_chart_pz", "Pointer size (px)", "The pointer's diameter."],
] as const;

export function LiveAuctionSetupPage() {
  const data = useLoaderData<LiveAuctionSetupData>() as LiveAuctionSetupData;
  return (
    <>
      <div className="page-header">
        <h1>Live auction</h1>
        <p>When the auctioneer sells the live lots, how many the room seats, and the seat chart the projector shows.</p>
      </div>
      {!data.saved ? (
        <EmptyState
          title="The live auction is not switched on"
          text="Switch on the live auction module for this event, then come back here to set its times and seat chart."
          action={
            <ButtonLink to="/admin/setup/modules" variant="primary">
              Go to Modules
            </ButtonLink>
          }
        />
      ) : (
        <>
          {data.enabled ? null : (
            <p className="contrast-warning" role="note">
              The live auction module is off: these settings apply once it is switched on under{" "}
              <a href="/admin/setup/modules">Modules</a>.
            </p>
          )}
          <Card title="Run the live auction" headingLevel={2}>
            <p>The clerk records the lots at the console; the projector shows the room the lot and the hammer.</p>
            <p className="button-row">
              <ButtonLink to={paths.live(data.eventId)} variant="primary">
                Open the clerk’s console (/live)
              </ButtonLink>{" "}
              <ButtonLink to={paths.livec(data.eventId)} target="_blank" rel="noreferrer">
                Open the projector (/livec)
              </ButtonLink>
            </p>
          </Card>
          <LiveAuctionForm data={data} saved={data.saved} />
        </>
      )}
    </>
  );
}

function LiveAuctionForm({
  data,
  saved,
}: {
  data: LiveAuctionSetupData;
  saved: NonNullable<LiveAuctionSetupData["saved"]>;
}) {
  const { timeZone } = data;
  const actionData = useActionData<unknown>();
  const schema = useMemo(() => liveAuctionSchema(timeZone), [timeZone]);
  const text = (value: number | string | null) => (value === null ? "" : String(value));
  const { form, fields } = useContractForm({
    id: LIVE_SETTINGS_FORM,
    schema,
    reply: actionData,
    defaultValue: {
      start_date_time: utcToZonedInput(saved.start_date_time, timeZone),
      end_date_time: utcToZonedInput(saved.end_date_time, timeZone),
      capacity: text(saved.capacity),
      seat_chart_url: text(saved.seat_chart_url),
      seat_chart_x: text(saved.seat_chart_x),
      seat_chart_y: text(saved.seat_chart_y),
      seat_chart_scale: text(saved.seat_chart_scale),
      seat_chart_opacity: text(saved.seat_chart_opacity),
      seat_chart_px: text(saved.seat_chart_px),
      seat_chart_py: text(saved.seat_chart_py),
      seat_chart_pz: text(saved.seat_chart_pz),
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(actionData, LIVE_SETTINGS_FORM));
  const saving = useNavigation().state === "submitting";
  const initial = (name: keyof typeof fields) =>
    typeof fields[name].initialValue === "string" ? (fields[name].initialValue as string) : "";
  const time = (name: "start_date_time" | "end_date_time") => wallToIso(initial(name), timeZone);
  // The preview follows what is typed; without JavaScript it shows what is saved.
  const [preview, setPreview] = useState<Record<string, unknown>>(() =>
    Object.fromEntries(
      CHART_FIELDS.map(([name]) => [name, initial(name)]).concat([["seat_chart_url", initial("seat_chart_url")]]),
    ),
  );
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const values = Object.fromEntries(new FormData(event.currentTarget).entries());
    setPreview(values);
  };

  return (
    <Form
      method="post"
      ref={formRef}
      className="settings-form"
      id={form.id}
      onSubmit={form.onSubmit}
      onInput={onInput}
      noValidate={form.noValidate}
      aria-labelledby="live-settings-heading"
    >
      <h2 id="live-settings-heading" className="section-heading">
        Times, room and seat chart
      </h2>
      {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <fieldset className="stack">
        <legend>When the live auction runs</legend>
        <div className="field-grid">
          <DateTimeField
            key={`start:${time("start_date_time") ?? ""}`}
            name={fields.start_date_time.name}
            label="Live auction starts"
            timeZone={timeZone}
            defaultValue={time("start_date_time")}
            error={fields.start_date_time.errors?.[0]}
            help="Shown on the room’s screens as the time to come back."
          />
          <DateTimeField
            key={`end:${time("end_date_time") ?? ""}`}
            name={fields.end_date_time.name}
            label="Live auction ends"
            timeZone={timeZone}
            defaultValue={time("end_date_time")}
            error={fields.end_date_time.errors?.[0]}
          />
        </div>
        <Field label="Capacity (guests in the room)" help="50 for a new live auction." meta={fields.capacity}>
          {(control) => <input {...control} type="number" inputMode="numeric" min={1} step={1} />}
        </Field>
      </fieldset>
      <fieldset className="stack">
        <legend>Seat chart</legend>
        <p className="muted">
          The projector (/livec) shows the chart over the live lot, where the preview below places it. A projector
          already showing picks up a change when it is reloaded.
        </p>
        <Field
          label="Seat chart image"
          help="An image address: https://… or a path on this site such as /images/…"
          meta={fields.seat_chart_url}
        >
          {(control) => <input {...control} type="text" inputMode="url" />}
        </Field>
        <div className="field-grid live-chart-fields">
          {CHART_FIELDS.map(([name, label, help]) => (
            <Field key={name} label={label} help={help} meta={fields[name]}>
              {(control) => <input {...control} type="text" inputMode="decimal" />}
            </Field>
          ))}
        </div>
        <ChartPreview values={preview} />
      </fieldset>
      <SaveActions saving={saving} />
    </Form>
  );
}

/** A 1920 × 1080 screen drawn at a fifth of its size, with the chart and its pointer where they will show. */
function ChartPreview({ values }: { values: Record<string, unknown> }) {
  const url = typeof values.seat_chart_url === "string" ? values.seat_chart_url.trim() : "";
  const place = chartPlacement(values);
  const ratio = 0.25;
  return (
    <figure className="live-chart-preview">
      <div
        className="live-chart-preview__screen"
        style={{ width: SCREEN.width * ratio, height: SCREEN.height * ratio }}
        data-testid="seat-chart-preview"
      >
        {url ? (
          <SeatChart url={url} place={place} ratio={ratio} />
        ) : (
          <p className="live-chart-preview__empty">No seat chart: enter an image address to see it here.</p>
        )}
      </div>
      <figcaption className="muted">
        Preview of a 1920 × 1080 screen at a quarter of its size: chart at ({place.x}, {place.y}), scale {place.scale},
        opacity {place.opacity}; pointer at ({place.px}, {place.py}), {place.pz} px.
      </figcaption>
    </figure>
  );
}
