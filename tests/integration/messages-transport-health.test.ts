// A failing mail server or Twilio account shows on the dashboard (/admin/dashboard): the provider's last answer to
// one of the event's messages was a failure, with its reason and how many messages it holds back, for the people
// who follow the outbox or set the event up; a later successful send clears it.
import { describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { enqueueMessage } from "~/messages/outbox.server";
import { ProviderError, type EmailProvider } from "~/messages/providers.server";
import { runOutbox } from "~/messages/worker.server";
import * as dashboardRoute from "~/routes/admin._hub.dashboard";
import { makeAuctionEvent } from "../support/auction";
import { testDatabase } from "../support/database";
import { giveRole, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest } from "../support/route-calls";

const { db } = testDatabase();

type Dashboard = Awaited<ReturnType<typeof dashboardRoute.loader>>;

function emailProvider(answer: "refuse" | "accept"): EmailProvider {
  return {
    name: "smtp",
    async send() {
      if (answer === "refuse") throw new ProviderError("The mail server refused the sign-in.", false);
      return { providerMessageId: "ok", answer: {} };
    },
  };
}

describe("the dashboard's warning of a failing transport", () => {
  it("says email is failing, why and how many messages wait, to those who can act; a later send clears it", async () => {
    const gala = await makeAuctionEvent(db);
    const organiser = await makeUser(db, { selected_event: gala.event_id });
    await giveRole(db, organiser.usr_id, gala.event_id, { ...OWNER_ROLE });
    const watcher = await makeUser(db, { selected_event: gala.event_id });
    await giveRole(db, watcher.usr_id, gala.event_id, teamRole("can_view_stats"));
    const guest = await makeUser(db);
    const dashboard = async (usrId: number) =>
      (
        await call(
          dashboardRoute.loader,
          makeRequest(`/admin/dashboard?id=${gala.event_id}`, { cookie: await sessionCookie(usrId) }),
        )
      ).data as Dashboard;
    const write = (key: string) =>
      enqueueMessage(db, {
        event_id: gala.event_id,
        template: "test",
        channel: "email",
        to: { usr_id: guest.usr_id },
        idempotency_key: `${key}:${gala.event_id}`,
      });

    expect((await dashboard(organiser.usr_id)).failingTransports).toEqual([]);
    await write("first");
    await write("second");
    await runOutbox(db, { providers: { email: () => emailProvider("refuse"), text: () => null } });

    expect((await dashboard(organiser.usr_id)).failingTransports).toEqual([
      {
        channel: "email",
        reason: "The mail server refused the sign-in.",
        failedAt: expect.stringMatching(/^\d{1,2}:\d{2} [AP]M/),
        heldBack: 2,
        to: `/admin/auction_items/email_page/outbox?id=${gala.event_id}&status=failed`,
      },
    ]);
    // Someone who only looks at the figures is not warned of what they cannot fix.
    expect((await dashboard(watcher.usr_id)).failingTransports).toEqual([]);

    await write("third");
    await runOutbox(db, {
      providers: { email: () => emailProvider("accept"), text: () => null },
      now: new Date(Date.now() + 60 * 60_000),
    });
    expect((await dashboard(organiser.usr_id)).failingTransports).toEqual([]);
  });
});
