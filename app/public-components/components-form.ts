/**
 * The form of /admin/setup/components: one zod schema, shared by the page (Conform) and the action (parseForm),
 * turning the posted fields into the components' settings (drizzle/schema/settings.ts). The header's logo is an
 * upload, read by the action apart from the other fields. Client-safe.
 */
import { z } from "zod";
import { yesNo } from "~/forms/rules";
import type { PublicComponentsMeta, ResolvedPublicComponents } from "~drizzle/schema/settings";

export const COMPONENTS_FORM = "public-components";

/** The footer offers this many links: rows of a plain form, so it needs no script to add one. */
export const FOOTER_LINK_SLOTS = 4;

const text = (max: number, what: string) =>
  z.string().trim().max(max, `Keep the ${what} to ${max} characters.`).default("");

/** "" or an http(s) address; "example.org" alone gets https:// in front, as people type it that way. */
const link = z
  .string()
  .trim()
  .default("")
  .transform((value) => (value && !/^[a-z][a-z0-9+.-]*:/i.test(value) ? `https://${value}` : value))
  .refine((value) => {
    if (!value) return true;
    try {
      const url = new URL(value);
      return ["http:", "https:"].includes(url.protocol) && url.hostname.includes(".");
    } catch {
      return false;
    }
  }, "Enter a web address such as https://example.org.")
  .refine((value) => value.length <= 300, "Keep the address to 300 characters.");

const slots = Array.from({ length: FOOTER_LINK_SLOTS }, (_, index) => index + 1);

export const componentsFormSchema = z
  .object({
    header_name: text(200, "name"),
    header_show_name: yesNo,
    announcement_on: yesNo,
    announcement_text: text(200, "announcement"),
    announcement_link_label: text(60, "link's words"),
    announcement_link_href: link,
    sponsors_on: yesNo,
    sponsors_title: text(200, "title"),
    footer_text: text(500, "footer text"),
    ...Object.fromEntries(
      slots.flatMap((slot) => [
        [`footer_link_label_${slot}`, text(60, "link's words")],
        [`footer_link_href_${slot}`, link],
      ]),
    ),
  })
  .superRefine((values, ctx) => {
    const refuse = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (values.announcement_on && !values.announcement_text)
      refuse("announcement_text", "Write the announcement, or switch the bar off.");
    const pairs: Array<[string, string]> = [
      ["announcement_link_label", "announcement_link_href"],
      ...slots.map((slot): [string, string] => [`footer_link_label_${slot}`, `footer_link_href_${slot}`]),
    ];
    const read = values as Record<string, unknown>;
    for (const [label, href] of pairs) {
      if (read[label] && !read[href]) refuse(href, "Enter where the link leads, or clear its words.");
      if (read[href] && !read[label]) refuse(label, "Enter the link's words, or clear its address.");
    }
  });

export type ComponentsFormValues = z.output<typeof componentsFormSchema>;

/** The form's fields as the page fills them in from the saved components. */
export function componentsFormDefaults(saved: ResolvedPublicComponents): Record<string, string> {
  const links = Object.fromEntries(
    slots.flatMap((slot) => {
      const saved_link = saved.footer.links[slot - 1];
      return [
        [`footer_link_label_${slot}`, saved_link?.label ?? ""],
        [`footer_link_href_${slot}`, saved_link?.href ?? ""],
      ];
    }),
  );
  const yes = (value: boolean) => (value ? "yes" : "");
  return {
    header_name: saved.header.name,
    header_show_name: yes(saved.header.showName),
    announcement_on: yes(saved.announcement.isVisible),
    announcement_text: saved.announcement.text,
    announcement_link_label: saved.announcement.linkLabel,
    announcement_link_href: saved.announcement.linkHref,
    sponsors_on: yes(saved.sponsorStrip.isVisible),
    sponsors_title: saved.sponsorStrip.title,
    footer_text: saved.footer.text,
    ...links,
  };
}

/** The settings the form describes, with the header's logo as it is to be stored. */
export function componentsFromForm(values: ComponentsFormValues, logo: string): ResolvedPublicComponents {
  const read = values as Record<string, string>;
  return {
    header: { logo, name: values.header_name, showName: values.header_show_name },
    announcement: {
      isVisible: values.announcement_on,
      text: values.announcement_text,
      linkLabel: values.announcement_link_label,
      linkHref: values.announcement_link_href,
    },
    sponsorStrip: {
      isVisible: values.sponsors_on,
      title: values.sponsors_title || "Thank you to our sponsors",
    },
    footer: {
      text: values.footer_text,
      links: slots
        .map((slot) => ({ label: read[`footer_link_label_${slot}`], href: read[`footer_link_href_${slot}`] }))
        .filter((entry) => entry.label && entry.href),
    },
  };
}

/** Settings as a stored tree: each one set (not following its default). */
export function componentsTree(components: ResolvedPublicComponents): PublicComponentsMeta {
  const own = <T extends Record<string, unknown>>(section: T) =>
    Object.fromEntries(Object.entries(section).map(([key, value]) => [key, { value, useDefault: false }]));
  return {
    header: own(components.header),
    announcement: own(components.announcement),
    sponsorStrip: own(components.sponsorStrip),
    footer: own(components.footer),
  } as PublicComponentsMeta;
}
