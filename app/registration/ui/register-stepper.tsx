/**
 * The /register stepper: tickets → your details → guests → questions → payment. Each step is one plain form that
 * posts the step's fields with the draft so far; with JavaScript Remix posts it in place and the page moves on
 * without a reload, the new step's heading taking focus.
 */
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { priceOrder, type PromoTerms } from "~/registration/pricing";
import { isNamed, seatsOf, STEP_LABELS, type RegisterDraft, type RegisterStep } from "~/registration/register-draft";
import { buttonClass } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney } from "~/ui/format";
import { SelectOptions } from "~/ui/select-options";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import type { RegisterQuestion } from "../register-page.server";

export interface StepperTicket {
  ticket_id: number;
  title: string;
  description: string | null;
  price: number;
  increment: number;
  seat_count: number;
  left: number | null;
}

export type StepperQuestion = Pick<
  RegisterQuestion,
  "name" | "label" | "type" | "help" | "required" | "options" | "is_pre_sales_question"
>;

export interface StepperProps {
  steps: RegisterStep[];
  step: RegisterStep;
  draft: RegisterDraft;
  encoded: string;
  errors: Record<string, string>;
  promo: PromoTerms | null;
  tickets: StepperTicket[];
  questions: StepperQuestion[];
  meals: { meal_id: number; title: string; description: string | null }[];
  currency: string;
  orderLimit: number;
  ticketsTitle: string;
  continueLabel: string;
  /** The event takes cards: the payment step offers paying now. */
  cardsOpen: boolean;
}

export function RegisterStepper(props: StepperProps) {
  const { step, steps, errors, encoded } = props;
  const navigation = useNavigation();
  // Until the next step has loaded: a second press meanwhile would send the step again and abort the first.
  const busy = navigation.state !== "idle";
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    // Moving to another step: its heading takes focus so keyboard and screen-reader users start there.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (Object.keys(errors).length === 0) heading.current?.focus();
  }, [step, errors]);
  useFocusFirstError(form, errors);
  const position = steps.indexOf(step);

  return (
    <div className="register">
      <ol className="register-steps" aria-label="Registration steps">
        {steps.map((name, index) => (
          <li
            key={name}
            aria-current={name === step ? "step" : undefined}
            className={index < position ? "register-steps__done" : undefined}
          >
            <span className="register-steps__number">{index + 1}</span> {STEP_LABELS[name]}
          </li>
        ))}
      </ol>
      <Form method="post" ref={form} className="register-form" noValidate>
        <input type="hidden" name="draft" value={encoded} />
        <input type="hidden" name="step" value={step} />
        <h2 ref={heading} tabIndex={-1} className="register-form__heading">
          {step === "tickets" ? props.ticketsTitle : STEP_LABELS[step]}
        </h2>
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        {step === "tickets" ? <TicketsStep {...props} /> : null}
        {step === "buyer" ? <BuyerStep {...props} /> : null}
        {step === "guests" ? <GuestsStep {...props} /> : null}
        {step === "questions" ? <QuestionsStep {...props} /> : null}
        {step === "payment" ? <PaymentStep {...props} /> : null}
        <div className="register-form__actions">
          {position > 0 ? (
            <button
              type="submit"
              name="intent"
              value="back"
              className={buttonClass({ variant: "ghost" })}
              disabled={busy}
            >
              Back
            </button>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="next"
            className={buttonClass({ variant: "primary", size: "lg" })}
            disabled={busy}
          >
            {step === "payment" ? "Complete registration" : props.continueLabel}
          </button>
        </div>
      </Form>
    </div>
  );
}

function OrderSummary({
  draft,
  tickets,
  promo,
  currency,
}: Pick<StepperProps, "draft" | "tickets" | "promo" | "currency">) {
  const lines = tickets
    .map((type) => ({
      ticketId: type.ticket_id,
      unitPrice: type.price,
      quantity: Math.max(0, draft.quantities[String(type.ticket_id)] ?? 0),
    }))
    .filter((line) => line.quantity > 0);
  if (lines.length === 0) return null;
  const priced = priceOrder(lines, promo);
  const title = (id: number) => tickets.find((type) => type.ticket_id === id)?.title ?? "";
  return (
    <dl className="register-summary" aria-label="Order summary">
      {priced.lines.map((line) => (
        <div key={line.ticketId}>
          <dt>
            {line.quantity} × {title(line.ticketId)}
          </dt>
          <dd>{formatMoney(line.subtotal, currency)}</dd>
        </div>
      ))}
      {priced.discount > 0 ? (
        <div>
          <dt>Promo code {draft.promoCode.toUpperCase()}</dt>
          <dd>−{formatMoney(priced.discount, currency)}</dd>
        </div>
      ) : null}
      <div className="register-summary__total">
        <dt>Total</dt>
        <dd>{formatMoney(priced.total, currency)}</dd>
      </div>
    </dl>
  );
}

function TicketsStep({ tickets, draft, errors, currency, orderLimit, promo }: StepperProps) {
  return (
    <>
      {errors.tickets ? <FormAlert>{errors.tickets}</FormAlert> : null}
      <ul className="register-tickets">
        {tickets.map((type) => {
          const soldOut = type.left === 0;
          const max = Math.min(orderLimit, type.left ?? orderLimit);
          const quantity = draft.quantities[String(type.ticket_id)];
          return (
            <li key={type.ticket_id} className={`register-ticket${soldOut ? " register-ticket--sold-out" : ""}`}>
              <div className="register-ticket__about">
                <h3>{type.title}</h3>
                <p className="register-ticket__price">
                  {type.price > 0 ? formatMoney(type.price, currency) : "Free"}
                  {type.seat_count > 1 ? ` · ${type.seat_count} seats` : null}
                </p>
                {type.description ? (
                  <div
                    className="register-ticket__description"
                    dangerouslySetInnerHTML={{ __html: type.description }}
                  />
                ) : null}
                {soldOut ? (
                  <p className="register-ticket__left">Sold out</p>
                ) : type.left !== null && type.left <= 10 ? (
                  <p className="register-ticket__left">Only {type.left} left</p>
                ) : null}
              </div>
              <Field
                label={`How many ${type.title}`}
                error={errors[`qty-${type.ticket_id}`]}
                className="register-ticket__quantity"
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    name={`qty-${type.ticket_id}`}
                    min={0}
                    max={max}
                    step={type.increment}
                    defaultValue={quantity && quantity > 0 ? quantity : 0}
                    disabled={soldOut}
                  />
                )}
              </Field>
            </li>
          );
        })}
      </ul>
      <div className="register-promo">
        <Field
          label="Promo code"
          error={errors.promoCode}
          help={promo && !errors.promoCode && draft.promoCode ? "Code applied." : undefined}
        >
          {(control) => (
            <input
              {...control}
              name="promoCode"
              autoComplete="off"
              autoCapitalize="characters"
              defaultValue={draft.promoCode}
            />
          )}
        </Field>
        <button type="submit" name="intent" value="apply" className={buttonClass({ variant: "secondary" })}>
          Apply
        </button>
      </div>
      <OrderSummary draft={draft} tickets={tickets} promo={errors.promoCode ? null : promo} currency={currency} />
    </>
  );
}

function BuyerStep({ draft, errors }: StepperProps) {
  const buyer = draft.buyer;
  return (
    <div className="register-fields">
      <Field label="First name" required error={errors.first_name}>
        {(control) => (
          <input {...control} name="first_name" autoComplete="given-name" required defaultValue={buyer.first_name} />
        )}
      </Field>
      <Field label="Last name" required error={errors.last_name}>
        {(control) => (
          <input {...control} name="last_name" autoComplete="family-name" required defaultValue={buyer.last_name} />
        )}
      </Field>
      <Field label="Email" required error={errors.email} help="Your confirmation and tickets go here.">
        {(control) => (
          <input {...control} name="email" type="email" autoComplete="email" required defaultValue={buyer.email} />
        )}
      </Field>
      <Field label="Phone" error={errors.phone}>
        {(control) => <input {...control} name="phone" type="tel" autoComplete="tel" defaultValue={buyer.phone} />}
      </Field>
      <Field label="Company or organisation" error={errors.company} help="Printed on your table card, if you have one.">
        {(control) => <input {...control} name="company" autoComplete="organization" defaultValue={buyer.company} />}
      </Field>
    </div>
  );
}

function GuestsStep({ draft, errors, tickets }: StepperProps) {
  const seats = seatsOf(tickets, draft.quantities);
  return (
    <>
      <p className="register-note">
        Name each guest now, or leave a seat blank: you will get a personal link to send that guest so they can add
        their own details.
      </p>
      {seats.map((seat) => {
        const guest = draft.guests[seat.index] ?? { first_name: "", last_name: "", email: "" };
        const prefix = `guest-${seat.index}`;
        return (
          <fieldset key={seat.index} className="register-guest">
            <legend>
              Guest {seat.index + 1} <span className="register-guest__ticket">{seat.label}</span>
            </legend>
            <div className="register-fields">
              <Field label="First name" error={errors[`${prefix}-first_name`]}>
                {(control) => <input {...control} name={`${prefix}-first_name`} defaultValue={guest.first_name} />}
              </Field>
              <Field label="Last name" error={errors[`${prefix}-last_name`]}>
                {(control) => <input {...control} name={`${prefix}-last_name`} defaultValue={guest.last_name} />}
              </Field>
              <Field label="Email (optional)" error={errors[`${prefix}-email`]}>
                {(control) => <input {...control} name={`${prefix}-email`} type="email" defaultValue={guest.email} />}
              </Field>
            </div>
          </fieldset>
        );
      })}
    </>
  );
}

function QuestionsStep({ draft, errors, tickets, questions, meals }: StepperProps) {
  const seats = seatsOf(tickets, draft.quantities).filter((seat) => isNamed(draft.guests[seat.index]));
  return (
    <>
      <p className="register-note">Questions without a star can be answered later through each guest's link.</p>
      {seats.map((seat) => {
        const guest = draft.guests[seat.index];
        return (
          <fieldset key={seat.index} className="register-guest">
            <legend>
              {guest.first_name} {guest.last_name}
            </legend>
            <div className="register-fields">
              {questions.map((asked) => (
                <QuestionField
                  key={asked.name}
                  asked={asked}
                  name={`answer-${seat.index}-${asked.name}`}
                  value={draft.answers[seat.index]?.[asked.name] ?? ""}
                  error={errors[`answer-${seat.index}-${asked.name}`]}
                  meals={meals}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
    </>
  );
}

/** One registration question as the right control; shared with a guest's personal link. */
export function QuestionField({
  asked,
  name,
  value,
  error,
  meals,
  requiredNow = asked.required && asked.is_pre_sales_question,
}: {
  asked: StepperQuestion;
  name: string;
  value: string;
  error: string | undefined;
  meals: StepperProps["meals"];
  requiredNow?: boolean;
}) {
  if (asked.type === "checkbox") {
    return (
      <div className={`field register-check${error ? " field--invalid" : ""}`}>
        <label>
          <input type="checkbox" name={name} value="yes" defaultChecked={value === "yes"} /> {asked.label}
        </label>
        {asked.help ? <p className="field__help">{asked.help}</p> : null}
        {error ? <p className="field__error">{error}</p> : null}
      </div>
    );
  }
  const choices =
    asked.type === "meal"
      ? meals.map((choice) => ({
          value: String(choice.meal_id),
          label: choice.description ? `${choice.title}: ${choice.description}` : choice.title,
        }))
      : asked.options.map((option) => ({ value: option, label: option }));
  return (
    <Field label={asked.label} required={requiredNow} error={error} help={asked.help ?? undefined}>
      {(control) =>
        asked.type === "meal" || asked.type === "select" ? (
          <select {...control} name={name} defaultValue={value}>
            <option value="">{requiredNow ? "Choose…" : "Choose later"}</option>
            <SelectOptions options={choices} />
          </select>
        ) : asked.type === "textarea" ? (
          <textarea {...control} name={name} rows={3} defaultValue={value} />
        ) : (
          <input {...control} name={name} type={asked.type === "number" ? "number" : "text"} defaultValue={value} />
        )
      }
    </Field>
  );
}

function PaymentStep(props: StepperProps) {
  const { draft, tickets } = props;
  const seats = seatsOf(tickets, draft.quantities);
  const later = seats.filter((seat) => !isNamed(draft.guests[seat.index])).length;
  return (
    <>
      <OrderSummary draft={draft} tickets={tickets} promo={props.promo} currency={props.currency} />
      <p className="register-note">
        Registering {draft.buyer.first_name} {draft.buyer.last_name} ({draft.buyer.email}) for {seats.length}{" "}
        {seats.length === 1 ? "seat" : "seats"}
        {later > 0 ? `; ${later} ${later === 1 ? "guest" : "guests"} to be named later` : ""}.
      </p>
      <fieldset
        className="register-payment"
        aria-invalid={props.errors.method ? true : undefined}
        aria-describedby={props.errors.method ? "method-error" : undefined}
      >
        <legend>How you will pay</legend>
        {props.errors.method ? (
          <p id="method-error" className="field__error">
            {props.errors.method}
          </p>
        ) : null}
        {props.cardsOpen ? (
          <label className="register-payment__option">
            <input type="radio" name="method" value="card" defaultChecked required /> Pay now by card
            <span className="field__help">
              You enter your card on our payment provider&apos;s secure page next, then come back here.
            </span>
          </label>
        ) : null}
        <label className="register-payment__option">
          <input type="radio" name="method" value="pay_at_event" defaultChecked={!props.cardsOpen} required /> Pay at
          the event
          <span className="field__help">Your seats are held now; pay by card, cash or check when you arrive.</span>
        </label>
      </fieldset>
    </>
  );
}
