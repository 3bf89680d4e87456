/**
 * The forms of /teamsignup: a new organisation (client) and its first event; joining a team by invitation, and the
 * password an invited person without an account chooses (a new account's: person-fields.ts `newAccountSchema`).
 * Client-safe: the page checks the rules the server applies.
 */
import { z } from "zod";
import { eventTitleField, slugField, slugOrFromTitle, subdomainField, timezoneField } from "~/events/event-fields";

/** The page's posts: a new organisation, an invitation accepted, an invited person's first password. */
export const TEAM_SIGNUP_INTENT = {
  createOrganisation: "create-organisation",
  acceptInvitation: "accept-invitation",
  choosePassword: "choose-password",
} as const;

export const ORGANISATION_FORM = "organisation";
export const ACCEPT_FORM = "accept-invitation";
export const PASSWORD_FORM = "choose-password";

export const organisationFormSchema = z
  .object({
    organisationTitle: z
      .string()
      .trim()
      .min(1, "Enter your organisation's name.")
      .max(120, "Keep the name to 120 characters."),
    organisationSlug: slugField("short name"),
    eventTitle: eventTitleField,
    eventSlug: slugField("web address"),
    timezone: timezoneField,
    subdomain: subdomainField,
  })
  // A blank short name or web address is made from the name.
  .transform((form, context) => ({
    ...form,
    organisationSlug: slugOrFromTitle(
      form.organisationSlug,
      form.organisationTitle,
      context,
      "organisationSlug",
      "short name",
    ),
    eventSlug: slugOrFromTitle(form.eventSlug, form.eventTitle, context, "eventSlug", "web address"),
  }));

export type OrganisationForm = z.infer<typeof organisationFormSchema>;
