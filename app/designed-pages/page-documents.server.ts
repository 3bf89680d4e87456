/**
 * Drafts and published versions of the designed pages (docs/decisions/014-page-designer.md). Each page keeps its
 * settings tree in the JSON the spec gives it, and the draft beside it:
 *
 *   landing.meta, silent_auction.meta, event.meta.registrationPage =
 *     { global, heroSection, …   the published tree, where every reader of the spec's meta finds it
 *       draft?: { … }             the tree being edited, until it is published or discarded
 *       draftSavedAt?, publishedAt?: ISO times }
 *
 * Every write is one UPDATE that merges into the JSON (`||`, `-`), so keys that other features keep in the same meta
 * survive, and every query names the event, so one event's staff cannot reach another's page.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import { preparedQuery } from "~/db/prepared.server";
import { db } from "~/db.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { event, landing, readTree, richTextSettings, silent_auction, type TreeDefinition } from "~drizzle/schema";
import { PAGE_TREE_DEFINITIONS, type PageKind, type Tree } from "./page-trees";
import type { Database, Transaction } from "~/db/connection.server";

type Executor = Database | Transaction;

export interface PageDocument {
  /** False while the page's record does not exist (landing or silent auction never switched on under Modules). */
  exists: boolean;
  /** The published tree, complete (defaults wherever nothing is stored). */
  published: Tree;
  /** The saved draft, complete; null when there is nothing unpublished. */
  draft: Tree | null;
  draftSavedAt: string | null;
  publishedAt: string | null;
}

const DRAFT_KEYS = ["draft", "draftSavedAt"] as const;

/** The stored JSON of a page, or undefined when its record does not exist. */
/** Each page's stored JSON, read on every page load: prepared once per kind. */
const storedMetaOf: Record<PageKind, ReturnType<typeof metaQuery>> = {
  registration: metaQuery("registration"),
  landing: metaQuery("landing"),
  silentAuction: metaQuery("silentAuction"),
};

function metaQuery(kind: PageKind) {
  return preparedQuery(`page_meta_${kind}`, (db) => {
    const byEvent = eq(event.event_id, sql.placeholder("eventId"));
    if (kind === "registration")
      return db
        .select({ meta: sql<unknown>`${event.meta} -> 'registrationPage'` })
        .from(event)
        .where(byEvent);
    const table = kind === "landing" ? landing : silent_auction;
    const idColumn = kind === "landing" ? landing.landing_id : silent_auction.silent_auction_id;
    const eventColumn = kind === "landing" ? event.landing_id : event.silent_auction_id;
    return db
      .select({ meta: sql<unknown>`${table.meta}` })
      .from(event)
      .innerJoin(table, eq(idColumn, eventColumn))
      .where(byEvent);
  });
}

async function storedMeta(eventId: number, kind: PageKind): Promise<Record<string, unknown> | undefined> {
  const [row] = await storedMetaOf[kind](db).execute({ eventId });
  if (!row) return undefined;
  return isRecord(row.meta) ? row.meta : {};
}

/**
 * A stored tree, complete, with its rich texts sanitised on their way out (the house rule for HTML a page inserts):
 * a value written before the rules changed, or straight into the database, is then harmless too.
 */
function readPageTree(definition: TreeDefinition, stored: unknown): Tree {
  const tree = readTree(definition, stored) as Tree;
  for (const [section, key] of richTextSettings(definition)) {
    const setting = tree[section][key];
    if (typeof setting.value === "string") setting.value = sanitizeRichText(setting.value);
  }
  return tree;
}

export async function loadPageDocument(eventId: number, kind: PageKind): Promise<PageDocument> {
  const definition = PAGE_TREE_DEFINITIONS[kind];
  const meta = await storedMeta(eventId, kind);
  const stored = meta ?? {};
  return {
    exists: meta !== undefined,
    published: readPageTree(definition, stored),
    draft: isRecord(stored.draft) ? readPageTree(definition, stored.draft) : null,
    draftSavedAt: typeof stored.draftSavedAt === "string" ? stored.draftSavedAt : null,
    publishedAt: typeof stored.publishedAt === "string" ? stored.publishedAt : null,
  };
}

/** The published tree of a page (what the public sees), or the draft when asked for and there is one. */
export async function pageTree(eventId: number, kind: PageKind, { draft = false } = {}): Promise<Tree> {
  const document = await loadPageDocument(eventId, kind);
  return (draft && document.draft) || document.published;
}

const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Applies `change` (an SQL expression of the old JSON, `old`) to the page's JSON. False when the page's record
 * does not exist.
 */
async function updateMeta(
  eventId: number,
  kind: PageKind,
  change: (old: SQL) => SQL,
  executor: Executor = db,
): Promise<boolean> {
  if (kind === "registration") {
    const old = sql`coalesce(${event.meta} -> 'registrationPage', '{}'::jsonb)`;
    const rows = await executor
      .update(event)
      .set({ meta: sql`jsonb_set(${event.meta}, '{registrationPage}', ${change(old)})` })
      .where(eq(event.event_id, eventId))
      .returning({ id: event.event_id });
    return rows.length > 0;
  }
  const ownerId =
    kind === "landing"
      ? sql`(select ${event.landing_id} from ${event} where ${event.event_id} = ${eventId})`
      : sql`(select ${event.silent_auction_id} from ${event} where ${event.event_id} = ${eventId})`;
  if (kind === "landing") {
    const rows = await executor
      .update(landing)
      .set({ meta: change(sql`${landing.meta}`) as SQL<never>, updated_at: new Date() })
      .where(eq(landing.landing_id, ownerId))
      .returning({ id: landing.landing_id });
    return rows.length > 0;
  }
  const rows = await executor
    .update(silent_auction)
    .set({ meta: change(sql`${silent_auction.meta}`) as SQL<never> })
    .where(eq(silent_auction.silent_auction_id, ownerId))
    .returning({ id: silent_auction.silent_auction_id });
  return rows.length > 0;
}

/** Stores the tree as the page's draft (the public keeps seeing the published version). */
export async function saveDraft(eventId: number, kind: PageKind, tree: Tree, now = new Date()): Promise<boolean> {
  return updateMeta(eventId, kind, (old) => sql`${old} || ${json({ draft: tree, draftSavedAt: now.toISOString() })}`);
}

/** Drops the draft: the editor shows the published version again. */
export async function discardDraft(eventId: number, kind: PageKind): Promise<boolean> {
  return updateMeta(eventId, kind, (old) => sql`${old} - ${DRAFT_KEYS[0]}::text - ${DRAFT_KEYS[1]}::text`);
}

/**
 * Publishes the draft (or, when there is none, the given tree): its sections replace the published ones, the draft
 * goes. For the landing page, the landing record's display switches and colours follow. False
 * when the page's record does not exist or there is nothing to publish.
 */
export async function publishDraft(
  eventId: number,
  kind: PageKind,
  { now = new Date(), alsoDo }: { now?: Date; alsoDo?: (tx: Transaction) => Promise<void> } = {},
): Promise<boolean> {
  const document = await loadPageDocument(eventId, kind);
  if (!document.exists || !document.draft) return false;
  const tree = document.draft;
  return db.transaction(async (tx) => {
    const published = await updateMeta(
      eventId,
      kind,
      (old) =>
        sql`(${old} - ${DRAFT_KEYS[0]}::text - ${DRAFT_KEYS[1]}::text) || ${json({ ...tree, publishedAt: now.toISOString() })}`,
      tx,
    );
    if (!published) return false;
    if (kind === "landing") await syncLandingColumns(tx, eventId, tree);
    // What the publication causes (the team's notice) is written with it, or not at all.
    await alsoDo?.(tx);
    return true;
  });
}

/**
 * The landing record's own columns (is_*_displayed, colours), kept in step with the published tree for readers of the
 * record.
 */
async function syncLandingColumns(tx: Transaction, eventId: number, tree: Tree) {
  const own = (section: string, key: string) => {
    const setting = tree[section]?.[key];
    return setting && !setting.useDefault ? String(setting.value) : null;
  };
  const shown = (section: string) => tree[section]?.isVisible?.value !== false;
  await tx
    .update(landing)
    .set({
      is_hero_displayed: shown("heroSection"),
      is_slide_displayed: shown("slidesSection"),
      is_details_displayed: shown("detailsSection"),
      is_countdown_displayed: shown("countdownSection"),
      primary_color: own("global", "primaryColor"),
      accent_color: own("global", "accentColor"),
      secondary_accent_color: own("global", "secondaryAccentColor"),
      light_theme_accent_color: own("global", "lightThemeAccentColor"),
    })
    .where(
      eq(landing.landing_id, sql`(select ${event.landing_id} from ${event} where ${event.event_id} = ${eventId})`),
    );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
