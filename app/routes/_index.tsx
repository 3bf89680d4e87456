import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { getSignedInUser } from "~/auth/access.server";
import { deviceCookieHeaders } from "~/auth/devices.server";
import { isGoogleSignInEnabled } from "~/auth/google.server";
import { eventsForHome } from "~/home/home.server";
import { SignInPanel } from "~/home/ui/sign-in-panel";
import { YourEvents } from "~/home/ui/your-events";
import authHref from "~/styles/auth.css";
import homeHref from "~/styles/home.css";
import { Button, ButtonLink } from "~/ui/button";
import { ErrorPage } from "~/ui/error-page";
import { fullName } from "~/ui/format";
import { GavelIcon } from "~/ui/icons";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: authHref },
  { rel: "stylesheet", href: homeHref },
];

export const meta: MetaFunction = () => [
  { title: "Fundraising galas, from registration to checkout · Gavel" },
  {
    name: "description",
    content:
      "Gavel is an open-source app for charities and their volunteers to run fundraising galas: registration and check-in, silent, live and virtual auctions, paddle raises, raffles, checkout and the screens in the room.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSignedInUser(request);
  const home = {
    googleEnabled: isGoogleSignInEnabled(),
    user: user
      ? {
          name: fullName(user.first_name, user.last_name) || user.email_address,
          email: user.email_address,
          events: await eventsForHome(user.usr_id),
        }
      : null,
  };
  // The sign-in form below counts its limits by the browser's device cookie (auth/devices.server.ts).
  return data(home, { headers: user ? undefined : await deviceCookieHeaders(request) });
}

const FEATURES = [
  {
    title: "Registration and check-in",
    text: "Sell tickets and tables, ask your questions, give every guest a paddle number, and check people in at the door in seconds.",
  },
  {
    title: "Silent, live and virtual auctions",
    text: "Guests bid from their phones, with maximum bids, buy-now prices and closing times you control, table by table if you like.",
  },
  {
    title: "Paddle raises",
    text: "Record pledges as paddles go up, at the levels you set, while the room watches the total climb.",
  },
  {
    title: "Raffles and items for sale",
    text: "Sell raffle tickets and fixed-price items alongside the auctions, all on the same guest account.",
  },
  {
    title: "Checkout",
    text: "Each guest sees one invoice for everything they won, pledged and bought, and pays on their phone or at the desk.",
  },
  {
    title: "Screens in the room",
    text: "Projector views show leading bids, closing countdowns and the fund-a-need total, updated live.",
  },
] as const;

const NIGHT = [
  ["Before the night", "Build the event page, load the auction catalogue, sell tickets and seat your guests."],
  ["At the door", "Volunteers find guests by name, email or paddle number and check them in."],
  ["During the auctions", "Bids arrive from phones and from the auctioneer's clerk; the screens follow every one."],
  ["At the end", "Winners get their invoices, pay, and pick up their items without a queue."],
] as const;

export default function Home() {
  const { user, googleEnabled } = useLoaderData<typeof loader>();
  return (
    <div className="home">
      <header className="home__bar">
        <div className="container home__bar-inner">
          <span className="home__brand">
            <GavelIcon className="home__brand-icon" />
            Gavel
          </span>
          {user ? (
            <div className="home__account">
              <span className="home__signed-in">
                Signed in as <strong>{user.name}</strong>
              </span>
              <Form method="post" action="/auth/sign-out">
                <Button type="submit" size="sm">
                  Sign out
                </Button>
              </Form>
              <Form method="post" action="/auth/sign-out">
                <input type="hidden" name="everywhere" value="1" />
                <Button type="submit" size="sm" variant="ghost">
                  Sign out everywhere
                </Button>
              </Form>
            </div>
          ) : (
            <nav className="home__account" aria-label="Account">
              <a href="#sign-in">Sign in</a>
              <Link to="/auth/sign-up">Create an account</Link>
            </nav>
          )}
        </div>
      </header>

      <main>
        <section className="home__hero" aria-labelledby="home-title">
          <div className="container home__hero-grid">
            <div>
              <p className="home__eyebrow">Open-source software for charity galas</p>
              <h1 id="home-title" className="home__title">
                Run your fundraising gala from the first ticket to the last payment.
              </h1>
              <p className="home__lead">
                Gavel is for charities and the volunteers who run their galas. It brings registration, check-in,
                auctions, paddle raises, raffles and checkout into one place, built for a ballroom full of phones on
                patchy Wi-Fi.
              </p>
              <p className="home__cta">
                <ButtonLink to="/teamsignup" variant="primary" size="lg">
                  Set up your organisation
                </ButtonLink>
              </p>
            </div>
            {user ? <YourEvents events={user.events} /> : <SignInPanel googleEnabled={googleEnabled} />}
          </div>
        </section>

        <section className="home__section" aria-labelledby="features-title">
          <div className="container">
            <h2 id="features-title">Everything the night needs</h2>
            <ul className="home__features">
              {FEATURES.map((feature) => (
                <li key={feature.title} className="home__feature">
                  <h3>{feature.title}</h3>
                  <p>{feature.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="home__section home__section--muted" aria-labelledby="night-title">
          <div className="container">
            <h2 id="night-title">How a gala night runs with Gavel</h2>
            <ol className="home__steps">
              {NIGHT.map(([title, text]) => (
                <li key={title} className="home__step">
                  <h3>{title}</h3>
                  <p>{text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="home__section" aria-labelledby="who-title">
          <div className="container home__who">
            <h2 id="who-title">Made for the people who make the night happen</h2>
            <p>
              Organisers set up the event and its auctions. Volunteers work the door, the clerk's desk and checkout,
              each with just the access they need. Guests register, bid and pay from their own phones, with the event's
              own colours and fonts.
            </p>
            <p>Gavel is free and open source: your charity can run it on its own server and keep its donors' data.</p>
          </div>
        </section>
      </main>

      <footer className="home__footer">
        <div className="container">
          <p>Gavel · open-source fundraising event software</p>
        </div>
      </footer>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
