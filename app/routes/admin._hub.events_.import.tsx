import {
  data,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { checkEventArchive, importEventArchive, type ArchiveCheck } from "~/event-archive/import.server";
import {
  MAX_ARCHIVE_BYTES,
  claimStagedArchive,
  removeStagedArchive,
  stageArchive,
} from "~/event-archive/staging.server";
import { ArchiveCheckReport } from "~/event-archive/ui/archive-check-report";
import { clientOfEvent } from "~/events/client-of-event.server";
import { IMPORT_INTENT } from "~/forms/import-steps";
import { readPostedForm } from "~/forms/posted-form.server";
import { paths } from "~/http/paths";
import { redirectWithToast } from "~/http/toast.server";
import { Card } from "~/ui/card";
import { CsvCheckForm } from "~/ui/csv-check-form";
import { titleMeta } from "~/ui/error-page";

export const meta = titleMeta("Import an event · Admin · Gavel");

const FORM_ID = "event-archive";

type Answer = { error: string } | { archiveCheck: ArchiveCheck; token: string | null };

/** /admin/events/import: an event archive (decision 039) becomes a new event of this organisation (can_configure_event). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireEventPermission(request, "can_configure_event");
  return { maxMegabytes: MAX_ARCHIVE_BYTES / 1024 / 1024 };
}

/**
 * Two steps. A multipart post is the check: the file is staged and read through, nothing written, and the answer
 * lists what it would create and every problem. intent=import (the staged file's token) imports it in one
 * transaction, the importer its owner, and opens the events page on it.
 */
// Not an intentAction: the check is told by its upload (an archive streamed to disk, never read into a FormData).
export async function action({ request }: ActionFunctionArgs) {
  const { user, eventId } = await requireEventPermission(request, "can_configure_event");
  const clientId = await clientOfEvent(eventId);
  if (/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
    let staged: Awaited<ReturnType<typeof stageArchive>> | undefined;
    let tooLarge = false;
    try {
      await unstable_parseMultipartFormData(request, async ({ name, filename, data: bytes }) => {
        if (name !== "file" || !filename) {
          for await (const chunk of bytes) void chunk;
          return undefined;
        }
        staged = await stageArchive(clientId, user.usr_id, bytes);
        tooLarge = staged === null;
        return undefined;
      });
    } catch {
      throw new Response("The form could not be read. Reload the page and try again.", { status: 400 });
    }
    if (tooLarge) return answer({ error: `The archive is larger than ${MAX_ARCHIVE_BYTES / 1024 / 1024} MB.` }, 400);
    if (!staged) return answer({ error: "Choose the event archive (.tar.gz) to import." }, 400);
    const check = await checkEventArchive(staged.file, clientId);
    if (check.problems.length > 0) {
      await removeStagedArchive(staged.file);
      return answer({ archiveCheck: check, token: null }, 400);
    }
    return answer({ archiveCheck: check, token: staged.token }, 200);
  }
  const form = await readPostedForm(request);
  if (form.get("intent") !== IMPORT_INTENT.import)
    throw new Response("This form does not say what to do.", { status: 400 });
  const file = await claimStagedArchive(clientId, user.usr_id, String(form.get("token") ?? ""));
  if (!file)
    return answer({ error: "This upload has expired or was imported already. Choose the archive again." }, 400);
  let imported;
  try {
    imported = await importEventArchive(file, clientId, user.usr_id);
  } finally {
    await removeStagedArchive(file);
  }
  if (!imported.ok) return answer({ archiveCheck: imported.check, token: null }, 400);
  return redirectWithToast(paths.adminEvents(imported.eventId), {
    title: `${imported.title} is imported`,
    description: "It is a new event of your organisation, and you are working on it now.",
  });
}

function answer(body: Answer, status: number) {
  return data(body, { status });
}

export default function ImportEventPage() {
  const { maxMegabytes } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const reply = answered as Answer | undefined;
  return (
    <>
      <div className="page-header">
        <h1>Import an event</h1>
        <p>
          An event archive, downloaded from an event&apos;s setup in this Gavel or another, becomes a new event of your
          organisation: its settings, pages, catalogue, guests, bids, payments and messages, with you as its owner.
        </p>
      </div>
      <Card title="Event archive" headingLevel={2}>
        <p className="muted">
          The archive is checked first: nothing changes until you import it. People already here (by email), your
          organisation&apos;s categories of the same title, and its donors, sponsors and staff with the same details are
          reused. At most {maxMegabytes} MB.
        </p>
        <CsvCheckForm
          id={FORM_ID}
          error={reply && "error" in reply ? reply.error : undefined}
          busy={busy}
          label="Event archive (.tar.gz)"
          accept=".gz,.tgz,application/gzip"
        />
      </Card>
      {reply && "archiveCheck" in reply ? (
        <ArchiveCheckReport check={reply.archiveCheck} token={reply.token} busy={busy} />
      ) : null}
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
