import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { requireEventPermission, requireTeamMember } from "~/auth/access.server";
import { PERMISSION_LABELS } from "~/auth/permissions";
import { bidsMarker } from "~/bidding/silent-bids.server";
import { recentActivity, topItems, type ActivityKind } from "~/dashboard/activity.server";
import { eventFigures } from "~/dashboard/figures.server";
import { goalOf, goalSchema, setGoal } from "~/dashboard/goal.server";
import { moneyRaised, RAISED_SOURCE_LABELS, RAISED_SOURCES } from "~/dashboard/raised.server";
import { eventSettings } from "~/events/event-settings.server";
import { adminMenus } from "~/navigation/admin-navigation.server";
import { LiveIndicator, useLiveRefresh } from "~/realtime/use-live-refresh";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { formatCount, formatMoney } from "~/ui/format";
import { redirectWithToast } from "~/ui/toast.server";
import { formatInZone } from "~/ui/zoned-time";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Dashboard · Gavel" },
];

const ITEM_TYPE_LABELS: Record<string, string> = {
  live: "Live auction",
  silent: "Silent auction",
  virtual: "Virtual auction",
  sale: "Items for sale",
};

/**
 * /admin/dashboard, where every team member lands after choosing an event. The figures need
 * can_view_stats; without it the page offers the screens the person's role does open.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { role, eventId } = await requireTeamMember(request);
  const menus = adminMenus(request, role);
  const screens = [
    ...menus.hub().filter((screen) => screen.routeId !== "routes/admin._hub.dashboard"),
    ...menus.workspace().flatMap((section) => section.screens),
  ].map((screen) => ({ label: screen.label, to: screen.to }));
  if (!role.can_view_stats) {
    return {
      eventId,
      screens,
      lastBidId: null,
      canSetGoal: false,
      figures: null,
      raised: null,
      topItems: [],
      activity: [],
    };
  }

  const [figures, raised, top, activity, settings, marker] = await Promise.all([
    eventFigures(eventId),
    moneyRaised(eventId),
    topItems(eventId),
    recentActivity(eventId),
    eventSettings(eventId),
    bidsMarker(eventId),
  ]);
  const money = (cents: number) => formatMoney(cents, figures.currency);
  const total = RAISED_SOURCES.reduce((sum, source) => sum + raised[source], 0);
  const goal = goalOf(settings.meta);
  return {
    eventId,
    screens,
    lastBidId: marker.lastBidId,
    canSetGoal: role.can_edit_event,
    raised: {
      total: money(total),
      goal: goal === null ? null : money(goal),
      goalInput: goal === null ? "" : String(goal / 100),
      // Of the goal, for the progress bar (capped at 100) and the words beside it.
      percent: goal === null ? null : Math.round((total / goal) * 100),
      sources: RAISED_SOURCES.map((source) => ({
        source,
        label: RAISED_SOURCE_LABELS[source],
        amount: money(raised[source]),
        cents: raised[source],
      })),
    },
    topItems: top.map((item) => ({
      id: item.auction_item_id,
      title: item.title,
      lot: item.lot,
      type: ITEM_TYPE_LABELS[item.type] ?? item.type,
      bids: formatCount(item.bids),
      highest: item.highest === null ? "" : money(item.highest),
      value: item.value === null ? null : money(item.value),
    })),
    activity: activity.map((entry, index) => ({
      key: `${entry.kind}-${entry.at.getTime()}-${index}`,
      kind: entry.kind,
      at: formatInZone(entry.at, settings.timezone, "datetime"),
      who: entry.who,
      what: entry.what,
      amount: entry.amount === null ? null : money(entry.amount),
    })),
    figures: {
      registered: formatCount(figures.registrants.registered),
      attended: formatCount(figures.registrants.attended),
      ticketsPaid: formatCount(figures.tickets.paid),
      ticketsPending: formatCount(figures.tickets.pending),
      ticketRevenue: money(figures.tickets.paidAmount),
      highestBidsTotal: money(figures.highestBidsTotal),
      bidCount: formatCount(figures.bidCount),
      items: figures.items.map((row) => ({
        type: ITEM_TYPE_LABELS[row.type] ?? row.type,
        items: formatCount(row.items),
        itemsWithBids: formatCount(row.itemsWithBids),
        bids: formatCount(row.bids),
        highestBidsTotal: money(row.highestBidsTotal),
      })),
    },
  };
}

/** Setting the fundraising goal: part of the event's details (can_edit_event). */
export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_event");
  const form = await request.formData();
  const values = { goal: String(form.get("goal") ?? "") };
  const parsed = goalSchema.safeParse(values);
  if (!parsed.success) return data({ errors: parsed.error.flatten().fieldErrors, values }, { status: 400 });
  await setGoal(eventId, parsed.data.goal);
  const url = new URL(request.url);
  return redirectWithToast(url.pathname + url.search, {
    title: parsed.data.goal === null ? "Goal cleared" : "Goal saved",
  });
}

const ACTIVITY_LABELS: Record<ActivityKind, string> = {
  bid: "bid",
  registration: "registered",
  donation: "donated",
  purchase: "bought",
  pledge: "pledged",
};

export default function DashboardPage() {
  const { eventId, figures, screens, raised, canSetGoal, topItems, activity, lastBidId } =
    useLoaderData<typeof loader>();
  // Bids (and staff actions on items) refresh the figures as they happen.
  const live = useLiveRefresh(figures ? `/admin/dashboard/stream?id=${eventId}` : null, lastBidId);
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const title = viewer?.events.find((e) => e.event_id === eventId)?.title ?? "Dashboard";

  return (
    <>
      <div className="page-header">
        <h1>{title}</h1>
        <p>The event at a glance, as it stands now.</p>
        <LiveIndicator status={figures ? live : null} />
      </div>
      {figures && raised ? (
        <div className="stack">
          <RaisedCard raised={raised} canSetGoal={canSetGoal} />
          <dl className="figures" aria-label="Key figures">
            <Figure label="Registered guests" value={figures.registered} detail={`${figures.attended} checked in`} />
            <Figure
              label="Tickets sold"
              value={figures.ticketsPaid}
              detail={`${figures.ticketsPending} pending payment`}
            />
            <Figure label="Paid for tickets" value={figures.ticketRevenue} />
            <Figure label="Highest bids total" value={figures.highestBidsTotal} detail={`${figures.bidCount} bids`} />
          </dl>
          <Card title="Items and bids" headingLevel={2}>
            {figures.items.length === 0 ? (
              <p className="muted">No auction items yet.</p>
            ) : (
              <div className="table-wrap">
                <table className="data-table">
                  <caption className="visually-hidden">Items and bids by type</caption>
                  <thead>
                    <tr>
                      <th scope="col">Type</th>
                      <th scope="col" className="data-table__number">
                        Items
                      </th>
                      <th scope="col" className="data-table__number">
                        With bids
                      </th>
                      <th scope="col" className="data-table__number">
                        Bids
                      </th>
                      <th scope="col" className="data-table__number">
                        Highest bids total
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {figures.items.map((row) => (
                      <tr key={row.type}>
                        <th scope="row">{row.type}</th>
                        <td className="data-table__number">{row.items}</td>
                        <td className="data-table__number">{row.itemsWithBids}</td>
                        <td className="data-table__number">{row.bids}</td>
                        <td className="data-table__number">{row.highestBidsTotal}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
          <div className="dashboard-columns">
            <Card title="Top items" headingLevel={2}>
              {topItems.length === 0 ? (
                <p className="muted">No bids yet.</p>
              ) : (
                <ol className="ranked-list">
                  {topItems.map((item) => (
                    <li key={item.id}>
                      <span>
                        {item.lot !== null ? <span className="muted">Lot {item.lot} · </span> : null}
                        {item.title}
                        <span className="muted"> · {item.type}</span>
                      </span>
                      <span className="ranked-list__figure">
                        {item.highest}{" "}
                        <span className="muted">
                          ({item.bids} bids{item.value ? `, value ${item.value}` : ""})
                        </span>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </Card>
            <Card title="Recent activity" headingLevel={2}>
              {activity.length === 0 ? (
                <p className="muted">Nothing has happened yet.</p>
              ) : (
                <ul className="activity-list">
                  {activity.map((entry) => (
                    <li key={entry.key}>
                      <span>
                        <strong>{entry.who}</strong> {ACTIVITY_LABELS[entry.kind]}
                        {entry.amount ? ` ${entry.amount}` : ""}
                        {entry.what ? (
                          <>
                            {" "}
                            {entry.kind === "bid" ? "on" : ""} {entry.what}
                          </>
                        ) : null}
                      </span>
                      <time className="muted">{entry.at}</time>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        </div>
      ) : (
        <Card
          title="Your screens"
          description={`The event's figures need the "${PERMISSION_LABELS.can_view_stats}" permission, which your role does not include.`}
        >
          <ul className="link-list">
            {screens.map((screen) => (
              <li key={screen.to}>
                <Link to={screen.to}>{screen.label}</Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}

type Raised = NonNullable<Awaited<ReturnType<typeof loader>>["raised"]>;

/** Money raised, by source, against the goal; the goal can be set here by people who edit the event. */
function RaisedCard({ raised, canSetGoal }: { raised: Raised; canSetGoal: boolean }) {
  const actionData = useActionData<typeof action>();
  const error = actionData?.errors?.goal?.[0];
  return (
    <Card title="Money raised" headingLevel={2}>
      <div className="raised">
        <p className="raised__total">
          <span className="figure__value">{raised.total}</span>
          {raised.goal ? (
            <span className="muted">
              {" "}
              of {raised.goal} goal ({raised.percent}%)
            </span>
          ) : (
            <span className="muted"> raised so far</span>
          )}
        </p>
        {raised.percent !== null ? (
          <progress
            className="raised__bar"
            max={100}
            value={Math.min(raised.percent, 100)}
            aria-label="Progress towards the goal"
          >
            {raised.percent}%
          </progress>
        ) : null}
        <table className="data-table raised__sources">
          <caption className="visually-hidden">Money raised by source</caption>
          <tbody>
            {raised.sources.map((row) => (
              <tr key={row.source}>
                <th scope="row">{row.label}</th>
                <td className="data-table__number">{row.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {canSetGoal ? (
          <Form method="post" className="raised__goal" noValidate>
            <Field
              label="Fundraising goal"
              help="In whole units of the event's currency. Leave blank for no goal."
              error={error}
            >
              {(control) => (
                <input
                  {...control}
                  name="goal"
                  inputMode="decimal"
                  defaultValue={actionData?.values.goal ?? raised.goalInput}
                />
              )}
            </Field>
            <Button type="submit" size="sm">
              Save goal
            </Button>
          </Form>
        ) : null}
      </div>
    </Card>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="figure">
      <dt className="figure__label">{label}</dt>
      <dd className="figure__value">{value}</dd>
      {detail ? <dd className="figure__detail">{detail}</dd> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
