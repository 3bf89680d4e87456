/**
 * Who a row of the guests' CSV import already is: the same person is the same name with the same email or phone
 * number, in the file (a line given twice) or among the event's guests (a list imported again, or a guest who
 * registered online before the invitees' list came in). A shared email or phone alone is not enough: couples and
 * families often share one.
 */
import { eq } from "drizzle-orm";
import { toE164 } from "~/forms/rules";
import { fullName } from "~/ui/format";
import { registrant } from "~drizzle/schema";
import { answersOf } from "./registrants.server";
import type { Database, Transaction } from "~/db/connection.server";

/** The details of a guest that an imported row may fill in or change. */
export const UPDATABLE_DETAILS = {
  email: "email",
  phone: "phone",
  company: "company",
  address: "address",
  city: "city",
  state: "state",
  zip: "zip",
  country: "country",
  meal_id: "meal",
  paddle: "paddle",
} as const;

export type UpdatableDetail = keyof typeof UPDATABLE_DETAILS;
export type GuestDetailValues = {
  [K in UpdatableDetail]: K extends "meal_id" | "paddle" ? number | null : string | null;
};

export type ExistingGuest = GuestDetailValues & {
  registrantId: number;
  name: string;
  first_name: string | null;
  last_name: string | null;
  /** Answers to the registration's questions, by question name (the meal's included). */
  answers: Record<string, string>;
};

/** What an imported row changes on a guest: details, and answers to questions (merged into theirs). */
export type GuestChanges = Partial<GuestDetailValues> & { answers?: Record<string, string> };

/** A row that is an existing guest: which one, and by what. */
export type SamePerson = { guest: ExistingGuest; by: "email" | "phone" };

type Person = { first_name: string | null; last_name: string | null; email: string | null; phone: string | null };

export async function loadExistingGuests(db: Database | Transaction, eventId: number): Promise<ExistingGuest[]> {
  const rows = await db
    .select({
      registrantId: registrant.registrant_id,
      name: registrant.name,
      first_name: registrant.first_name,
      last_name: registrant.last_name,
      email: registrant.email,
      phone: registrant.phone,
      company: registrant.company,
      address: registrant.address,
      city: registrant.city,
      state: registrant.state,
      zip: registrant.zip,
      country: registrant.country,
      meal_id: registrant.meal_id,
      paddle: registrant.paddle,
      meta: registrant.meta,
    })
    .from(registrant)
    .where(eq(registrant.event_id, eventId));
  return rows.map(({ meta, ...guest }) => ({
    ...guest,
    name: guest.name ?? fullName(guest.first_name, guest.last_name),
    answers: answersOf(meta),
  }));
}

/** The keys that say two records are one person: the name with the email, and the name with the phone number. */
export function personKeys(person: Person): { key: string; by: "email" | "phone" }[] {
  const name = nameKey(person);
  if (!name) return [];
  const keys: { key: string; by: "email" | "phone" }[] = [];
  const email = person.email?.trim().toLowerCase();
  if (email) keys.push({ key: `${name}\u0000email:${email}`, by: "email" });
  const phone = person.phone ? (toE164(person.phone) ?? person.phone.replace(/\D/g, "")) : "";
  if (phone) keys.push({ key: `${name}\u0000phone:${phone}`, by: "phone" });
  return keys;
}

/** Finds the existing guest a row is, by name and email first, then by name and phone number. */
export function existingGuestFinder(guests: ExistingGuest[]) {
  const byKey = new Map<string, ExistingGuest>();
  for (const guest of guests) {
    const person = { ...guest, ...splitName(guest) };
    for (const { key } of personKeys(person)) if (!byKey.has(key)) byKey.set(key, guest);
  }
  return (row: Person): SamePerson | null => {
    for (const { key, by } of personKeys(row)) {
      const guest = byKey.get(key);
      if (guest) return { guest, by };
    }
    return null;
  };
}

/** What a row would change on the guest it is: each detail and answer the file gives that differs from the guest's. */
export function changedDetails(
  guest: ExistingGuest,
  row: GuestDetailValues & { answers: Record<string, string> },
): GuestChanges {
  const changes: Partial<Record<UpdatableDetail, string | number>> = {};
  for (const detail of Object.keys(UPDATABLE_DETAILS) as UpdatableDetail[]) {
    const given = row[detail];
    if (given === null || given === "") continue;
    const current = guest[detail];
    const same =
      detail === "email"
        ? String(current ?? "").toLowerCase() === String(given).toLowerCase()
        : detail === "phone"
          ? current !== null && (toE164(String(current)) ?? current) === (toE164(String(given)) ?? given)
          : current === given;
    if (!same) changes[detail] = given;
  }
  const answers = Object.fromEntries(
    Object.entries(row.answers).filter(([question, answer]) => answer !== "" && guest.answers[question] !== answer),
  );
  return { ...(changes as Partial<GuestDetailValues>), ...(Object.keys(answers).length > 0 ? { answers } : {}) };
}

/** A guest's first and last names, read from the whole name when only that was kept. */
function splitName(guest: ExistingGuest) {
  if (guest.first_name || guest.last_name)
    return { first_name: guest.first_name ?? "", last_name: guest.last_name ?? "" };
  const parts = guest.name.trim().split(/\s+/);
  const last = parts.length > 1 ? parts.pop()! : "";
  return { first_name: parts.join(" "), last_name: last };
}

/** A name as people compare them: case, accents and spacing aside. */
function nameKey(person: Person): string {
  return [person.first_name ?? "", person.last_name ?? ""]
    .join(" ")
    .normalize("NFKD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}
