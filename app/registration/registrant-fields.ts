/** What the registrants and passes screens and their server share: payment methods staff choose, guest rows. Client-safe. */
import { z } from "zod";
import { rowIdOr } from "~/forms/rules";

/** Payment methods staff choose by hand; card payments come with billing. */
export const STAFF_METHODS = ["comp", "cash", "check", "pay_at_event"] as const;
export type StaffMethod = (typeof STAFF_METHODS)[number];

export const STAFF_METHOD_LABELS: Record<StaffMethod, string> = {
  comp: "Complimentary (comp)",
  cash: "Paid in cash",
  check: "Paid by check",
  pay_at_event: "Pays at the event",
};

/**
 * An order to pay at the event is billed to its buyer's account, found by email (decision 049): without an email
 * there is no bill to send, so staff take the money now instead.
 */
export const PAY_LATER_NEEDS_EMAIL =
  "Enter an email to pay at the event: the bill is sent there. Or take cash, check or a comp now.";
export const PAY_LATER_NEEDS_EMAIL_IN_FILE =
  "Paying at the event needs an email on the party's first line: the bill is sent there. Add one, or pay by comp, cash or check.";

/** Seats the manual registration names beyond the buyer's: the rows shown without JavaScript (a table of 8 and one). */
export const EXTRA_GUEST_ROWS = 9;

/** How to reach a guest, and their paddle: the columns a registrant row, an imported guest and the grid share. */
export type GuestContact = {
  email: string | null;
  phone: string | null;
  company: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  paddle: number | null;
};

type CompanyAndAddress = Pick<GuestContact, "company" | "address" | "city" | "state" | "zip" | "country">;

/** A guest's company and postal address, picked from a row that has them. */
export function companyAndAddress(guest: CompanyAndAddress): CompanyAndAddress {
  return {
    company: guest.company,
    address: guest.address,
    city: guest.city,
    state: guest.state,
    zip: guest.zip,
    country: guest.country,
  };
}

/** The guests' CSV import's form id: a file it cannot read is refused as a FormReply with the message on `file`. */
export const REGISTRANT_IMPORT_FORM = "registrant-import";

/** The import's first step: the file to check (a dry run, row by row). */
export const registrantFileSchema = z.object({
  file: z.custom<File>((file) => file instanceof File && file.size > 0, "Choose a CSV file to check."),
});

/** The import's second step: the file's text as checked, carried in the form, and its name. */
export const registrantImportSchema = z.object({
  csv: z.string().default(""),
  file_name: z.string().max(255, "The file's name is too long.").default(""),
});

/** A guest's row buttons by their `intent`, each also the id of its form. */
export const REGISTRANT_ROW_INTENT = { resend: "resend", delete: "delete" } as const;

/** The registrants screen's dialogs: a party registered by hand, a guest's details edited. */
export const REGISTRANT_DIALOG_INTENT = { register: "register", edit: "edit" } as const;

/** A guest's row buttons (resend, delete): the guest is all they post. */
export const registrantRowSchema = z.object({ registrant: rowIdOr("This form does not say which guest.") });
