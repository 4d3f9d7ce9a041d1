import { defaultSiteFacts, retentionFacts, type SiteFacts } from "#app/content/site-facts.ts";
import { site } from "#app/content/site.ts";
import { and, eq, sql } from "drizzle-orm";
import { readDocument } from "#app/features/content-documents.server.ts";
import { readRetention } from "#app/features/retention/retention.server.ts";
import type { AuditActor } from "#app/features/staff/audit.server.ts";
import { saveContent, type VersionedContent } from "#app/features/staff/publishing/revisions.server.ts";
import { contentDocuments } from "#app/platform/db/schema.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import type { MailCompany } from "#app/platform/email/mail-brand.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { servicesOf } from "#app/services-context.server.ts";
import type { RouterContextProvider } from "react-router";

/*
 * The site facts in force (decision 057): the document an admin saved at
 * /staff/site, or the defaults in code before anyone has.
 */

const TYPE = "site-facts";
const KEY = "site";

export type SiteFactsInForce = { facts: SiteFacts; revision: number; changedAt: Date | null; changedBy: string | null };

/** Stored facts over the defaults: a fact the document lacks (one added to the code since) keeps its default. */
function overDefaults(data: unknown): SiteFacts {
  if (!data || typeof data !== "object") return defaultSiteFacts;
  const stored = data as Partial<SiteFacts>;
  const facts = { ...defaultSiteFacts };
  for (const key of Object.keys(defaultSiteFacts) as (keyof SiteFacts)[]) {
    if (stored[key] !== undefined && key !== "navLabels") Object.assign(facts, { [key]: stored[key] });
  }
  facts.navLabels = { ...defaultSiteFacts.navLabels, ...stored.navLabels };
  return facts;
}

export async function readSiteFacts(db: Database): Promise<SiteFactsInForce> {
  const stored = await readDocument(db, TYPE, KEY);
  return { facts: overDefaults(stored.data), revision: stored.revision, changedAt: stored.changedAt, changedBy: stored.changedBy };
}

/**
 * The facts every public page draws, read once per content version in each
 * process (a save moves it, so every process follows within a second). A
 * database that cannot be read leaves the defaults: a page without them
 * would be worse than a page with the spec's.
 */
export async function siteFactsFor(services: { db: Database; content: Pick<Services["content"], "read"> }): Promise<{ facts: SiteFacts; revision: number }> {
  try {
    return await services.content.read(TYPE, async () => {
      const { facts, revision } = await readSiteFacts(services.db);
      return { facts: { ...facts, retention: retentionFacts((await readRetention(services.db)).periods) }, revision };
    });
  } catch (error) {
    logger.error({ err: error }, "The site facts could not be read; the pages show the defaults");
    return { facts: defaultSiteFacts, revision: 0 };
  }
}

/** The company in every email's footer (decision 067): the address in force when the message goes out. */
export async function mailCompanyOf(services: Parameters<typeof siteFactsFor>[0]): Promise<MailCompany> {
  const { facts } = await siteFactsFor(services);
  return { name: site.name, address: facts.address };
}

/** The one item the site facts are on the content core: there is one set. */
export const SITE_FACTS_ID = 1;

type SiteFactsRow = SiteFactsInForce;

/**
 * The site facts on the content core (decision 059): each save a revision,
 * with a history, a comparison and a restore. They are always public, so a
 * restore waits in the form until an admin saves it. The document's row may
 * not exist (the defaults stand); a transaction-scoped advisory lock stands
 * in for its row lock, so two first saves cannot both pass the stale check.
 */
export const siteFactsContent: VersionedContent<SiteFactsRow, SiteFacts> = {
  type: "site-facts",
  noun: "set of site facts",
  fields: [
    { key: "banner", label: "Announcement banner", kind: "values" },
    { key: "phone", label: "Phone", kind: "values" },
    { key: "whatsapp", label: "WhatsApp", kind: "values" },
    { key: "emails", label: "E-mails", kind: "values" },
    { key: "address", label: "Address", kind: "values" },
    { key: "social", label: "Social profiles", kind: "values" },
    { key: "figures", label: "Trust figures", kind: "values" },
    { key: "trustPoints", label: "Trust points", kind: "values" },
    { key: "navLabels", label: "Navigation labels", kind: "values" },
  ],
  async lock(tx) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content_documents:${TYPE}:${KEY}`}))`);
    return readSiteFacts(tx);
  },
  dataOf: (row) => row.facts,
  isPublic: () => true,
  async writeLive(tx, _id, data, actor) {
    await tx
      .insert(contentDocuments)
      .values({ type: TYPE, key: KEY, data, revision: 1, changedBy: actor.id })
      .onConflictDoUpdate({
        target: [contentDocuments.type, contentDocuments.key],
        set: { data, revision: sql`${contentDocuments.revision} + 1`, changedAt: sql`now()`, changedBy: actor.id },
      });
  },
  async touch(tx) {
    await tx
      .update(contentDocuments)
      .set({ revision: sql`${contentDocuments.revision} + 1` })
      .where(and(eq(contentDocuments.type, TYPE), eq(contentDocuments.key, KEY)));
  },
  edited: "site-facts-changed",
  savedMessage: () => "Saved. Every page shows the change within seconds.",
};

export type SiteFactsSave = { ok: true; revision: number; message: string } | { ok: false; status: number; message: string };

/** Saves `facts` over revision `shownRevision` as the next revision, published, with its audit entry; refuses a stale save. */
export async function saveSiteFacts(
  db: Database,
  { facts, shownRevision, actor, ipAddress, reset = false }: { facts: SiteFacts; shownRevision: number; actor: AuditActor; ipAddress: string; reset?: boolean },
): Promise<SiteFactsSave> {
  const saved = await saveContent(db, siteFactsContent, { id: SITE_FACTS_ID, shownRevision, data: () => facts, publish: true, actor, ipAddress });
  if (!saved.ok) return saved;
  const changed = saved.message !== "Nothing changed, so nothing was saved.";
  const message = reset && changed ? "The defaults are back. Every page shows them within seconds." : saved.message;
  return { ok: true, revision: saved.revision ?? shownRevision, message };
}

/** The site facts in force, for a loader: what its page's copy is filled with. */
export async function siteFactsOf(context: Readonly<RouterContextProvider>): Promise<SiteFacts> {
  return (await siteFactsFor(await servicesOf(context))).facts;
}
