/**
 * What the registration page shows around its form, from the event and the page's settings tree
 * (event.meta.registrationPage; the page designer's "Registration page"). Client-safe: /register computes it on the
 * server from the published tree, the designer's preview in the browser from the tree being edited.
 */
import { pageThemeStyle, themeDefaults, type EventBranding } from "~/ui/branding";
import { resolveRegistrationPageMeta } from "~drizzle/schema/settings";

export interface RegisterShellEvent extends EventBranding {
  title: string;
  excerpt: string | null;
  company_name: string | null;
  company_about: string | null;
}

export function registerShell(event: RegisterShellEvent, tree: unknown, sanitize: (html: string) => string) {
  const page = resolveRegistrationPageMeta(tree, {
    global: themeDefaults(event),
    headerSection: { title: event.title },
  });
  return {
    title: page.headerSection.title || event.title,
    subtitle: page.headerSection.subtitle || event.excerpt,
    image: page.headerSection.image || null,
    intro: page.introSection.isVisible
      ? { title: page.introSection.title, html: page.introSection.body ? sanitize(page.introSection.body) : null }
      : null,
    company:
      page.companySection.isVisible && event.company_name
        ? {
            title: page.companySection.title,
            name: event.company_name,
            about: event.company_about ? sanitize(event.company_about) : null,
          }
        : null,
    ticketsTitle: page.ticketsSection.isVisible ? page.ticketsSection.title : "Choose your tickets",
    continueLabel: page.ticketsSection.buttonLabel || "Continue",
    themeType: page.global.themeType,
    branding: pageThemeStyle(event, page.global),
  };
}

export type RegisterShell = ReturnType<typeof registerShell>;
