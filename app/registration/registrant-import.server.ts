/**
 * The CSV import of /admin/registration/registrants, checked first (a dry run) as the item import is
 * (app/catalogue/item-import.server.ts). Each row is a guest; rows with the same Party (or Group) become one party:
 * one registration by staff (registerParty, byStaff) with one pass, its first row the buyer. Rows without a party
 * are parties of one. A party buys enough tickets of its type for its guests; seats left over are named later.
 * A party is imported whole or not at all: a bad row leaves its party out. The import checks every row again in its
 * transaction, so a paddle taken in between is still refused.
 */
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import Papa from "papaparse";
import { z } from "zod";
import { readFormWithFile } from "~/forms/posted-form.server";
import { phoneProblem } from "~/forms/rules";
import { publish } from "~/realtime/bus.server";
import { fullName } from "~/ui/format";
import { event, registrant, usr_event_paddle } from "~drizzle/schema";
import { fitsPattern } from "./answer-pattern.server";
import { allocatePaddle, setRegistrantPaddle } from "./paddles.server";
import { answerProblem } from "./register-forms";
import { registerParty, type GuestDetails } from "./register-party.server";
import {
  companyAndAddress,
  PAY_LATER_NEEDS_EMAIL_IN_FILE,
  STAFF_METHODS,
  type GuestContact,
  type StaffMethod,
} from "./registrant-fields";
import {
  changedDetails,
  existingGuestFinder,
  loadExistingGuests,
  personKeys,
  UPDATABLE_DETAILS,
  type GuestChanges,
  type SamePerson,
  type UpdatableDetail,
} from "./registrant-import-matches.server";
import { loadRegistrationChoices, type RegistrationChoices } from "./registrants.server";
import { registrationTopic } from "./registration-topic";
import type { Database, Transaction } from "~/db/connection.server";

export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

/** The posted form, with an uploaded CSV held in memory; null when the file is over the limit. */
export function readRegistrantsForm(request: Request): Promise<FormData | null> {
  return readFormWithFile(request, MAX_IMPORT_BYTES);
}
export const MAX_IMPORT_ROWS = 3000;

/** Column names as exported by the grid or typed by people, to the guest's fields. */
const HEADER_ALIASES: Record<string, string> = {
  first_name: "first_name",
  first: "first_name",
  given_name: "first_name",
  last_name: "last_name",
  last: "last_name",
  surname: "last_name",
  family_name: "last_name",
  name: "name",
  full_name: "name",
  email: "email",
  email_address: "email",
  phone: "phone",
  company: "company",
  address: "address",
  city: "city",
  state: "state",
  zip: "zip",
  postal_code: "zip",
  country: "country",
  ticket: "ticket",
  ticket_type: "ticket",
  party: "party",
  group: "party",
  method: "method",
  payment: "method",
  payment_method: "method",
  paddle: "paddle",
  paddle_number: "paddle",
  meal: "meal",
};

// A Map, not an object: a cell reading "constructor" must not find Object.prototype's.
const METHOD_WORDS = new Map<string, StaffMethod>([
  ["comp", "comp"],
  ["complimentary", "comp"],
  ["free", "comp"],
  ["cash", "cash"],
  ["check", "check"],
  ["cheque", "check"],
  ["pay_at_event", "pay_at_event"],
  ["pay at the event", "pay_at_event"],
  ["pay at event", "pay_at_event"],
  ["pending", "pay_at_event"],
]);

export type ImportGuest = GuestContact & {
  line: number;
  first_name: string;
  last_name: string;
  meal_id: number | null;
  answers: Record<string, string>;
};

export type ImportParty = {
  /** The Party column as written, or null for a guest on their own. */
  name: string | null;
  ticketId: number;
  ticket: string;
  quantity: number;
  seats: number;
  method: StaffMethod;
  guests: ImportGuest[];
};

export type ImportProblem = { line: number; name: string; messages: string[] };

/** A row that is a guest already (same name, and same email or phone): the details it fills in or changes. */
export type ImportUpdate = {
  line: number;
  name: string;
  registrantId: number;
  matchedBy: "email" | "phone";
  /** The details that change, as organisers call them ("phone", "meal"); none when the row says nothing new. */
  changes: string[];
  set: GuestChanges;
};

export type RegistrantImportCheck = {
  /** A problem with the file as a whole; then nothing else. */
  fileError?: string;
  parties: ImportParty[];
  /** Rows that are guests already: their details are brought up to date, and no ticket is bought for them. */
  updates: ImportUpdate[];
  problems: ImportProblem[];
  ignoredColumns: string[];
};

/** A checked file's report; a file that cannot be read at all is refused on the import form's file field instead. */
export interface ImportAnswer {
  importCheck: RegistrantImportCheck;
  csv: string;
  fileName: string;
}

const email = z.string().email();

export async function checkRegistrantImport(
  db: Database | Transaction,
  eventId: number,
  csv: string,
): Promise<RegistrantImportCheck> {
  const empty = { parties: [], updates: [], problems: [], ignoredColumns: [] };
  // PostgreSQL refuses NUL in text; a form's text fields are refused with it (readPostedForm), a file's cells here.
  if (csv.includes("\0"))
    return {
      ...empty,
      fileError:
        "The file holds a NUL character, which cannot be saved: it is not a CSV file of text. Save it again as CSV.",
    };
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (header) => header.trim().toLowerCase().replace(/\s+/g, "_"),
  });
  const columns = parsed.meta.fields ?? [];
  const choices = await loadRegistrationChoices(db, eventId);
  const mealQuestionName = choices.questions.find((asked) => asked.type === "meal")?.name;
  const questionColumns = new Map<string, string>();
  for (const asked of choices.questions) {
    if (asked.type === "meal") continue;
    questionColumns.set(asked.name.toLowerCase().replace(/\s+/g, "_"), asked.name);
    questionColumns.set(asked.label.trim().toLowerCase().replace(/\s+/g, "_"), asked.name);
  }
  const known = (column: string) => HEADER_ALIASES[column] !== undefined || questionColumns.has(column);
  const hasNames =
    columns.some((column) => HEADER_ALIASES[column] === "name") ||
    columns.some((column) => HEADER_ALIASES[column] === "last_name");
  if (!hasNames) {
    return {
      ...empty,
      fileError:
        "The file has no name columns. The first line must name the columns, such as First name, Last name, Email, Ticket, Party.",
    };
  }
  if (parsed.data.length === 0) return { ...empty, fileError: "The file has no rows under its header line." };
  if (parsed.data.length > MAX_IMPORT_ROWS)
    return {
      ...empty,
      fileError: `The file has ${parsed.data.length} rows; import at most ${MAX_IMPORT_ROWS} at a time.`,
    };

  const held = await heldPaddles(db, eventId);
  const rows = parsed.data.map((raw, index) => {
    // Line numbers as a spreadsheet shows them: the header is line 1.
    const line = index + 2;
    const cells: Record<string, string> = {};
    const answers: Record<string, string> = {};
    for (const [column, value] of Object.entries(raw)) {
      if (typeof value !== "string") continue;
      const field = HEADER_ALIASES[column];
      if (field) cells[field] = value.trim();
      else if (questionColumns.has(column)) answers[questionColumns.get(column)!] = value.trim();
    }
    return { line, ...readRow(cells, answers, line, choices) };
  });

  const sameGuestAs = existingGuestFinder(await loadExistingGuests(db, eventId));
  const firstLineOf = new Map<string, number>();
  const matched = new Map<number, SamePerson>();
  for (const row of rows) {
    // A line given twice: the later one is refused, so that one person is never registered twice.
    const keys = personKeys(row.guest);
    const twin = keys.find(({ key }) => firstLineOf.has(key));
    if (twin)
      row.messages.push(
        `Line ${firstLineOf.get(twin.key)} is the same guest (same name and ${twin.by}): keep one of the two lines.`,
      );
    for (const { key } of keys) if (!firstLineOf.has(key)) firstLineOf.set(key, row.line);
    const same = sameGuestAs(row.guest);
    if (same) matched.set(row.line, same);
    else if (row.ticketProblem) row.messages.push(row.ticketProblem);
  }

  // A paddle may be shared within a party (a couple), never between parties; a guest already here keeps theirs.
  const paddleParty = new Map<number, { key: string; line: number }>();
  for (const row of rows) {
    const { paddle } = row.guest;
    if (paddle === null) continue;
    const same = matched.get(row.line);
    if (same && same.guest.paddle !== null && same.guest.paddle !== paddle) {
      row.messages.push(
        `${same.guest.name} is a guest already, with paddle ${same.guest.paddle}; the file says ${paddle}. ` +
          "Change a guest's paddle on their row of the list.",
      );
      continue;
    }
    const holder = held.get(paddle);
    if (holder && !(same && same.guest.paddle === paddle))
      row.messages.push(`Paddle ${paddle} belongs to ${holder.name}.`);
    const key = same ? `guest:${same.guest.registrantId}` : partyKey(row);
    const first = paddleParty.get(paddle);
    if (!first) paddleParty.set(paddle, { key, line: row.line });
    else if (first.key !== key) row.messages.push(`Paddle ${paddle} is also on line ${first.line}, in another party.`);
  }

  const problems: ImportProblem[] = [];
  const updates: ImportUpdate[] = [];
  // Parties: the new guests' rows with the same Party, in the order of their first row.
  const byParty = new Map<string, typeof rows>();
  for (const row of rows) {
    const same = matched.get(row.line);
    if (!same) {
      byParty.set(partyKey(row), [...(byParty.get(partyKey(row)) ?? []), row]);
      continue;
    }
    if (row.messages.length > 0) {
      problems.push({ line: row.line, name: row.displayName, messages: row.messages });
      continue;
    }
    const set = changedDetails(same.guest, row.guest);
    const { answers, ...details } = set;
    const changes: string[] = (Object.keys(details) as UpdatableDetail[]).map((detail) => UPDATABLE_DETAILS[detail]);
    // The meal is an answer too: named once, as "meal".
    if (answers && Object.keys(answers).some((question) => question !== mealQuestionName)) changes.push("answers");
    updates.push({
      line: row.line,
      name: same.guest.name,
      registrantId: same.guest.registrantId,
      matchedBy: same.by,
      changes,
      set,
    });
  }

  const parties: ImportParty[] = [];
  for (const members of byParty.values()) {
    const [lead] = members;
    for (const row of members.slice(1)) {
      if (lead.ticket && row.ticket && row.ticket.ticket_id !== lead.ticket.ticket_id) {
        row.messages.push(`A party has one ticket type: line ${lead.line} of this party has ${lead.ticket.title}.`);
      }
      if (row.methodGiven && lead.methodGiven && row.method !== lead.method) {
        row.messages.push(`A party pays one way: line ${lead.line} of this party says ${lead.methodGiven}.`);
      }
    }
    const method = members.find((row) => row.methodGiven)?.method ?? "comp";
    if (method === "pay_at_event" && !lead.guest?.email) lead.messages.push(PAY_LATER_NEEDS_EMAIL_IN_FILE);
    const bad = members.filter((row) => row.messages.length > 0);
    if (bad.length > 0 || !lead.ticket) {
      for (const row of members) {
        const messages =
          row.messages.length > 0
            ? row.messages
            : [`Left out with its party: line ${bad[0]?.line ?? lead.line} has problems.`];
        problems.push({ line: row.line, name: row.displayName, messages });
      }
      continue;
    }
    const type = lead.ticket;
    const tickets = Math.ceil(members.length / type.seat_count);
    const quantity = Math.ceil(tickets / type.increment) * type.increment;
    parties.push({
      name: lead.party || null,
      ticketId: type.ticket_id,
      ticket: type.title,
      quantity,
      seats: quantity * type.seat_count,
      method,
      guests: members.map((row) => row.guest!),
    });
  }
  problems.sort((a, b) => a.line - b.line);
  return { parties, updates, problems, ignoredColumns: columns.filter((column) => column !== "" && !known(column)) };
}

/** Rows with the same Party are one party; a row without is a party of one. */
const partyKey = (row: { party: string; line: number }) =>
  row.party ? `party:${row.party.toLowerCase()}` : `line:${row.line}`;

/** Numbers held by a guest (with who) or by a bidder at the event. */
async function heldPaddles(db: Database | Transaction, eventId: number): Promise<Map<number, { name: string }>> {
  const [guests, bidders] = await Promise.all([
    db
      .select({ paddle: registrant.paddle, name: registrant.name })
      .from(registrant)
      .where(and(eq(registrant.event_id, eventId), isNotNull(registrant.paddle))),
    db.select({ paddle: usr_event_paddle.paddle }).from(usr_event_paddle).where(eq(usr_event_paddle.event_id, eventId)),
  ]);
  const held = new Map<number, { name: string }>();
  for (const bidder of bidders) held.set(bidder.paddle, { name: "another bidder" });
  for (const guest of guests) held.set(guest.paddle!, { name: guest.name ?? "another guest" });
  return held;
}

function readRow(
  cells: Record<string, string>,
  answers: Record<string, string>,
  line: number,
  choices: RegistrationChoices,
) {
  const messages: string[] = [];
  const optional = (field: string, max: number, label: string) => {
    const value = cells[field] ?? "";
    if (value.length > max) messages.push(`${label} is longer than ${max} characters.`);
    return value === "" ? null : value.slice(0, max);
  };
  let first = cells.first_name ?? "";
  let last = cells.last_name ?? "";
  if (!first && !last && cells.name) {
    const parts = cells.name.split(/\s+/);
    last = parts.length > 1 ? parts.pop()! : "";
    first = parts.join(" ");
  }
  if (!first) messages.push("The first name is missing.");
  if (!last) messages.push("The last name is missing.");
  if (first.length > 100 || last.length > 100) messages.push("A name is longer than 100 characters.");
  const displayName = fullName(first, last) || "(no name)";

  const address = cells.email ?? "";
  if (address && !email.safeParse(address).success) messages.push(`“${address}” is not an email address.`);
  const phone = cells.phone ?? "";
  const phoneMessage = phone && phoneProblem(phone);
  if (phoneMessage) messages.push(`“${phone}” is not a phone number: ${phoneMessage}`);

  const ticketText = cells.ticket ?? "";
  let ticket = ticketText
    ? choices.tickets.find((type) => type.title.trim().toLowerCase() === ticketText.toLowerCase())
    : undefined;
  // An event with one ticket type needs no Ticket column.
  if (!ticketText && choices.tickets.length === 1) ticket = choices.tickets[0];
  // Asked of new guests only: a guest already here holds their ticket.
  let ticketProblem: string | null = null;
  if (!ticket) {
    const offered =
      choices.tickets.map((type) => type.title).join(", ") || "none yet: add them under Setup, Registration";
    ticketProblem = ticketText
      ? `Ticket type “${ticketText}” does not exist (ticket types: ${offered}).`
      : `The ticket type is missing (ticket types: ${offered}).`;
  }

  const methodGiven = cells.method ?? "";
  const method = methodGiven
    ? (METHOD_WORDS.get(methodGiven.toLowerCase().replace(/_/g, " ")) ?? METHOD_WORDS.get(methodGiven.toLowerCase()))
    : "comp";
  if (!method) messages.push(`Payment “${methodGiven}” is not one of ${STAFF_METHODS.join(", ")}.`);

  let paddle: number | null = null;
  const paddleText = cells.paddle ?? "";
  if (paddleText) {
    if (!/^\d{1,7}$/.test(paddleText) || Number(paddleText) < 1)
      messages.push(`Paddle “${paddleText}” is not a whole number above 0.`);
    else paddle = Number(paddleText);
  }

  let mealId: number | null = null;
  const mealQuestion = choices.questions.find((asked) => asked.type === "meal");
  if (cells.meal) {
    const chosen = choices.meals.find((choice) => choice.title.trim().toLowerCase() === cells.meal.toLowerCase());
    if (!chosen)
      messages.push(
        `Meal “${cells.meal}” is not one of the meals (${choices.meals.map((choice) => choice.title).join(", ") || "none"}).`,
      );
    else {
      mealId = chosen.meal_id;
      if (mealQuestion) answers[mealQuestion.name] = chosen.title;
    }
  }
  for (const asked of choices.questions) {
    if (asked.type === "meal" || !(asked.name in answers)) continue;
    const answer =
      asked.type === "checkbox" ? (/^(yes|y|true|1|x)$/i.test(answers[asked.name]) ? "yes" : "") : answers[asked.name];
    answers[asked.name] = answer;
    const problem = answerProblem({ ...asked, is_pre_sales_question: false }, answer, choices.meals, fitsPattern);
    if (problem) messages.push(`${asked.label}: ${problem}`);
    if (!answer) delete answers[asked.name];
  }

  const guest: ImportGuest = {
    line,
    first_name: first,
    last_name: last,
    email: address || null,
    phone: phone || null,
    company: optional("company", 200, "Company"),
    address: optional("address", 200, "Address"),
    city: optional("city", 100, "City"),
    state: optional("state", 100, "State"),
    zip: optional("zip", 20, "Zip"),
    country: optional("country", 100, "Country"),
    paddle,
    meal_id: mealId,
    answers,
  };
  return {
    guest,
    messages,
    displayName,
    ticket,
    ticketProblem,
    party: cells.party ?? "",
    method: method ?? "comp",
    methodGiven,
  };
}

export type RegistrantImportResult = {
  parties: number;
  guests: number;
  /** Guests already here whose details the file brought up to date. */
  updated: number;
  check: RegistrantImportCheck;
};

/**
 * Imports the clean parties of a file, checked again in one transaction: every party registered, then the paddles
 * the file gives set by hand. A number the counter happened to give a guest of this import is moved aside first,
 * so the file's numbers are never refused because of the import itself.
 */
export async function importRegistrants(db: Database, eventId: number, csv: string): Promise<RegistrantImportResult> {
  return db.transaction(async (tx) => {
    // One import at a time per event, so two imports cannot both take the same paddle.
    await tx.select({ id: event.event_id }).from(event).where(eq(event.event_id, eventId)).for("update");
    const check = await checkRegistrantImport(tx, eventId, csv);
    if (check.fileError || (check.parties.length === 0 && check.updates.length === 0))
      return { parties: 0, guests: 0, updated: 0, check };

    const created: { id: number; guest: ImportGuest; group: string | null }[] = [];
    for (const party of check.parties) {
      const [lead] = party.guests;
      // Given the transaction, registerParty's own transaction is a savepoint in it: the import stays all or nothing.
      const result = await registerParty(tx, {
        eventId,
        lines: [{ ticketId: party.ticketId, quantity: party.quantity }],
        buyer: {
          first_name: lead.first_name,
          last_name: lead.last_name,
          email: lead.email ?? "",
          phone: lead.phone,
          company: lead.company,
        },
        guests: party.guests.map((guest): GuestDetails => ({
          first_name: guest.first_name,
          last_name: guest.last_name,
          email: guest.email,
          phone: guest.phone,
          meal_id: guest.meal_id,
          answers: guest.answers,
        })),
        method: party.method,
        byStaff: true,
      });
      // The check above ran in this transaction: a refusal here is a bug, and nothing of the import is kept.
      if (!result.ok) throw new Error(`Import of line ${lead.line} refused: ${result.refusal.message}`);
      party.guests.forEach((guest, index) => {
        created.push({ id: result.party.guests[index].registrant_id, guest, group: party.name });
      });
    }

    for (const { id, guest, group } of created) {
      await tx
        .update(registrant)
        .set({ ...companyAndAddress(guest), ...(group ? { group } : {}) })
        .where(and(eq(registrant.event_id, eventId), eq(registrant.registrant_id, id)));
    }

    const updated = await updateExistingGuests(tx, eventId, check.updates);

    const wanted = new Set(created.flatMap(({ guest }) => (guest.paddle === null ? [] : [guest.paddle])));
    for (const { paddle } of updated) wanted.add(paddle);
    if (wanted.size > 0) {
      const seatIds = created.map((seat) => seat.id);
      const current = await tx
        .select({ id: registrant.registrant_id, paddle: registrant.paddle })
        .from(registrant)
        .where(and(eq(registrant.event_id, eventId), inArray(registrant.registrant_id, seatIds)));
      const own = new Map(created.map(({ id, guest }) => [id, guest.paddle]));
      for (const seat of current) {
        if (seat.paddle === null || !wanted.has(seat.paddle) || own.get(seat.id) === seat.paddle) continue;
        let paddle = await allocatePaddle(tx, eventId);
        while (wanted.has(paddle)) paddle = await allocatePaddle(tx, eventId);
        await tx.update(registrant).set({ paddle }).where(eq(registrant.registrant_id, seat.id));
      }
      const paddles = [
        ...created.flatMap(({ id, guest: { line, paddle } }) => (paddle === null ? [] : [{ id, line, paddle }])),
        ...updated,
      ];
      for (const { id, line, paddle } of paddles) {
        const set = await setRegistrantPaddle(tx, eventId, id, paddle);
        if (!set.ok) throw new Error(`Import of line ${line}: ${set.message}`);
      }
    }
    return { parties: check.parties.length, guests: created.length, updated: check.updates.length, check };
  });
}

/** Brings guests already here up to date with their rows; returns the paddles still to give, set with the others'. */
async function updateExistingGuests(tx: Transaction, eventId: number, updates: ImportUpdate[]) {
  const paddles: { id: number; line: number; paddle: number }[] = [];
  for (const { registrantId, line, set } of updates) {
    const { paddle, answers, ...details } = set;
    // The file's answers join the guest's own; answers it does not give are kept.
    const meta = answers
      ? sql`jsonb_set(${registrant.meta}, '{answers}', coalesce(${registrant.meta}->'answers', '{}'::jsonb) || ${JSON.stringify(answers)}::jsonb)`
      : undefined;
    if (Object.keys(details).length > 0 || meta)
      await tx
        .update(registrant)
        .set({ ...details, ...(meta ? { meta } : {}) })
        .where(and(eq(registrant.event_id, eventId), eq(registrant.registrant_id, registrantId)));
    if (paddle != null) paddles.push({ id: registrantId, line, paddle });
  }
  // The door and the lists follow, as they do an edit by hand.
  if (updates.length > 0) await publish(tx, { topic: registrationTopic(eventId), type: "changed", data: {} });
  return paddles;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The toast after an import: "5 guests imported in 2 parties, 3 guests already here updated". */
export function importedTitle(guests: number, parties: number, updated: number): string {
  const imported =
    guests > 0 ? `${count(guests, "guest", "guests")} imported in ${count(parties, "party", "parties")}` : "";
  const brought = updated > 0 ? `${count(updated, "guest", "guests")} already here updated` : "";
  return [imported, brought].filter(Boolean).join(", ");
}
