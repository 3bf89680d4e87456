/**
 * What a buyer sees once registered (and what a guest sees on their personal link): the organiser's message, the
 * order, and a card per guest: the QR code to show at the door, or the personal link for a guest still unnamed.
 */
import { Form, useNavigation } from "@remix-run/react";
import { useMemo, useRef } from "react";
import { replyFor } from "~/forms/form-contract";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { RichText } from "~/rich-text/ui/rich-text";
import { buttonClass } from "~/ui/button";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney } from "~/ui/format";
import { PersonNameFields } from "~/ui/record-fields";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { GUEST_FORM, guestSeatSchema, REGISTER_INTENT, type AskedQuestion, type MealChoice } from "../register-forms";
import { QuestionField } from "./register-stepper";
import type { ConfirmedGuest } from "../confirmation.server";

interface ConfirmationProps {
  /** Paying by card from here: whether the event takes cards, and how the last card page ended. */
  card: { open: boolean; left: boolean; unavailable: boolean };
  order: {
    eventTitle: string;
    when: string | null;
    where: string | null;
    currency: string;
    amount: number;
    method: string;
    status: string;
    buyer: { name: string; email: string | null };
    lines: { title: string; quantity: number; amount: number; discount: number }[];
    messageHtml: string | null;
    guests: ConfirmedGuest[];
    /** Some seat still has no meal chosen: when we will ask. */
    mealsLater: string | null;
  };
}

function QrCode({ svg, label }: { svg: string; label: string }) {
  // The SVG comes from the qrcode library on the server, drawn from our own check-in address.
  return <div className="register-qr" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}

export function RegisterConfirmation({ order, card }: ConfirmationProps) {
  const payment =
    order.status === "paid" ? "Paid" : order.method === "pay_at_event" ? "To pay at the event" : "Payment pending";
  const busy = useNavigation().state !== "idle";
  return (
    <div className="register">
      <h2 className="register-form__heading">You are registered</h2>
      <p className="register-note" role="status">
        Thank you, {order.buyer.name}. A confirmation is on its way to {order.buyer.email}.
      </p>
      {order.when || order.where ? (
        <dl className="register-summary" aria-label="The event">
          {order.when ? (
            <div>
              <dt>When</dt>
              <dd>{order.when}</dd>
            </div>
          ) : null}
          {order.where ? (
            <div>
              <dt>Where</dt>
              <dd>{order.where}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {order.messageHtml ? <RichText html={order.messageHtml} className="register-message" /> : null}
      <dl className="register-summary" aria-label="Your order">
        {order.lines.map((line, index) => (
          <div key={index}>
            <dt>
              {line.quantity} × {line.title}
              {line.discount > 0 ? ` (−${formatMoney(line.discount, order.currency)})` : ""}
            </dt>
            <dd>{formatMoney(line.amount, order.currency)}</dd>
          </div>
        ))}
        <div className="register-summary__total">
          <dt>Total · {payment}</dt>
          <dd>{formatMoney(order.amount, order.currency)}</dd>
        </div>
      </dl>
      {card.left ? (
        <p className="register-note" role="status">
          Your card was not charged. Your seats are still held: pay at the event, or by card now.
        </p>
      ) : null}
      {card.unavailable ? (
        <p className="register-note" role="status">
          The card payment page could not be opened just now. Your seats are held: try again, or pay at the event.
        </p>
      ) : null}
      {card.open && order.status === "pending" && order.amount > 0 ? (
        <Form method="post" className="register-pay-now">
          <input type="hidden" name="intent" value={REGISTER_INTENT.payOrder} />
          <button type="submit" className={buttonClass({ variant: "primary" })} disabled={busy}>
            Pay {formatMoney(order.amount, order.currency)} now by card
          </button>
        </Form>
      ) : null}
      <h3>Your guests</h3>
      <ul className="register-passes">
        {order.guests.map((guest) => (
          <li key={guest.registrantId} className="register-pass">
            {guest.name && guest.qrSvg ? (
              <>
                <QrCode svg={guest.qrSvg} label={`Check-in code for ${guest.name}`} />
                <div>
                  <p className="register-pass__name">{guest.name}</p>
                  <p>
                    {guest.ticket}
                    {guest.paddle !== null ? ` · Paddle ${guest.paddle}` : ""}
                  </p>
                  {guest.meal !== null ? (
                    <p>Meal: {guest.meal}</p>
                  ) : guest.mealMissing ? (
                    <p>Meal: not chosen yet</p>
                  ) : null}
                </div>
              </>
            ) : (
              <div>
                <p className="register-pass__name">{guest.ticket}: guest to be named</p>
                <label className="field__label" htmlFor={`guest-link-${guest.registrantId}`}>
                  Personal link to send to this guest
                </label>
                <input
                  id={`guest-link-${guest.registrantId}`}
                  className="field__control"
                  readOnly
                  value={guest.guestLink ?? ""}
                  onFocus={(e) => e.currentTarget.select()}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
      {order.mealsLater ? <p className="register-note">{order.mealsLater}</p> : null}
    </div>
  );
}

interface GuestSeatProps {
  seat: {
    ticket: string;
    paddle: number | null;
    claimed: boolean;
    values: { first_name: string; last_name: string; email: string; phone: string; answers: Record<string, string> };
    qrSvg: string | null;
  };
  saved: boolean;
  /** The action's answer: the guest form's reply when it refused what was sent. */
  reply: unknown;
  questions: AskedQuestion[];
  meals: MealChoice[];
}

/** A guest's personal link: their details and answers (a form on the contract, `guest-details`), then their QR code. */
export function GuestSeatForm({ seat, saved, reply, questions, meals }: GuestSeatProps) {
  const busy = useNavigation().state === "submitting";
  const name = `${seat.values.first_name} ${seat.values.last_name}`.trim();
  const schema = useMemo(() => guestSeatSchema(questions, meals), [questions, meals]);
  const { form, fields } = useContractForm({
    id: GUEST_FORM,
    schema,
    reply,
    defaultValue: {
      first_name: seat.values.first_name,
      last_name: seat.values.last_name,
      email: seat.values.email,
      phone: seat.values.phone,
      ...Object.fromEntries(questions.map((asked) => [`answer-${asked.name}`, seat.values.answers[asked.name] ?? ""])),
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, replyFor(reply, GUEST_FORM));
  const refused = form.status === "error" && Object.keys(form.allErrors).length > 0;
  return (
    <div className="register">
      <h2 className="register-form__heading">{seat.claimed ? "Your ticket" : "Add your details"}</h2>
      {saved ? (
        <p className="register-note" role="status">
          Thank you, your details are saved.
        </p>
      ) : null}
      {seat.claimed && seat.qrSvg ? (
        <div className="register-pass">
          <QrCode svg={seat.qrSvg} label={`Check-in code for ${name}`} />
          <div>
            <p className="register-pass__name">{name}</p>
            <p>
              {seat.ticket}
              {seat.paddle !== null ? ` · Paddle ${seat.paddle}` : ""}
            </p>
            <p className="field__help">Show this code at the door.</p>
          </div>
        </div>
      ) : (
        <p className="register-note">
          Someone bought you a seat ({seat.ticket}). Tell us who you are so we can welcome you at the door.
        </p>
      )}
      <Form method="post" ref={formRef} className="register-form" {...formProps(form)}>
        {refused ? <FormAlert>Please check the fields marked below.</FormAlert> : null}
        <div className="register-fields">
          <PersonNameFields fields={{ first_name: fields.first_name, last_name: fields.last_name }} required own />
          <Field label="Email" meta={fields.email}>
            {(control) => <input {...control} type="email" autoComplete="email" />}
          </Field>
          <Field label="Phone" meta={fields.phone}>
            {(control) => <input {...control} type="tel" autoComplete="tel" />}
          </Field>
          {questions.map((asked) => (
            <QuestionField
              key={asked.name}
              asked={asked}
              meta={fields[`answer-${asked.name}`]}
              meals={meals}
              requiredNow={asked.required}
            />
          ))}
        </div>
        <div className="register-form__actions">
          <button type="submit" className={buttonClass({ variant: "primary", size: "lg" })} disabled={busy}>
            Save my details
          </button>
        </div>
      </Form>
    </div>
  );
}
