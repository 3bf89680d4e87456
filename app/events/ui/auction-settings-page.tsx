/**
 * The page of /admin/setup/silent_auction and /admin/setup/virtual_auction: the rules in effect in plain words,
 * then one form for the auction's times, soft close, proxy bids, increments and staggered closing by category.
 * A plain HTML form: the staggered-closing helper is a submit button of its own (intent "fill"), so it works
 * before JavaScript loads; the action sends the form back with the times filled in, unsaved.
 */
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo, useRef } from "react";
import { replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { Button, ButtonLink } from "~/ui/button";
import { Card } from "~/ui/card";
import { DateTimeField } from "~/ui/date-time-field";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { SaveActions } from "~/ui/save-actions";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import {
  AUCTION_KINDS,
  AUCTION_SETTINGS_FORM,
  AUCTION_SETTINGS_INTENT,
  auctionSettingsSchema,
  closeField,
  INCREMENT_PERCENT_MAX,
  INCREMENT_PERCENT_MIN,
  SOFT_CLOSE_MAX_MINUTES,
  STAGGER_GAP_MAX_MINUTES,
  wallToIso,
} from "../auction-settings";
import type { AuctionSettingsScreen } from "../auction-settings.server";

type LoaderData = AuctionSettingsScreen;

const INTRO = {
  silent:
    "When guests in the room can bid from their phones, how late bids extend an item, and how much each bid must go up.",
  virtual:
    "When people who are not in the room can bid online, how late bids extend an item, and how much each bid must go up.",
} as const;

export function AuctionSettingsPage() {
  const loaderData = useLoaderData<LoaderData>() as LoaderData;
  const { kind, exists, enabled, summary } = loaderData;
  const { label } = AUCTION_KINDS[kind];
  return (
    <>
      <div className="page-header">
        <h1>{label}</h1>
        <p>{INTRO[kind]}</p>
      </div>
      {!exists ? (
        <EmptyState
          title={`The ${label.toLowerCase()} is not switched on`}
          text={`Switch on the ${label.toLowerCase()} module for this event, then come back here to set its times and rules.`}
          action={
            <ButtonLink to="/admin/setup/modules" variant="primary">
              Go to Modules
            </ButtonLink>
          }
        />
      ) : (
        <>
          {enabled ? null : (
            <p className="contrast-warning" role="note">
              The {label.toLowerCase()} module is off: these rules apply once it is switched on under{" "}
              <a href="/admin/setup/modules">Modules</a>.
            </p>
          )}
          <Card title="Rules in effect" headingLevel={2}>
            <ul aria-label="Rules in effect">
              {summary.map((sentence) => (
                <li key={sentence}>{sentence}</li>
              ))}
            </ul>
          </Card>
          <AuctionSettingsForm data={loaderData} />
        </>
      )}
    </>
  );
}

function AuctionSettingsForm({ data }: { data: LoaderData }) {
  const { timeZone, categories } = data;
  const saved = data.saved!;
  const actionData = useActionData<unknown>();
  const reply = replyFor(actionData, AUCTION_SETTINGS_FORM);
  const schema = useMemo(() => auctionSettingsSchema(timeZone, categories), [timeZone, categories]);
  // The fields hold what is saved, or what came back with a reply; the browser checks them with the action's schema.
  const { form } = useContractForm({ id: AUCTION_SETTINGS_FORM, schema, reply: actionData });
  const formError = form.errors?.[0];
  const filled = reply !== undefined && "filled" in reply;
  const values = reply?.initialValue as Record<string, string> | undefined;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, reply);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  const error = (name: string) => form.allErrors[name]?.[0];
  // After a post comes back, fields show what was typed (wall times); otherwise the stored values.
  const time = (name: string, stored: string | null) => (values ? wallToIso(values[name], timeZone) : stored);
  const text = (name: string, stored: string) => (values ? (values[name] ?? "") : stored);
  const policy = text("increment_policy", saved.increment_policy);
  const autoBid = values ? values.is_auto_bid === "on" : saved.is_auto_bid;
  // A time field keeps what it shows until its default changes (then it is replaced): after "fill", for instance.
  const dateField = (name: string, label: string, stored: string | null, help?: string) => {
    const value = time(name, stored);
    return (
      <DateTimeField
        key={`${name}:${value ?? ""}`}
        name={name}
        label={label}
        timeZone={timeZone}
        defaultValue={value}
        error={error(name)}
        help={help}
      />
    );
  };

  return (
    <Form method="post" ref={formRef} className="settings-form" {...formProps(form)}>
      {/* Enter in a field saves (the first submit button of a form is the one Enter presses), not "Fill". */}
      <button
        type="submit"
        name="intent"
        value={AUCTION_SETTINGS_INTENT.save}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        Save
      </button>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {filled ? (
        <p className="contrast-warning" role="status">
          Closing times filled in. Check them, change any you like, then save: nothing is saved yet.
        </p>
      ) : null}

      <fieldset className="stack">
        <legend>When bidding is open</legend>
        <div className="field-grid">
          {dateField(
            "start_date_time",
            "Bidding opens",
            saved.start_date_time,
            "Leave empty to open as soon as items are published.",
          )}
          {dateField(
            "end_date_time",
            "Bidding ends",
            saved.end_date_time,
            "Items close then, unless their category closes at its own time.",
          )}
        </div>
      </fieldset>

      <fieldset className="stack">
        <legend>Soft close</legend>
        <div className="field-grid">
          <Field
            label="Soft close window (minutes)"
            help={`A bid in the last minutes extends the item to this long after the bid. 0 turns it off; at most ${SOFT_CLOSE_MAX_MINUTES}.`}
            error={error("soft_close_minutes")}
          >
            {(control) => (
              <input
                {...control}
                name="soft_close_minutes"
                type="number"
                inputMode="numeric"
                min={0}
                max={SOFT_CLOSE_MAX_MINUTES}
                step={1}
                defaultValue={text("soft_close_minutes", saved.soft_close_minutes)}
              />
            )}
          </Field>
          {dateField(
            "hard_end_date_time",
            "Hard end",
            saved.hard_end_date_time,
            "No item stays open past this time, however late the bids. At or after the end.",
          )}
        </div>
      </fieldset>

      <fieldset className="stack">
        <legend>Bids</legend>
        <label className="checkbox">
          <input type="checkbox" name="is_auto_bid" defaultChecked={autoBid} key={`auto:${autoBid}`} />
          Maximum bids: bidders may leave a hidden maximum, and Gavel bids for them only as much as needed to stay ahead
        </label>
        <fieldset
          className="checkbox-group"
          aria-describedby={error("increment_policy") ? "increment-policy-error" : undefined}
        >
          <legend className="field__label">How much each bid must go up</legend>
          <label className="checkbox">
            <input
              type="radio"
              name="increment_policy"
              value="item"
              defaultChecked={policy === "item"}
              key={`item:${policy}`}
            />
            By each item's own increment
          </label>
          <label className="checkbox">
            <input
              type="radio"
              name="increment_policy"
              value="percent"
              defaultChecked={policy === "percent"}
              key={`percent:${policy}`}
            />
            By a percentage of the current bid (at least the item's increment)
          </label>
          {error("increment_policy") ? (
            <p id="increment-policy-error" className="field__error">
              {error("increment_policy")}
            </p>
          ) : null}
        </fieldset>
        <Field
          label="Percentage"
          help={`Used with the percentage policy: from ${INCREMENT_PERCENT_MIN} to ${INCREMENT_PERCENT_MAX}, rounded up to whole units.`}
          error={error("increment_percent")}
        >
          {(control) => (
            <input
              {...control}
              name="increment_percent"
              type="number"
              inputMode="numeric"
              min={INCREMENT_PERCENT_MIN}
              max={INCREMENT_PERCENT_MAX}
              step={1}
              defaultValue={text("increment_percent", saved.increment_percent)}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="stack">
        <legend>Closing times by category</legend>
        <p className="muted">
          Close categories one after another (usually 10 to 15 minutes apart) so guests can move from table to table. A
          category left empty closes with the auction. Each time must be after bidding opens and not after the hard end.
        </p>
        {categories.length === 0 ? (
          <p className="muted">
            The organisation has no categories yet. Add them under{" "}
            <a href="/admin/auction_items/categories">Categories</a>.
          </p>
        ) : (
          <>
            <div className="field-grid">
              {dateField("first_close", "First category closes", null)}
              <Field
                label="Minutes between categories"
                help="Fills the categories that have items in this auction, in the order below."
                error={error("close_gap_minutes")}
              >
                {(control) => (
                  <input
                    {...control}
                    name="close_gap_minutes"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={STAGGER_GAP_MAX_MINUTES}
                    step={1}
                    defaultValue={text("close_gap_minutes", "10")}
                  />
                )}
              </Field>
            </div>
            <div>
              <Button
                type="submit"
                name="intent"
                value={AUCTION_SETTINGS_INTENT.fill}
                disabled={busy === AUCTION_SETTINGS_INTENT.fill}
              >
                {busy === "fill" ? "Filling…" : "Fill closing times"}
              </Button>
            </div>
            <div className="table-wrap">
              <table className="data-table">
                <caption className="visually-hidden">Closing time of each category</caption>
                <thead>
                  <tr>
                    <th scope="col">Category</th>
                    <th scope="col">Items</th>
                    <th scope="col">Closes at</th>
                  </tr>
                </thead>
                <tbody>
                  {categories.map((row) => (
                    <tr key={row.category_id}>
                      <th scope="row">{row.title}</th>
                      <td>{row.item_count}</td>
                      <td>{dateField(closeField(row.category_id), `${row.title} closes`, row.end_date_time)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </fieldset>

      <SaveActions saving={busy === AUCTION_SETTINGS_INTENT.save} intent={AUCTION_SETTINGS_INTENT.save} />
    </Form>
  );
}
