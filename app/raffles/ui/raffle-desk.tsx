/**
 * /admin/bids/raffle: sell a bundle to a paddle, draw each prize (and redraw, with the reason: for an absent winner
 * only where winners must be present), the draw log with each drawing's seed and eligible tickets, the latest sales,
 * and the raffle rules (the licence number, whether winners must be present).
 */
import { Form, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { formErrorOf, replyFor, type FormReply } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { useMenuScreen } from "~/navigation/use-menu-screen";
import { LiveIndicator, useLiveRefresh } from "~/realtime/ui/use-live-refresh";
import { Button, ButtonLink } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { checkboxProps, Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney } from "~/ui/format";
import { RecentSales } from "~/ui/recent-sales";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import {
  ABSENT_WINNER,
  drawFormId,
  licenceSchema,
  RAFFLE_DESK_INTENT,
  RAFFLE_LICENCE_FORM,
  RAFFLE_SALE_FORM,
  raffleSaleSchema,
  redrawFormId,
  redrawSchema,
} from "../raffle-forms";
import type { raffleDesk } from "../raffle-screens.server";

type Desk = Awaited<ReturnType<typeof raffleDesk>>;
type Props = Desk & {
  reply: FormReply | undefined;
  submissionKey: string;
  streamUrl: string;
  marker: number;
  /** Whether this person's role sets the raffle rules; others read them. */
  canSetRules: boolean;
};

export function RaffleDesk({
  raffles,
  log,
  recent,
  currency,
  licence,
  mustBePresent,
  reply,
  submissionKey,
  streamUrl,
  marker,
  canSetRules,
}: Props) {
  const money = (cents: number) => formatMoney(cents, currency);
  // Raffles, their prizes and their sales are set up on another screen, offered to those whose role opens it.
  const setUp = useMenuScreen("/admin/auction_items/raffle_tickets");
  // Two desks (two tables, the stage) see each other's sales and draws without reloading.
  const status = useLiveRefresh(streamUrl, marker);
  return (
    <>
      <div className="page-header">
        <h1>Raffle</h1>
        <p>Sell ticket bundles to a paddle, then draw each prize. Every draw is kept in the log below.</p>
        <p>
          <strong>{mustBePresent ? "Winners must be present to win." : "Winners need not be present to win."}</strong>{" "}
          {mustBePresent
            ? "Draw again for a winner who is not in the room."
            : "An absent winner keeps the prize: contact them."}
        </p>
        <LiveIndicator status={status} />
      </div>
      {raffles.length === 0 ? (
        <EmptyState
          title="No raffles yet"
          text="Add one under Auction items › Raffle tickets; then sell its tickets and draw it here."
          action={
            setUp ? (
              <ButtonLink to={setUp.to} variant="primary">
                Add a raffle
              </ButtonLink>
            ) : null
          }
        />
      ) : (
        <>
          <SaleForm
            raffles={raffles}
            money={money}
            reply={reply}
            submissionKey={submissionKey}
            setUpHref={setUp?.to ?? null}
          />
          {raffles.map((row) => (
            <section key={row.id} className="raffle-desk__raffle" aria-labelledby={`raffle-${row.id}`}>
              <h2 id={`raffle-${row.id}`}>{row.title}</h2>
              <p className="muted">
                {row.sold} ticket{row.sold === 1 ? "" : "s"} sold{row.drawAt ? ` · draw ${row.drawAt}` : ""}
              </p>
              {row.prizes.length === 0 ? (
                <EmptyState
                  size="sm"
                  headingLevel={3}
                  title="No prizes yet"
                  text="List this raffle's prizes under Auction items › Raffle tickets; each is drawn here."
                  action={
                    setUp ? (
                      <ButtonLink to={setUp.to} size="sm">
                        Add prizes
                      </ButtonLink>
                    ) : null
                  }
                />
              ) : (
                <ul className="raffle-desk__prizes">
                  {row.prizes.map((prize) => (
                    <li key={prize.id}>
                      <span className="raffle-desk__prize">{prize.title}</span>
                      {prize.drawing ? (
                        <>
                          <strong className="raffle-desk__winner">
                            Ticket {prize.drawing.ticketNumber} · {prize.drawing.winner}
                            {prize.drawing.paddle ? ` (paddle ${prize.drawing.paddle})` : ""}
                            {prize.drawing.isRedraw
                              ? ` · redraw by ${prize.drawing.drawnBy ?? "a former team member"}`
                              : ""}
                          </strong>
                          <RedrawForm drawingId={prize.drawing.id} mustBePresent={mustBePresent} reply={reply} />
                        </>
                      ) : (
                        <DrawForm prizeId={prize.id} title={prize.title} reply={reply} />
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </>
      )}
      <DrawLog log={log} />
      <RecentSales
        caption="Recent raffle sales"
        empty={{ title: "No tickets sold yet", text: "Each sale is listed here, newest first." }}
        rows={recent}
        columns={[
          { header: "When", cell: (row) => row.at },
          { header: "Raffle", cell: (row) => row.raffle },
          { header: "Paddle", cell: (row) => row.paddle ?? (row.source === "guest" ? "own phone" : "—") },
          { header: "Guest", cell: (row) => row.guest },
          {
            header: "Tickets",
            cell: (row) => (row.first === row.last ? `No. ${row.first}` : `No. ${row.first}–${row.last}`),
          },
          { header: "Amount", numeric: true, cell: (row) => money(row.amount) },
        ]}
      />
      {canSetRules ? (
        <RulesForm licence={licence} mustBePresent={mustBePresent} reply={reply} />
      ) : (
        <section className="settings-form" aria-labelledby="raffle-rules-heading">
          <h2 id="raffle-rules-heading">Raffle rules</h2>
          <p>
            {licence ? `Licence no. ${licence}. ` : "No licence number is shown. "}
            {mustBePresent ? "Winners must be present to win." : "Winners need not be present to win."} Whoever sets up
            the raffles or runs the event sets these.
          </p>
        </section>
      )}
    </>
  );
}

function SaleForm({
  raffles,
  money,
  reply,
  submissionKey,
  setUpHref,
}: {
  raffles: Desk["raffles"];
  money: (cents: number) => string;
  reply: FormReply | undefined;
  submissionKey: string;
  /** Raffle tickets' setup screen, when the person's role opens it. */
  setUpHref: string | null;
}) {
  const { form, fields } = useContractForm({ id: RAFFLE_SALE_FORM, schema: raffleSaleSchema, reply });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, RAFFLE_SALE_FORM));
  const busy = useNavigation().formData?.get("intent") === RAFFLE_DESK_INTENT.sell;
  const open = raffles.filter((row) => row.status === "open" && row.bundles.length > 0);
  if (open.length === 0) {
    return (
      <EmptyState
        size="sm"
        title="No raffle is selling tickets now"
        text="Open a raffle's sales, with its ticket bundles, under Auction items › Raffle tickets to sell them here."
        action={
          setUpHref ? (
            <ButtonLink to={setUpHref} size="sm">
              Open ticket sales
            </ButtonLink>
          ) : null
        }
      />
    );
  }
  return (
    <Form method="post" ref={formRef} className="settings-form" {...formProps(form)}>
      <h2>Sell tickets</h2>
      {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      <input type="hidden" name="intent" value={RAFFLE_DESK_INTENT.sell} />
      <input type="hidden" name="submission" value={submissionKey} />
      <div className="field-grid">
        <Field label="Tickets" meta={fields.bundle}>
          {(control) => (
            <select {...control}>
              <option value="">Choose…</option>
              {open.map((row) => (
                <optgroup key={row.id} label={row.title}>
                  {row.bundles.map((bundle) => (
                    <option key={bundle.id} value={bundle.id}>
                      {row.title}: {bundle.quantity} for {money(bundle.price)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </Field>
        <Field label="Paddle" meta={fields.paddle}>
          {(control) => <input {...control} inputMode="numeric" autoComplete="off" />}
        </Field>
      </div>
      <div className="settings-form__actions">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? "Selling…" : "Sell tickets"}
        </Button>
      </div>
    </Form>
  );
}

function DrawForm({ prizeId, title, reply }: { prizeId: number; title: string; reply: FormReply | undefined }) {
  const error = formErrorOf(replyFor(reply, drawFormId(prizeId)));
  const busy = Number(useNavigation().formData?.get("prize")) === prizeId;
  return (
    <Form method="post" className="raffle-desk__draw">
      <input type="hidden" name="intent" value={RAFFLE_DESK_INTENT.draw} />
      <input type="hidden" name="prize" value={prizeId} />
      <Button type="submit" variant="primary" disabled={busy} aria-label={`Draw ${title}`}>
        {busy ? "Drawing…" : "Draw"}
      </Button>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </Form>
  );
}

function RedrawForm({
  drawingId,
  mustBePresent,
  reply,
}: {
  drawingId: number;
  mustBePresent: boolean;
  reply: FormReply | undefined;
}) {
  const id = redrawFormId(drawingId);
  const { form, fields } = useContractForm({
    id,
    schema: redrawSchema,
    reply,
    defaultValue: { cause: mustBePresent ? "absent" : "other" },
  });
  return (
    <details className="raffle-desk__redraw" open={replyFor(reply, id) !== undefined}>
      <summary>Redraw</summary>
      <Form method="post" {...formProps(form)}>
        {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
        <input type="hidden" name="intent" value={RAFFLE_DESK_INTENT.redraw} />
        <input type="hidden" name="drawing" value={drawingId} />
        {mustBePresent ? (
          <Field label="Why draw again" meta={fields.cause}>
            {(control) => (
              <select {...control}>
                <option value="absent">{ABSENT_WINNER}</option>
                <option value="other">Another reason (say which below)</option>
              </select>
            )}
          </Field>
        ) : (
          // Where winners need not be present, absence is no reason to draw again.
          <input type="hidden" name="cause" value="other" />
        )}
        <Field
          label={mustBePresent ? "Note" : "Why draw again"}
          help={mustBePresent ? "Optional for an absent winner." : "Such as: the winner declined the prize."}
          meta={fields.reason}
        >
          {(control) => <input {...control} autoComplete="off" />}
        </Field>
        <Button type="submit">Void and draw again</Button>
      </Form>
    </details>
  );
}

function RulesForm({
  licence,
  mustBePresent,
  reply,
}: {
  licence: string | null;
  mustBePresent: boolean;
  reply: FormReply | undefined;
}) {
  const { form, fields } = useContractForm({
    id: RAFFLE_LICENCE_FORM,
    schema: licenceSchema,
    reply,
    defaultValue: { licence: licence ?? "", must_be_present: mustBePresent ? "yes" : "no" },
  });
  return (
    <Form method="post" className="settings-form" {...formProps(form)}>
      <h2>Raffle rules</h2>
      <input type="hidden" name="intent" value={RAFFLE_DESK_INTENT.licence} />
      <Field
        label="Raffle licence number"
        help="Where the law asks for one: shown on the guests' raffle page. Leave blank to show none."
        meta={fields.licence}
      >
        {(control) => <input {...control} autoComplete="off" />}
      </Field>
      <label className="checkbox">
        <input type="checkbox" {...checkboxProps(fields.must_be_present)} />
        Winners must be present to win (shown on the guests' raffle page; only then can a prize be drawn again for an
        absent winner)
      </label>
      <div className="settings-form__actions">
        <Button type="submit">Save raffle rules</Button>
      </div>
    </Form>
  );
}

/** The draw log: every drawing with its proof; a redraw says so and by whom, a void drawing why and by whom. */
export function DrawLog({ log }: { log: Desk["log"] }) {
  return (
    <>
      <h2>Draw log</h2>
      {log.length === 0 ? (
        <EmptyState
          size="sm"
          headingLevel={3}
          title="Nothing drawn yet"
          text="Each draw is logged here with its seed and the tickets it was drawn from, so anyone can check it."
        />
      ) : (
        <div className="table-scroll">
          <table className="billing-table raffle-log">
            <caption className="visually-hidden">Draw log</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Prize</th>
                <th scope="col">Ticket</th>
                <th scope="col">Winner</th>
                <th scope="col">Drawn by</th>
                <th scope="col">Status</th>
                <th scope="col">Proof</th>
              </tr>
            </thead>
            <tbody>
              {log.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.at}</td>
                  <td>{entry.prize}</td>
                  <td>{entry.ticketNumber}</td>
                  <td>{entry.winner}</td>
                  <td>
                    {entry.isRedraw ? `Redraw by ${entry.drawnBy ?? "a former team member"}` : (entry.drawnBy ?? "—")}
                  </td>
                  <td>
                    {entry.isVoid
                      ? `Void: ${entry.voidReason}${entry.voidedBy ? ` (voided by ${entry.voidedBy})` : ""}`
                      : "Standing"}
                  </td>
                  <td>
                    <details>
                      <summary>
                        Index {entry.pickedIndex} of {entry.eligibleCount}
                      </summary>
                      <p className="raffle-log__proof">
                        Seed <code>{entry.seed}</code>
                        <br />
                        Eligible tickets: {entry.eligible}
                        <br />
                        Pick: SHA-256(seed “:” tickets joined by commas) mod {entry.eligibleCount}
                      </p>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
