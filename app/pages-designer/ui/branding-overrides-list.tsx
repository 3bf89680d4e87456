import { Link } from "@remix-run/react";
import type { BrandingOverride } from "../branding-overrides.server";

const listed = (labels: string[]) => labels.map((label) => label.toLowerCase()).join(", ");

/**
 * On Setup › Branding: the designed pages that keep colours or fonts of their own, which the branding does not
 * change, each with a link to its designer, where "Use the event's branding" gives it back to the branding.
 */
export function BrandingOverridesList({ overrides }: { overrides: BrandingOverride[] }) {
  return (
    <section className="branding-overrides" aria-labelledby="branding-overrides-title">
      <h2 id="branding-overrides-title">Where this branding shows</h2>
      {overrides.length === 0 ? (
        <p>
          Every designed page (landing, registration, silent auction) follows it, as do the giving page and the sign-in
          pages.
        </p>
      ) : (
        <>
          <p>
            On every public page, except what these designed pages set themselves. To have them follow the branding,
            tick “Use the event’s branding” beside each setting in the page&apos;s designer, then publish.
          </p>
          <ul>
            {overrides.map((override) => (
              <li key={override.href}>
                <Link to={override.href}>{override.page}</Link>
                {override.published.length > 0
                  ? `: its own ${listed(override.published)}`
                  : ": follows it as published"}
                {override.draft
                  ? override.draft.length > 0
                    ? `; its unpublished draft sets ${listed(override.draft)}`
                    : "; its unpublished draft follows it"
                  : ""}
                .
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
