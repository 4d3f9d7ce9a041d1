import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { rowsOf, type Database, type DatabaseDriver } from "#app/platform/db/client.server.ts";
import { FIGURES_ROW_TEXT_BYTES, FIGURES_ROW_TEXT_BYTES_LIMIT } from "#app/platform/db/schema.server.ts";
import { logger } from "#app/platform/logger.server.ts";

/*
 * The staff lists' indexes (decision 035): each list's order (time, id), each
 * filter before that order, and a trigram index over the searched columns.
 * schema.server.ts declares them; they are built here rather than in a
 * migration because the migrator runs every migration inside one transaction,
 * and on a PostgreSQL server an index must be built CONCURRENTLY (which cannot
 * run in a transaction) so that writers carry on while it reads a large
 * table. PGlite has no other writer and builds them plainly.
 *
 * A server process on PostgreSQL builds them in the background: at a million
 * rows the trigram indexes take minutes, and the site must not wait for them
 * (until they exist, the lists use the plans they had before). Stopping the
 * process cancels a build; the invalid index that leaves is dropped and built
 * again at the next start.
 */

export type ListIndex = { name: string; on: string };

export const listIndexes: readonly ListIndex[] = [
  { name: "consultations_list_idx", on: `"consultations" USING btree ("submitted_at", "id")` },
  { name: "consultations_source_list_idx", on: `"consultations" USING btree (("attribution" ->> 'source'), "submitted_at", "id")` },
  { name: "consultations_status_list_idx", on: `"consultations" USING btree ("status", "submitted_at", "id")` },
  // A spam or lost lead is owed no response: it sorts with the answered ones (lead-clock.ts).
  {
    name: "consultations_urgent_open_idx",
    on: `"consultations" USING btree (("first_response_at" is not null or "status" in ('spam', 'lost')), "due_at", "id")`,
  },
  {
    name: "consultations_waiting_open_idx",
    on: `"consultations" USING btree (("first_response_at" is not null or "status" in ('spam', 'lost')), "submitted_at", "id")`,
  },
  // The overdue sweep's claim (decision 041): only waiting leads not yet alerted.
  {
    name: "consultations_overdue_sweep_idx",
    on: `"consultations" USING btree ("due_at", "id") WHERE "first_response_at" is null and "overdue_alerted_at" is null and "status" not in ('spam', 'lost')`,
  },
  // "Mine", "Unassigned" (null sorts in it too) and "By owner".
  { name: "consultations_owner_list_idx", on: `"consultations" USING btree ("owner_id", "submitted_at", "id")` },
  // The lead figures (decision 047): a period's leads with all the figures read, so the period is an index-only scan;
  // the rows too long for it in an index of their own.
  {
    name: "consultations_figures_idx",
    on: `"consultations" USING btree ("submitted_at", "id", "status", "owner_id", "country", "first_response_at", "first_response_business_minutes", "due_at", "attribution_source", "attribution_medium", "attribution_campaign", "attribution_landing_page") WHERE "status" <> 'spam' and ${FIGURES_ROW_TEXT_BYTES} <= ${FIGURES_ROW_TEXT_BYTES_LIMIT}`,
  },
  {
    name: "consultations_figures_long_idx",
    on: `"consultations" USING btree ("submitted_at") WHERE "status" <> 'spam' and ${FIGURES_ROW_TEXT_BYTES} > ${FIGURES_ROW_TEXT_BYTES_LIMIT}`,
  },
  {
    name: "consultations_search_idx",
    on: `"consultations" USING gin ("full_name" gin_trgm_ops, "email" gin_trgm_ops, "project_brief" gin_trgm_ops)`,
  },
  // The lead figures (decision 043): moves to qualified or won since a period began, read from the index alone.
  {
    name: "inbox_status_changes_reached_idx",
    on: `"inbox_status_changes" USING btree ("created_at", "consultation_id", "to_status") WHERE "to_status" in ('qualified', 'won')`,
  },
  { name: "newsletter_subscriptions_list_idx", on: `"newsletter_subscriptions" USING btree ("timestamp", "id")` },
  { name: "newsletter_subscriptions_source_list_idx", on: `"newsletter_subscriptions" USING btree (("attribution" ->> 'source'), "timestamp", "id")` },
  { name: "newsletter_subscriptions_search_idx", on: `"newsletter_subscriptions" USING gin ("email" gin_trgm_ops)` },
  { name: "job_applications_list_idx", on: `"job_applications" USING btree ("created_at", "id")` },
  { name: "job_applications_status_list_idx", on: `"job_applications" USING btree ("status", "created_at", "id")` },
  { name: "job_applications_source_list_idx", on: `"job_applications" USING btree (("attribution" ->> 'source'), "created_at", "id")` },
  { name: "job_applications_job_list_idx", on: `"job_applications" USING btree ("job_id", "created_at", "id")` },
  {
    name: "job_applications_search_idx",
    on: `"job_applications" USING gin ("full_name" gin_trgm_ops, "email" gin_trgm_ops, "reference" gin_trgm_ops, "position" gin_trgm_ops)`,
  },
  { name: "event_registrations_list_idx", on: `"event_registrations" USING btree ("created_at", "id")` },
  { name: "event_registrations_status_list_idx", on: `"event_registrations" USING btree ("status", "created_at", "id")` },
  { name: "event_registrations_source_list_idx", on: `"event_registrations" USING btree (("attribution" ->> 'source'), "created_at", "id")` },
  {
    name: "event_registrations_search_idx",
    on: `"event_registrations" USING gin ("full_name" gin_trgm_ops, "email" gin_trgm_ops, "company" gin_trgm_ops, "reference" gin_trgm_ops)`,
  },
  { name: "audit_log_list_idx", on: `"audit_log" USING btree ("at", "id")` },
  { name: "audit_log_action_list_idx", on: `"audit_log" USING btree ("action", "at", "id")` },
  { name: "audit_log_actor_idx", on: `"audit_log" USING btree ("actor_id")` },
  { name: "audit_log_search_idx", on: `"audit_log" USING gin ("actor_email" gin_trgm_ops)` },
  { name: "outbox_list_idx", on: `"outbox" USING btree ("created_at", "id")` },
  { name: "outbox_status_list_idx", on: `"outbox" USING btree ("status", "created_at", "id")` },
  { name: "outbox_search_idx", on: `"outbox" USING gin ("to_address" gin_trgm_ops)` },
  { name: "job_list_idx", on: `"job" USING btree ("changed_at", "id")` },
  { name: "job_search_idx", on: `"job" USING gin ("title" gin_trgm_ops, "department" gin_trgm_ops)` },
  { name: "FeaturedInsights_list_idx", on: `"FeaturedInsights" USING btree ("changed_at", "id")` },
  { name: "FeaturedInsights_search_idx", on: `"FeaturedInsights" USING gin ("title" gin_trgm_ops, "category" gin_trgm_ops, "authorName" gin_trgm_ops)` },
];

/** Earlier indexes that one above now serves (as its leading columns); dropped once their replacements exist. */
export const replacedIndexes: readonly string[] = [
  "consultations_status_submitted_idx",
  "consultations_urgent_idx",
  "consultations_waiting_idx",
  "job_applications_job_id_idx",
  "job_applications_status_created_idx",
  "audit_log_at_idx",
  "audit_log_action_idx",
  "job_changed_at_idx",
  "FeaturedInsights_changed_at_idx",
];

/** Any fixed number other than the migrations' own: one process builds at a time. */
const INDEX_LOCK_KEY = 727_002;
const LOCK_POLL_MS = 250;

export type BuiltIndex = { name: string; ms: number };

type Run = (query: SQL) => Promise<Record<string, unknown>[]>;

const dialect = new PgDialect();

/**
 * Starts building what is missing: on PGlite before it answers, on PostgreSQL
 * in the background. `stop` cancels a build still running and waits for it.
 */
export async function startListIndexes(database: { db: Database; driver: DatabaseDriver }, url?: string): Promise<{ stop(): Promise<void> }> {
  if (database.driver === "pglite") {
    await buildListIndexes(database);
    return { stop: async () => undefined };
  }
  const cancel = new AbortController();
  const building = buildListIndexes(database, url, cancel.signal).then(
    () => undefined,
    (error: unknown) => {
      if (!cancel.signal.aborted) logger.error({ err: error }, "Could not build the staff lists' indexes; the next start tries again");
    },
  );
  return {
    async stop() {
      cancel.abort();
      await building;
    },
  };
}

/**
 * Builds the list indexes the database lacks and drops the ones they replace;
 * answers what it built and how long each took. `url` is the PostgreSQL
 * server's (DATABASE_URL), unused on PGlite.
 */
export async function buildListIndexes(database: { db: Database; driver: DatabaseDriver }, url?: string, signal?: AbortSignal): Promise<BuiltIndex[]> {
  if (database.driver === "pglite") {
    const run: Run = async (query) => rowsOf<Record<string, unknown>>(await database.db.execute(query));
    return (await upToDate(run)) ? [] : build(run, "", signal);
  }
  if (!url) throw new Error("Building the list indexes on PostgreSQL needs the server's address.");
  // A connection of its own: outside any transaction (CONCURRENTLY requires it), holding the lock for its session.
  const client = new pg.Client({ connectionString: url });
  client.on("error", (error) => logger.warn({ err: error }, "PostgreSQL connection lost while building the list indexes"));
  await client.connect();
  const run: Run = async (query) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await client.query(text, params)).rows as Record<string, unknown>[];
  };
  let cancelRunning = () => undefined;
  try {
    // The statement running when the build is stopped is cancelled from a connection of the pool.
    const [{ pid }] = (await run(sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
    cancelRunning = () => void database.db.execute(sql`select pg_cancel_backend(${pid})`).catch(() => undefined);
    signal?.addEventListener("abort", cancelRunning, { once: true });
    if (await upToDate(run)) return [];
    // Polled rather than waited for: a session blocked on the lock would hold a snapshot that the
    // other process's concurrent build waits for in turn.
    while (!(await run(sql`select pg_try_advisory_lock(${INDEX_LOCK_KEY}) as locked`))[0]!.locked) {
      if (signal?.aborted) return [];
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    try {
      return await build(run, " CONCURRENTLY", signal);
    } finally {
      await run(sql`select pg_advisory_unlock(${INDEX_LOCK_KEY})`);
    }
  } finally {
    signal?.removeEventListener("abort", cancelRunning);
    await client.end().catch(() => undefined);
  }
}

/** Whether an index by that name exists, and whether it is valid (a failed concurrent build leaves an invalid one). */
async function stateOf(run: Run, name: string): Promise<"valid" | "invalid" | "missing"> {
  const [row] = await run(sql`select indisvalid as valid from pg_index where indexrelid = to_regclass(quote_ident(${name}))`);
  if (!row) return "missing";
  return row.valid ? "valid" : "invalid";
}

async function upToDate(run: Run): Promise<boolean> {
  const names = (list: readonly string[]) =>
    sql.join(
      list.map((name) => sql`${name}`),
      sql`, `,
    );
  const [row] = await run(sql`
    select count(*) filter (where i.indisvalid and c.relname in (${names(listIndexes.map((index) => index.name))}))::int as built,
           count(*) filter (where c.relname in (${names(replacedIndexes)}))::int as replaced
      from pg_class c join pg_index i on i.indexrelid = c.oid
     where c.relnamespace = current_schema()::regnamespace`);
  return row!.built === listIndexes.length && row!.replaced === 0;
}

async function build(run: Run, concurrently: string, signal?: AbortSignal): Promise<BuiltIndex[]> {
  const built: BuiltIndex[] = [];
  for (const index of listIndexes) {
    if (signal?.aborted) return built;
    const state = await stateOf(run, index.name);
    if (state === "valid") continue;
    if (state === "invalid") await run(sql.raw(`DROP INDEX${concurrently} IF EXISTS "${index.name}"`));
    const started = performance.now();
    await run(sql.raw(`CREATE INDEX${concurrently} IF NOT EXISTS "${index.name}" ON ${index.on}`));
    const ms = Math.round(performance.now() - started);
    logger.info({ index: index.name, ms }, "Built a list index");
    built.push({ name: index.name, ms });
  }
  if (signal?.aborted) return built;
  for (const name of replacedIndexes) await run(sql.raw(`DROP INDEX${concurrently} IF EXISTS "${name}"`));
  return built;
}
