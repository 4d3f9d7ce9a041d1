import { data, redirect, type RouterContextProvider } from "react-router";
import type { Database } from "#app/platform/db/client.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { cachePageFor, PUBLISHED_CONTENT } from "#app/platform/page-cache.ts";
import type { Services } from "#app/platform/services.server.ts";
import { servicesOf } from "#app/services-context.server.ts";
import { pageUrl } from "#app/platform/page-url.ts";

/*
 * What the public page of one published record (a job, an insight) does
 * before it draws anything: find the record its address names, and say how
 * long the answer may be kept.
 */

/** A failed read's answer: React Router hands the page's `headers` a thrown answer's headers only when it has some. */
const NOT_KEPT = "private, no-store";

/** What an item's address may be: its number, or a slug (decision 060). */
const ADDRESS = /^[A-Za-z0-9-]{1,80}$/;

/**
 * The record the address names (its number or its slug), read through the
 * published reads (kept until published content changes, decision 023). Null
 * when the address cannot name a record (the database is not asked) or there
 * is no such record: each page answers "not found" in its own way. A failed read is logged with its cause
 * and answered 503 with the page's own sentence, never the database's words.
 */
export async function readPublishedRecord<Row>(
  { params, context }: { params: { id?: string }; context: Readonly<RouterContextProvider> },
  record: { kind: "job" | "insight"; read: (db: Database, address: string) => Promise<Row | null>; loadFailed: string },
): Promise<{ row: Row; services: Services } | null> {
  const address = params.id?.toLowerCase();
  if (address === undefined || !ADDRESS.test(address)) return null;
  const services = await servicesOf(context);
  const key = `${record.kind}:${address}`;
  let row: Row | null;
  try {
    row = await services.content.read(key, () => record.read(services.db, address));
  } catch (error) {
    logger.error({ err: error, record: key }, "Could not load a published record");
    throw data({ message: record.loadFailed }, { status: 503, headers: { "Cache-Control": NOT_KEPT } });
  }
  return row ? { row, services } : null;
}

/**
 * A record reached at an address other than its own (its number once it has
 * a slug, or its slug in capitals) moves there for good, so search engines
 * keep one address per page and old links by number still arrive.
 */
export function atOwnAddress(request: Request, path: string): void {
  const url = pageUrl(request);
  if (url.pathname !== path) throw redirect(`${path}${url.search}`, { status: 301 });
}

const cacheable = cachePageFor(300, PUBLISHED_CONTENT);

/**
 * The page's `headers`: the same for every visitor, so the server and a CDN
 * may keep it (publishing and editing empty the server's page cache of every
 * process at once, decision 011; the server keeps only 200 answers). A thrown
 * answer that carries headers of its own keeps them: the 503 of a failed read
 * is kept by no cache, so the page is back as soon as the database is.
 */
export function publishedPageHeaders({ errorHeaders }: { errorHeaders: Headers | undefined }) {
  return errorHeaders ?? cacheable();
}
