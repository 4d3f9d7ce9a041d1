import { defaultSiteFacts, type SiteFacts } from "#app/content/site-facts.ts";
import { readDocument, saveDocument } from "#app/features/content-documents.server.ts";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import { canonicalJson, staleRevision } from "#app/features/staff/publishing/revisions.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { logger } from "#app/platform/logger.server.ts";
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
      return { facts, revision };
    });
  } catch (error) {
    logger.error({ err: error }, "The site facts could not be read; the pages show the defaults");
    return { facts: defaultSiteFacts, revision: 0 };
  }
}

export type SiteFactsSave = { ok: true; revision: number; message: string } | { ok: false; status: number; message: string };

/** Saves `facts` over revision `shownRevision` and audits which parts changed, in one transaction; refuses a stale save. */
export async function saveSiteFacts(
  db: Database,
  { facts, shownRevision, actor, ipAddress, reset = false }: { facts: SiteFacts; shownRevision: number; actor: AuditActor; ipAddress: string; reset?: boolean },
): Promise<SiteFactsSave> {
  return db.transaction(async (tx) => {
    const before = await readSiteFacts(tx);
    if (before.revision !== shownRevision) return staleRevision("set of site facts");
    const fields = (Object.keys(facts) as (keyof SiteFacts)[])
      .filter((key) => canonicalJson(before.facts[key]) !== canonicalJson(facts[key]))
      .map((key) => (key === "navLabels" ? "navigation labels" : key));
    if (fields.length === 0) return { ok: true, revision: before.revision, message: "Nothing changed, so nothing was saved." };
    const revision = await saveDocument(tx, { type: TYPE, key: KEY, data: facts, shownRevision, actorId: actor.id });
    if (revision === null) return staleRevision("set of site facts");
    await audit(tx, { actor, action: "site-facts-changed", detail: { fields, revision, reset }, ipAddress });
    return {
      ok: true,
      revision,
      message: reset ? "The defaults are back. Every page shows them within seconds." : "Saved. Every page shows the change within seconds.",
    };
  });
}

/** The site facts in force, for a loader: what its page's copy is filled with. */
export async function siteFactsOf(context: Readonly<RouterContextProvider>): Promise<SiteFacts> {
  return (await siteFactsFor(await servicesOf(context))).facts;
}
