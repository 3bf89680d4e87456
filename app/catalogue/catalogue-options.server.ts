/**
 * The organisation's categories, donors and staff as choices for pickers (an inventory item's or an auction item's
 * donor, category and staff member), and the rule that a chosen one really is the organisation's.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db.server";
import { clientOfEvent } from "~/events/client-of-event.server";
import { Refusal } from "~/forms/refusal";
import { category, donor, staff } from "~drizzle/schema";

export type CatalogueOption = { value: string; label: string };

export type CatalogueOptions = {
  categories: CatalogueOption[];
  donors: CatalogueOption[];
  staff: CatalogueOption[];
};

/** A donor as lists name them: the business (title), else the person, else the email address. */
export const donorLabel = sql<string>`coalesce(
  nullif(btrim(${donor.title}), ''),
  nullif(btrim(coalesce(${donor.first_name}, '') || ' ' || coalesce(${donor.last_name}, '')), ''),
  nullif(btrim(${donor.email}), ''),
  'Donor ' || ${donor.donor_id}
)`;

/** A staff member as lists name them: the full name, else the email address. */
export const staffLabel = sql<string>`coalesce(
  nullif(${staff.full_name}, ''),
  nullif(btrim(${staff.email}), ''),
  'Staff ' || ${staff.staff_id}
)`;

export async function catalogueOptions(eventId: number): Promise<CatalogueOptions> {
  const clientId = await clientOfEvent(eventId);
  const [categories, donors, staffRows] = [
    await db
      .select({ id: category.category_id, label: category.title })
      .from(category)
      .where(eq(category.client_id, clientId))
      .orderBy(asc(category.title)),
    await db
      .select({ id: donor.donor_id, label: donorLabel, is_active: donor.is_active })
      .from(donor)
      .where(eq(donor.client_id, clientId))
      .orderBy(asc(donorLabel)),
    await db
      .select({ id: staff.staff_id, label: staffLabel })
      .from(staff)
      .where(eq(staff.client_id, clientId))
      .orderBy(asc(staffLabel)),
  ];
  const option = (row: { id: number; label: string }) => ({ value: String(row.id), label: row.label });
  return {
    categories: categories.map(option),
    donors: donors.map((row) => ({
      value: String(row.id),
      label: row.is_active ? row.label : `${row.label} (inactive)`,
    })),
    staff: staffRows.map(option),
  };
}

export type CatalogueChoices = { donor_id?: number | null; category_id?: number | null; staff_id?: number | null };

/**
 * A choice that is not one of the organisation's rows (another organisation's, or deleted meanwhile): a refusal on
 * the field of the choice (a form whose fields are named otherwise maps it).
 */
export class UnknownChoiceError extends Refusal {
  constructor(readonly field: keyof CatalogueChoices) {
    const what = { donor_id: "donor", category_id: "category", staff_id: "staff member" }[field];
    super(`This ${what} is not in your organisation's list (any more). Choose one from the list.`, field);
  }
}

/** Throws UnknownChoiceError unless each chosen donor, category and staff member is the organisation's. */
export async function checkChoices(tx: Pick<Transaction, "select">, clientId: number, choices: CatalogueChoices) {
  const checks = [
    ["donor_id", choices.donor_id, donor, donor.donor_id, donor.client_id],
    ["category_id", choices.category_id, category, category.category_id, category.client_id],
    ["staff_id", choices.staff_id, staff, staff.staff_id, staff.client_id],
  ] as const;
  for (const [field, id, table, idColumn, clientColumn] of checks) {
    if (id === undefined || id === null) continue;
    const [found] = await tx
      .select({ id: idColumn })
      .from(table)
      .where(and(eq(idColumn, id), eq(clientColumn, clientId)));
    if (!found) throw new UnknownChoiceError(field);
  }
}
