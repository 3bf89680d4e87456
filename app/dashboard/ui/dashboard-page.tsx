/**
 * The dashboard (/admin/dashboard): money raised against the goal (set here by people who edit the event), the key
 * figures, the top items and recent activity, refreshed as bids come in; or the screens a role without the figures
 * opens. Its data: dashboard.server.ts.
 */
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { PERMISSION_LABELS } from "~/auth/permissions";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { eventAddress, paths } from "~/http/paths";
import { LiveIndicator, useLiveRefresh } from "~/realtime/ui/use-live-refresh";
import { Button, ButtonLink } from "~/ui/button";
import { Card } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { GOAL_FORM, goalSchema } from "../goal";
import type { ActivityKind } from "../activity.server";
import type { DashboardData, DashboardFigures } from "../dashboard.server";
import type { loader as rootLoader } from "~/root";

const ACTIVITY_LABELS: Record<ActivityKind, string> = {
  bid: "bid",
  registration: "registered",
  donation: "donated",
  purchase: "bought",
  pledge: "pledged",
};

export function DashboardPage() {
  const {
    eventId,
    figures,
    screens,
    nextSteps,
    failingTransports,
    raised,
    canSetGoal,
    canReport,
    topItems,
    activity,
    lastBidId,
  } = useLoaderData<DashboardData>();
  // Each figure leads to the report that explains it, for those who may open the reports.
  const report = (slug: string) => (canReport ? eventAddress(`/admin/setup/reporting/${slug}`, eventId) : undefined);
  // Bids (and staff actions on items) refresh the figures as they happen.
  const live = useLiveRefresh(figures ? paths.dashboardStream(eventId) : null, lastBidId);
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  const title = viewer?.events.find((e) => e.event_id === eventId)?.title ?? "Dashboard";
  // The screen that fills an empty catalogue, when the person's role opens it.
  const inventory = screens.find((screen) => screen.to.split("?")[0] === "/admin/auction_items/inventory");

  return (
    <>
      <div className="page-header">
        <h1>{title}</h1>
        <p>The event at a glance, as it stands now.</p>
        <LiveIndicator status={figures ? live : null} />
      </div>
      <FailingTransports failing={failingTransports} />
      <NextSteps steps={nextSteps} />
      {figures && raised ? (
        <div className="stack">
          <RaisedCard raised={raised} canSetGoal={canSetGoal} reportHref={report("revenue")} />
          <dl className="figures" aria-label="Key figures">
            <Figure
              label="Registered guests"
              value={figures.registered}
              detail={`${figures.attended} checked in`}
              href={report("guests")}
            />
            <Figure
              label="Tickets sold"
              value={figures.ticketsPaid}
              detail={`${figures.ticketsPending} pending payment`}
              href={report("guests")}
            />
            <Figure
              label="Raised from tickets"
              value={figures.ticketsRaised}
              detail="after discounts and comps"
              href={report("revenue")}
            />
            <Figure
              label="Highest bids total"
              value={figures.highestBidsTotal}
              detail={figures.bidCount}
              href={report("items")}
            />
          </dl>
          <Card title="Items and bids" headingLevel={2}>
            {figures.items.length === 0 ? (
              <EmptyState
                size="sm"
                headingLevel={3}
                title="No auction items yet"
                text="Items in the silent, live and virtual auctions are counted here by type, with their bids."
                action={
                  inventory ? (
                    <ButtonLink to={inventory.to} variant="primary" size="sm">
                      Add auction items
                    </ButtonLink>
                  ) : null
                }
              />
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
                <EmptyState
                  size="sm"
                  headingLevel={3}
                  title="No bids yet"
                  text="The items with the highest bids are ranked here once bidding starts."
                />
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
                          ({item.bids}
                          {item.value ? `, value ${item.value}` : ""})
                        </span>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </Card>
            <Card title="Recent activity" headingLevel={2}>
              {activity.length === 0 ? (
                <EmptyState
                  size="sm"
                  headingLevel={3}
                  title="Nothing has happened yet"
                  text="Bids, registrations, gifts, purchases and pledges appear here as they come in."
                />
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

/** Email or texting failing now: what the provider said, how many messages wait, and where to look. */
function FailingTransports({ failing }: { failing: DashboardData["failingTransports"] }) {
  if (failing.length === 0) return null;
  return (
    <div className="messages-notice" role="alert">
      {failing.map((transport) => (
        <p key={transport.channel}>
          <strong>{transport.channel === "email" ? "Email is failing." : "Texting is failing."}</strong> At{" "}
          {transport.failedAt} the {transport.channel === "email" ? "mail server" : "Twilio account"} said:{" "}
          {transport.reason} {transport.heldBack === 1 ? "1 message is" : `${transport.heldBack} messages are`} failed
          or waiting to be tried again.{" "}
          {transport.to ? (
            <Link to={transport.to}>
              {transport.to.includes("/outbox") ? "See the failed messages" : "Check the settings"}
            </Link>
          ) : null}
        </p>
      ))}
    </div>
  );
}

/** What the event still needs before guests come, done ones ticked, each with the screen that does it. */
function NextSteps({ steps }: { steps: DashboardData["nextSteps"] }) {
  if (steps.length === 0) return null;
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;
  return (
    <Card
      className="next-steps-card"
      title="Next steps"
      description={`${done} of ${steps.length} done. Each is read from the event as it stands.`}
    >
      <ol className="next-steps">
        {steps.map((step) => (
          <li key={step.label} className={step.done ? "next-steps__step next-steps__step--done" : "next-steps__step"}>
            <span className="next-steps__mark" aria-hidden="true">
              {step.done ? "✓" : "○"}
            </span>
            <span className="next-steps__text">
              <strong>{step.label}</strong>
              <span className="visually-hidden">{step.done ? " (done)" : " (to do)"}</span>
              <span className="muted"> {step.detail}</span>
            </span>
            {step.to ? (
              <Link to={step.to} className="next-steps__link" aria-label={`${step.label}: open`}>
                {step.done ? "Review" : "Set up"}
              </Link>
            ) : (
              <span className="muted next-steps__link">Ask an event admin</span>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

type Raised = NonNullable<DashboardFigures["raised"]>;

/** Money raised, by source, against the goal; the goal can be set here by people who edit the event. */
function RaisedCard({
  raised,
  canSetGoal,
  reportHref,
}: {
  raised: Raised;
  canSetGoal: boolean;
  reportHref: string | undefined;
}) {
  const { form, fields } = useContractForm({
    id: GOAL_FORM,
    schema: goalSchema,
    reply: useActionData<unknown>(),
    defaultValue: { goal: raised.goalInput },
  });
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
        <dl className="figures" aria-label="Pledged and outstanding">
          <Figure label="Raised" value={raised.total} detail="collected, less refunds" href={reportHref} />
          <Figure
            label="Pledged"
            value={raised.pledged}
            detail="owed once an item closes or a gift is made"
            href={reportHref}
          />
          <Figure label="Outstanding" value={raised.outstanding} detail="pledged, not yet raised" href={reportHref} />
          {raised.comped ? (
            <Figure label="Comped" value={raised.comped} detail="given free, not in pledged" href={reportHref} />
          ) : null}
        </dl>
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
          <caption className="visually-hidden">Money pledged and raised by source</caption>
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col" className="data-table__number">
                Pledged
              </th>
              <th scope="col" className="data-table__number">
                Raised
              </th>
            </tr>
          </thead>
          <tbody>
            {raised.sources.map((row) => (
              <tr key={row.source}>
                <th scope="row">{row.label}</th>
                <td className="data-table__number">{row.pledged}</td>
                <td className="data-table__number">{row.raised}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {canSetGoal ? (
          <Form method="post" className="raised__goal" {...formProps(form)}>
            <Field
              label="Fundraising goal"
              help="In whole units of the event's currency. Leave blank for no goal."
              meta={fields.goal}
            >
              {(control) => <input {...control} inputMode="decimal" />}
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

function Figure({ label, value, detail, href }: { label: string; value: string; detail?: string; href?: string }) {
  return (
    <div className="figure">
      <dt className="figure__label">{href ? <Link to={href}>{label}</Link> : label}</dt>
      <dd className="figure__value">{value}</dd>
      {detail ? <dd className="figure__detail">{detail}</dd> : null}
    </div>
  );
}
