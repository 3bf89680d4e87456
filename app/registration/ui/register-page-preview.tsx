/**
 * The page designer's preview of the registration page: the real page (RegisterPageView and the stepper's first
 * step, with the event's real ticket types), drawn from the tree being edited. It is a picture: the form inside is
 * inert, so nothing in it can be sent from the editor.
 */
import { useEffect, useRef } from "react";
import { EMPTY_DRAFT } from "~/registration/register-draft";
import { registerShell, type RegisterShellEvent } from "~/registration/register-shell";
import { RegisterPageView } from "./register-page-view";
import { RegisterStepper, type StepperTicket } from "./register-stepper";

export interface RegistrationPreviewData {
  event: RegisterShellEvent;
  tickets: StepperTicket[];
  currency: string;
  orderLimit: number;
}

export function RegistrationPagePreview({ tree, data }: { tree: unknown; data: RegistrationPreviewData }) {
  // The editor's own draft, shown to the editor: the server sanitises it when it is saved.
  const shell = registerShell(data.event, tree, (html) => html);
  const form = useRef<HTMLDivElement>(null);
  useEffect(() => {
    form.current?.setAttribute("inert", "");
  }, []);
  return (
    <RegisterPageView shell={shell} preview>
      <div ref={form} aria-hidden="true">
        {data.tickets.length === 0 ? (
          <p className="register-closed">No tickets are on sale yet: add ticket types under Setup, Registration.</p>
        ) : (
          <RegisterStepper
            view={{
              kind: "step",
              steps: ["tickets", "buyer", "guests", "payment"],
              step: "tickets",
              draft: EMPTY_DRAFT,
              encoded: "",
              promo: null,
            }}
            reply={undefined}
            tickets={data.tickets}
            questions={[]}
            meals={[]}
            currency={data.currency}
            orderLimit={data.orderLimit}
            ticketsTitle={shell.ticketsTitle}
            continueLabel={shell.continueLabel}
            cardsOpen={false}
          />
        )}
      </div>
    </RegisterPageView>
  );
}
