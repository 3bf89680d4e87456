/**
 * An event's giving page (/woa2025give and other short paths that show "giving"), on a phone first: the money
 * raised against the goal, a button per suggested amount and one for another amount (each opens /dp, the gift
 * form, with the amount chosen), the latest gifts, and the way to the supporters' own pages. Links only: it works
 * without JavaScript.
 */
import { paths } from "~/http/paths";
import { ButtonLink } from "~/ui/button";
import { formatRoundMoney } from "~/ui/format";
import { GuestPage } from "~/ui/guest-bar";
import { Thermometer } from "~/ui/thermometer";
import type { givingPage } from "../giving-page.server";
import type { SerializeFrom } from "@remix-run/node";

export type GivingPageData = SerializeFrom<typeof givingPage> & {
  guestName: string | null;
  signInHref: string;
  fundraisersLabel: string;
};

export function GivingPageScreen({ data }: { data: GivingPageData }) {
  const money = (cents: number) => formatRoundMoney(cents, data.currency);
  const give = (amount?: number) => paths.dp(data.eventId, { amount: amount || undefined });
  return (
    <GuestPage bar={data} className="giving">
      <section className="guest-card giving__card" aria-labelledby="giving-heading">
        <h1 id="giving-heading">Give to {data.organisation}</h1>
        <p className="giving__muted">Pledged so far at {data.eventTitle}</p>
        <Thermometer total={data.pledged} goal={data.goal} currency={data.currency} size="lg" />
        <nav aria-label="Give" className="giving__buttons">
          {data.suggested.map((amount) => (
            <ButtonLink key={amount} to={give(amount)} variant="primary" size="lg">
              Give {money(amount)}
            </ButtonLink>
          ))}
          <ButtonLink to={give()} size="lg">
            Another amount
          </ButtonLink>
        </nav>
      </section>
      <section className="guest-card giving__card" aria-labelledby="recent-heading">
        <h2 id="recent-heading">Recent gifts</h2>
        {data.recent.length === 0 ? (
          <p>Be the first to give tonight.</p>
        ) : (
          <>
            <p className="giving__muted">
              {data.giftCount} {data.giftCount === 1 ? "gift" : "gifts"} so far
            </p>
            <ul className="giving__recent">
              {data.recent.map((gift) => (
                <li key={gift.key}>
                  <span>{gift.name}</span>
                  <strong>{money(gift.amount)}</strong>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      {data.hasFundraisers ? (
        <p className="giving__muted">
          <a href={paths.cattlemen(data.eventId)}>{data.fundraisersLabel}</a>: supporters raising money for the cause on
          their own pages.
        </p>
      ) : null}
    </GuestPage>
  );
}
