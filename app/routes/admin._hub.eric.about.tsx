import { Link, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { appPackages } from "~/design-lab/dependency-licences.server";
import { eventGlance } from "~/design-lab/event-glance.server";
import { eventAddress } from "~/http/paths";
import { titleMeta } from "~/ui/error-page";
import { timeZoneLabel } from "~/ui/zoned-time";
import type { LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("About · Design lab · Gavel");

/** /admin/eric/about: the app's version, its production dependencies' licences, and the event's settings. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  const [packages, glance] = await Promise.all([appPackages(), eventGlance(eventId)]);
  return { eventId, packages, glance };
}

export default function AboutPage() {
  const { eventId, packages, glance } = useLoaderData<typeof loader>();
  const onEvent = (href: string) => eventAddress(href, eventId);
  return (
    <>
      <div className="page-header">
        <h1>About</h1>
        <p>
          Gavel version <strong data-testid="app-version">{packages.version}</strong>, and {glance.title}'s settings at
          a glance.
        </p>
      </div>
      <div className="stack">
        <section aria-labelledby="about-event" className="stack">
          <h2 id="about-event" className="section-heading">
            The event's settings
          </h2>
          <div className="table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">What is switched on, and when it runs</caption>
              <thead>
                <tr>
                  <th scope="col">Setting</th>
                  <th scope="col">Status</th>
                  <th scope="col">When</th>
                  <th scope="col">
                    <span className="visually-hidden">Where to change it</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {glance.features.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td>{row.status}</td>
                    <td>{row.when ?? "No times set"}</td>
                    <td>
                      <Link to={onEvent(row.href)}>
                        Change<span className="visually-hidden"> {row.label.toLowerCase()}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">Time zone</th>
                  <td colSpan={2}>{timeZoneLabel(glance.timeZone)}</td>
                  <td>
                    <Link to={onEvent("/admin/setup/event")}>
                      Change<span className="visually-hidden"> the time zone</span>
                    </Link>
                  </td>
                </tr>
                <tr>
                  <th scope="row">Currency</th>
                  <td colSpan={2}>{glance.currency}</td>
                  <td>Set when the event was made</td>
                </tr>
                <tr>
                  <th scope="row">Switches</th>
                  <td colSpan={2}>Which features are on, and which are still in testing</td>
                  <td>
                    <Link to={onEvent("/admin/setup/modules")}>
                      Change<span className="visually-hidden"> the modules</span>
                    </Link>
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
          <h3 className="lab-subheading">Branding</h3>
          <ul className="lab-swatches" aria-label="Colours">
            {glance.colours.map((colour) => (
              <li key={colour.name}>
                <span className="lab-swatch" style={{ background: colour.value }} aria-hidden="true" />
                {colour.name} <code>{colour.value}</code>
              </li>
            ))}
          </ul>
          <ul className="lab-fonts" aria-label="Fonts">
            {glance.fonts.map((font) => (
              <li key={font.name}>
                {font.name}: {font.family}, weight {font.weight}
              </li>
            ))}
          </ul>
          <p>
            <Link to={onEvent("/admin/setup/branding")}>Change the colours, fonts and logo</Link> ·{" "}
            <Link to={onEvent("/admin/setup/components")}>Change the header, footer and announcement</Link> ·{" "}
            <Link to={onEvent("/admin/eric/piano")}>Try colour pairs on the piano</Link>
          </p>
        </section>
        <section aria-labelledby="about-licences" className="stack">
          <h2 id="about-licences" className="section-heading">
            Licences of the dependencies
          </h2>
          <p className="muted">
            The {packages.dependencies.length} packages Gavel runs with in production, as installed on this server.
          </p>
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Package</th>
                  <th scope="col">Version</th>
                  <th scope="col">Licence</th>
                </tr>
              </thead>
              <tbody>
                {packages.dependencies.map((dependency) => (
                  <tr key={dependency.name}>
                    <th scope="row">
                      <code>{dependency.name}</code>
                    </th>
                    <td>{dependency.version}</td>
                    <td>{dependency.licence}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
