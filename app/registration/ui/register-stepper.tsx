/**
 * The /register stepper: tickets → your details → guests → questions → payment. Each step is a form on the form
 * contract (register-forms.ts: its id, and its schema built from the event and the draft), posting the step's fields
 * with the draft so far: the browser checks it with the same schema the action does, and without JavaScript it is a
 * plain form whose refusal comes back with the page. With JavaScript Remix posts it in place and the page moves on
 * without a reload, the new step's heading taking focus.
 */
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, type RefObject } from "react";
import { replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { priceOrder } from "~/registration/pricing";
import { isNamed, seatsOf, STEP_LABELS } from "~/registration/register-draft";
import {
  REGISTER_INTENT,
  stepFormId,
  stepSchema,
  stepValues,
  type AskedQuestion,
  type MealChoice,
  type StepView,
} from "~/registration/register-forms";
import { buttonClass } from "~/ui/button";
import { checkboxProps, Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney } from "~/ui/format";
import { PersonNameFields } from "~/ui/record-fields";
import { SelectOptions } from "~/ui/select-options";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import type { FieldMetadata } from "@conform-to/react";

export interface StepperTicket {
  ticket_id: number;
  title: string;
  description: string | null;
  price: number;
  increment: number;
  seat_count: number;
  left: number | null;
}

export interface StepperProps {
  /** The step shown: the loader's first, or the action's answer (a refused step's answer is also its form's reply). */
  view: StepView;
  /** The action's answer, shown at the fields when it is this step's form's reply. */
  reply: unknown;
  tickets: StepperTicket[];
  questions: AskedQuestion[];
  meals: MealChoice[];
  currency: string;
  orderLimit: number;
  ticketsTitle: string;
  continueLabel: string;
  /** The event takes cards: the payment step offers paying now. */
  cardsOpen: boolean;
}

export function RegisterStepper(props: StepperProps) {
  const { view, reply } = props;
  const { step, steps } = view;
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    // Moving to another step: its heading takes focus so keyboard and screen-reader users start there.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!replyFor(reply, stepFormId(step))) heading.current?.focus();
  }, [step, view, reply]);
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
      {/* A form per step: Conform reads a form's values when it starts, so each step starts afresh. */}
      <StepForm key={step} {...props} heading={heading} position={position} />
    </div>
  );
}

type StepFormProps = StepperProps & { heading: RefObject<HTMLHeadingElement>; position: number };
type Fields = ReturnType<typeof useContractForm<ReturnType<typeof stepSchema>>>["fields"];
type StepProps = StepperProps & { fields: Fields };

function StepForm(props: StepFormProps) {
  const { view, reply, heading, position } = props;
  const { step, draft, encoded } = view;
  const navigation = useNavigation();
  // Until the next step has loaded: a second press meanwhile would send the step again and abort the first.
  const busy = navigation.state !== "idle";
  const id = stepFormId(step);
  const { tickets, orderLimit, questions, meals } = props;
  const forms = useMemo(() => ({ tickets, orderLimit, questions, meals }), [tickets, orderLimit, questions, meals]);
  const schema = useMemo(() => stepSchema(step, forms, draft), [step, forms, draft]);
  const { form, fields } = useContractForm({ id, schema, reply, defaultValue: stepValues(step, draft, forms) });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, id));
  const stepProps = { ...props, fields };

  return (
    <Form method="post" ref={formRef} className="register-form" {...formProps(form)}>
      <input type="hidden" name="draft" value={encoded} />
      <input type="hidden" name="step" value={step} />
      <h2 ref={heading} tabIndex={-1} className="register-form__heading">
        {step === "tickets" ? props.ticketsTitle : STEP_LABELS[step]}
      </h2>
      {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      {step === "tickets" ? <TicketsStep {...stepProps} /> : null}
      {step === "buyer" ? <BuyerStep {...stepProps} /> : null}
      {step === "guests" ? <GuestsStep {...stepProps} /> : null}
      {step === "questions" ? <QuestionsStep {...stepProps} /> : null}
      {step === "payment" ? <PaymentStep {...stepProps} /> : null}
      <div className="register-form__actions">
        {position > 0 ? (
          <button
            type="submit"
            name="intent"
            value={REGISTER_INTENT.back}
            className={buttonClass({ variant: "ghost" })}
            disabled={busy}
          >
            Back
          </button>
        ) : null}
        <button
          type="submit"
          name="intent"
          value={REGISTER_INTENT.next}
          className={buttonClass({ variant: "primary", size: "lg" })}
          disabled={busy}
        >
          {step === "payment" ? "Complete registration" : props.continueLabel}
        </button>
      </div>
    </Form>
  );
}

function OrderSummary({
  draft,
  tickets,
  promo,
  currency,
}: Pick<StepView, "draft" | "promo"> & Pick<StepperProps, "tickets" | "currency">) {
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

function TicketsStep({ tickets, view, fields, currency, orderLimit }: StepProps) {
  const { draft, promo } = view;
  const promoError = fields.promoCode.errors?.[0];
  return (
    <>
      <ul className="register-tickets">
        {tickets.map((type) => {
          const soldOut = type.left === 0;
          const max = Math.min(orderLimit, type.left ?? orderLimit);
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
                meta={fields[`qty-${type.ticket_id}`]}
                className="register-ticket__quantity"
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={max}
                    step={type.increment}
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
          meta={fields.promoCode}
          help={promo && !promoError && draft.promoCode ? "Code applied." : undefined}
        >
          {(control) => <input {...control} autoComplete="off" autoCapitalize="characters" />}
        </Field>
        <button
          type="submit"
          name="intent"
          value={REGISTER_INTENT.apply}
          className={buttonClass({ variant: "secondary" })}
        >
          Apply
        </button>
      </div>
      <OrderSummary draft={draft} tickets={tickets} promo={promoError ? null : promo} currency={currency} />
    </>
  );
}

function BuyerStep({ fields }: StepProps) {
  return (
    <div className="register-fields">
      <PersonNameFields fields={{ first_name: fields.first_name, last_name: fields.last_name }} required own />
      <Field label="Email" required meta={fields.email} help="Your confirmation and tickets go here.">
        {(control) => <input {...control} type="email" autoComplete="email" required />}
      </Field>
      <Field label="Phone" meta={fields.phone}>
        {(control) => <input {...control} type="tel" autoComplete="tel" />}
      </Field>
      <Field label="Company or organisation" meta={fields.company} help="Printed on your table card, if you have one.">
        {(control) => <input {...control} autoComplete="organization" />}
      </Field>
    </div>
  );
}

function GuestsStep({ view, fields, tickets }: StepProps) {
  const seats = seatsOf(tickets, view.draft.quantities);
  return (
    <>
      <p className="register-note">
        Name each guest now, or leave a seat blank: you will get a personal link to send that guest so they can add
        their own details.
      </p>
      {seats.map((seat) => {
        const prefix = `guest-${seat.index}`;
        return (
          <fieldset key={seat.index} className="register-guest">
            <legend>
              Guest {seat.index + 1} <span className="register-guest__ticket">{seat.label}</span>
            </legend>
            <div className="register-fields">
              <Field label="First name" meta={fields[`${prefix}-first_name`]}>
                {(control) => <input {...control} />}
              </Field>
              <Field label="Last name" meta={fields[`${prefix}-last_name`]}>
                {(control) => <input {...control} />}
              </Field>
              <Field label="Email (optional)" meta={fields[`${prefix}-email`]}>
                {(control) => <input {...control} type="email" />}
              </Field>
            </div>
          </fieldset>
        );
      })}
    </>
  );
}

function QuestionsStep({ view, fields, tickets, questions, meals }: StepProps) {
  const { draft } = view;
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
                  meta={fields[`answer-${seat.index}-${asked.name}`]}
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

/** One registration question as the right control, for a form's field (`meta`); shared with a guest's link and the registrants' dialog. */
export function QuestionField({
  asked,
  meta,
  meals,
  requiredNow = asked.required && asked.is_pre_sales_question,
}: {
  asked: Omit<AskedQuestion, "min" | "max">;
  meta: FieldMetadata<unknown>;
  meals: readonly MealChoice[];
  requiredNow?: boolean;
}) {
  const error = meta.errors?.[0];
  if (asked.type === "checkbox") {
    return (
      <div className={`field register-check${error ? " field--invalid" : ""}`}>
        <label>
          <input type="checkbox" {...checkboxProps(meta)} /> {asked.label}
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
    <Field label={asked.label} required={requiredNow} meta={meta} help={asked.help ?? undefined}>
      {(control) =>
        asked.type === "meal" || asked.type === "select" ? (
          <select {...control}>
            <option value="">{requiredNow ? "Choose…" : "Choose later"}</option>
            <SelectOptions options={choices} />
          </select>
        ) : asked.type === "textarea" ? (
          <textarea {...control} rows={3} />
        ) : (
          <input {...control} type={asked.type === "number" ? "number" : "text"} />
        )
      }
    </Field>
  );
}

function PaymentStep({ view, fields, tickets, currency, cardsOpen }: StepProps) {
  const { draft } = view;
  const seats = seatsOf(tickets, draft.quantities);
  const later = seats.filter((seat) => !isNamed(draft.guests[seat.index])).length;
  const error = fields.method.errors?.[0];
  const errorId = `${fields.method.id}-error`;
  return (
    <>
      <OrderSummary draft={draft} tickets={tickets} promo={view.promo} currency={currency} />
      <p className="register-note">
        Registering {draft.buyer.first_name} {draft.buyer.last_name} ({draft.buyer.email}) for {seats.length}{" "}
        {seats.length === 1 ? "seat" : "seats"}
        {later > 0 ? `; ${later} ${later === 1 ? "guest" : "guests"} to be named later` : ""}.
      </p>
      <fieldset
        className="register-payment"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <legend>How you will pay</legend>
        {error ? (
          <p id={errorId} className="field__error">
            {error}
          </p>
        ) : null}
        {cardsOpen ? (
          <label className="register-payment__option">
            <input type="radio" name={fields.method.name} value="card" defaultChecked required /> Pay now by card
            <span className="field__help">
              You enter your card on our payment provider&apos;s secure page next, then come back here.
            </span>
          </label>
        ) : null}
        <label className="register-payment__option">
          <input type="radio" name={fields.method.name} value="pay_at_event" defaultChecked={!cardsOpen} required /> Pay
          at the event
          <span className="field__help">Your seats are held now; pay by card, cash or check when you arrive.</span>
        </label>
      </fieldset>
    </>
  );
}
