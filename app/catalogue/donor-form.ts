/**
 * The donor form and the fields the grid edits in place, with one rule each, shared by the dialog, the grid and
 * the action. Blank optional fields are stored as null; a website is normalised as on the contact screen
 * ("example.org" gets https://).
 */
import { z } from "zod";
import { listDialogForm } from "~/admin-list/list-dialog";
import { optionalEmail, optionalPhone, optionalText, webAddress, yesNo } from "~/forms/rules";

const name = (label: string) => optionalText(80, label);

export const donorFields = {
  first_name: name("A first name"),
  last_name: name("A last name"),
  title: optionalText(120, "An organisation name"),
  email: optionalEmail,
  phone: optionalPhone,
  website: webAddress("website"),
  is_active: yesNo,
  internal_notes: optionalText(2000, "Notes"),
} as const;

export const NEEDS_A_NAME = "Give the donor's name, their organisation's, or both.";

export const donorSchema = z.object(donorFields).superRefine((donor, context) => {
  if (!donor.first_name && !donor.last_name && !donor.title) {
    context.addIssue({ code: "custom", path: ["first_name"], message: NEEDS_A_NAME });
  }
});

export type DonorInput = z.infer<typeof donorSchema>;

/** The donors list's row dialog, read by its action and its screen. */
export const donorDialog = listDialogForm({ key: "donor", schema: donorSchema, idField: "donor_id" });
