import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import {
  EVENT_FEATURES,
  FEATURE_LABELS,
  featureState,
  MODULE_INTENT,
  moduleSwitchSchema,
  type EventFeature,
  type FeatureFlags,
  type FeatureState,
} from "~/events/feature-switches";
import { setFeatureEnabled, toggleFeatureTesting } from "~/events/feature-switches.server";
import { formErrorOf } from "~/forms/form-contract";
import { intentAction } from "~/forms/intent-action.server";
import { Refusal } from "~/forms/refusal";
import { Button } from "~/ui/button";
import { titleMeta } from "~/ui/error-page";
import { event } from "~drizzle/schema";

export const meta = titleMeta("Modules · Setup · Gavel");

/** /admin/setup/modules: the event's feature switches (enabled, testing), for people who configure the event. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const [flags] = await db.select().from(event).where(eq(event.event_id, eventId));
  return { features: EVENT_FEATURES.map((feature) => featureState(flags as FeatureFlags, feature)) };
}

/** A feature switched on or off, or into or out of testing; answered in place, as the switch's own form. */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => ({ eventId: (await requireEventPermission(request, "can_configure_event")).eventId }),
    intents: (intent) => {
      const switchIntent = (change: (eventId: number, feature: EventFeature) => Promise<FeatureState>) =>
        intent({
          formId: "module",
          schema: moduleSwitchSchema,
          unparsed: "Choose a feature from the list.",
          refusal: (reply, { form }) =>
            data({ feature: form.get("feature"), error: formErrorOf(reply) ?? "" }, { status: 400 }),
          run: async ({ eventId }, { feature }) => {
            if (featureState({}, feature).locked)
              throw new Refusal(`${FEATURE_LABELS[feature].label} cannot be switched on yet.`);
            return data({ feature, state: await change(eventId, feature) });
          },
        });
      return {
        [MODULE_INTENT.enable]: switchIntent((eventId, feature) => setFeatureEnabled(eventId, feature, true)),
        [MODULE_INTENT.disable]: switchIntent((eventId, feature) => setFeatureEnabled(eventId, feature, false)),
        [MODULE_INTENT.toggleTesting]: switchIntent(toggleFeatureTesting),
      };
    },
  });
}

export default function ModulesPage() {
  const { features } = useLoaderData<typeof loader>();
  const eventLive = features.find((f) => f.feature === "event")?.live ?? false;
  const available = features.filter((f) => !f.locked);
  const locked = features.filter((f) => f.locked);
  return (
    <>
      <div className="page-header">
        <h1>Modules</h1>
        <p>
          Switch on the parts of Gavel this event uses. A module in <strong>testing</strong> shows its public pages only
          to team members who may preview the event, under a preview banner; switch testing off to go live.{" "}
          <strong>Event</strong> is the switch of them all: while it is in testing or off, guests see no page of the
          event.
        </p>
      </div>
      <div className="table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">Modules of the event</caption>
          <thead>
            <tr>
              <th scope="col">Module</th>
              <th scope="col">Status</th>
              <th scope="col">Enabled</th>
              <th scope="col">Testing</th>
            </tr>
          </thead>
          <tbody>
            {available.map((state) => (
              <ModuleRow key={state.feature} state={state} eventLive={eventLive} />
            ))}
          </tbody>
        </table>
      </div>
      <h2 className="section-heading">Not available yet</h2>
      <ul className="link-list">
        {locked.map((state) => (
          <li key={state.feature}>
            <strong>{FEATURE_LABELS[state.feature].label}</strong>: {FEATURE_LABELS[state.feature].description}
          </li>
        ))}
      </ul>
    </>
  );
}

/** One module: each switch is its own small form, so it works without JavaScript and updates in place with it. */
function ModuleRow({ state, eventLive }: { state: FeatureState; eventLive: boolean }) {
  const fetcher = useFetcher<typeof action>();
  // Show the switch as it will be once the pending click is saved.
  const pending = fetcher.formData?.get("intent");
  const enabled = pending === MODULE_INTENT.enable ? true : pending === MODULE_INTENT.disable ? false : state.enabled;
  const testing = pending === MODULE_INTENT.toggleTesting ? !state.testing : state.testing;
  const { label, description } = FEATURE_LABELS[state.feature];
  const error = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  return (
    <tr>
      <th scope="row">
        {label}
        <div className="muted data-table__wrap">{description}</div>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </th>
      <td>
        <ModuleStatus enabled={enabled} testing={testing} heldByEvent={state.feature !== "event" && !eventLive} />
      </td>
      <td>
        <fetcher.Form method="post">
          <input type="hidden" name="feature" value={state.feature} />
          <Button
            type="submit"
            size="sm"
            name="intent"
            value={enabled ? MODULE_INTENT.disable : MODULE_INTENT.enable}
            aria-pressed={enabled}
          >
            {enabled ? "On" : "Off"}
            <span className="visually-hidden"> — {label} enabled</span>
          </Button>
        </fetcher.Form>
      </td>
      <td>
        <fetcher.Form method="post">
          <input type="hidden" name="feature" value={state.feature} />
          <Button type="submit" size="sm" name="intent" value={MODULE_INTENT.toggleTesting} aria-pressed={testing}>
            {testing ? "Testing" : "Live"}
            <span className="visually-hidden"> — {label} in testing</span>
          </Button>
        </fetcher.Form>
      </td>
    </tr>
  );
}

function ModuleStatus({ enabled, testing, heldByEvent }: { enabled: boolean; testing: boolean; heldByEvent: boolean }) {
  if (!enabled) return <span className="badge badge--muted">Off</span>;
  if (testing) return <span className="badge badge--warning">Testing: team preview only</span>;
  if (heldByEvent) return <span className="badge badge--warning">Live once the event is: team preview only</span>;
  return <span className="badge badge--success">Live</span>;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
