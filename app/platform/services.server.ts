import { startContentWatch, type ContentWatch, type NextScheduledChange } from "#app/platform/content-watch.server.ts";
import { createPublishedReads, type PublishedReads } from "#app/platform/published-reads.server.ts";
import { openDatabase, type Database, type DatabaseDriver } from "#app/platform/db/client.server.ts";
import { seedDemoContent } from "#app/platform/db/demo-content.server.ts";
import { startListIndexes } from "#app/platform/db/list-indexes.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { enqueue, startOutboxWorker, type AttemptResult, type OutboxMessage, type OutboxWorkerOptions } from "#app/platform/email/outbox.server.ts";
import type { MailTemplateName, MailTemplates, RegisteredMailTemplates, RenderedMail } from "#app/platform/email/templates.server.ts";
import { frameMail } from "#app/platform/email/branded-layout.server.tsx";
import type { MailTransport } from "#app/platform/email/transport.server.ts";
import { createMailTransport } from "#app/platform/email/transports.server.ts";
import { defaultMailCompany, mailSenders, type MailCompany } from "#app/platform/email/mail-brand.server.ts";
import { pruneRateLimits } from "#app/platform/rate-limit.server.ts";
import { createStorage, type FileStorage } from "#app/platform/storage/storage.server.ts";

/** Checks each message against the templates it was given; plain `Outbox` means the app's registered ones. */
export type Outbox<Templates extends MailTemplates = RegisteredMailTemplates> = {
  /** Writes a message inside the caller's transaction (`db.transaction(async (tx) => ...)`). */
  enqueue<Name extends MailTemplateName<Templates>>(tx: Database, message: OutboxMessage<Templates, Name>): Promise<number>;
  /** After commit: the first delivery attempt right away, answered within timeoutMs. */
  attemptNow(id: number, timeoutMs: number): Promise<AttemptResult>;
  /** After commit: deliver soon without waiting for the next poll. */
  nudge(): void;
  /** A rendered message as the worker would send it now: its From and its framed HTML and text parts. */
  frame(mail: RenderedMail): Promise<{ from: string; html: string; text: string }>;
};

export type Services<Templates extends MailTemplates = RegisteredMailTemplates> = {
  env: Env;
  db: Database;
  dbDriver: DatabaseDriver;
  storage: FileStorage;
  mailTransport: MailTransport;
  outbox: Outbox<Templates>;
  /**
   * Published content changed, here or in another process: listeners (the page cache) hear it within a second.
   * `read` keeps a read of published content until then (decision 023).
   */
  content: Pick<ContentWatch, "subscribe" | "nudge"> & { read: PublishedReads };
  /**
   * Stops the content watch and the outbox worker, waiting at most `waitMs` for sends in
   * flight (a stuck mail server must not keep the database open), then closes the database.
   */
  close(options?: { waitMs?: number }): Promise<void>;
};

export type ServicesOptions<Templates extends MailTemplates> = {
  /** Every email the app sends, by the name the outbox stores. */
  mailTemplates: Templates;
  /** Overrides for tests: a transport, faster polling or backoff. */
  mailTransport?: MailTransport;
  worker?: Partial<Pick<OutboxWorkerOptions, "pollIntervalMs" | "batchSize" | "leaseMs" | "backoffMs" | "webhookTimeoutMs">>;
  /** When content changes by the clock (a closing date, a scheduled insight): the app's features know. */
  nextScheduledChange?: NextScheduledChange;
  /** The app's own hourly chores (e.g. sweeping uploads no submission kept), after the platform's. */
  housekeeping?: readonly HousekeepingTask[];
  /** How often the chores run; tests shorten it. */
  housekeepingIntervalMs?: number;
  /** The app's frequent jobs (e.g. the overdue-lead sweep), each on its own interval. */
  periodic?: readonly PeriodicTask<Templates>[];
  /** The company's name and address in every message's footer, as the site facts say when it goes out; the defaults in code without it. */
  mailCompany?: (services: { db: Database; content: { read: PublishedReads } }) => Promise<MailCompany>;
};

/**
 * A job each process runs every intervalMs, the next run timed from the end of
 * the last (runs never overlap); a failure is logged and tried again next time.
 * Work that must happen once across processes claims it in the database.
 */
export type PeriodicTask<Templates extends MailTemplates = RegisteredMailTemplates> = {
  name: string;
  intervalMs: number;
  run(services: { db: Database; outbox: Outbox<Templates>; env: Env }): Promise<unknown>;
};

/** A chore each process runs every HOUSEKEEPING_INTERVAL_MS; a failure is logged and tried again next time. */
export type HousekeepingTask = {
  name: string;
  run(services: { db: Database; storage: FileStorage }): Promise<unknown>;
};

const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
const HOUSEKEEPING_FIRST_ROUND_MS = 5 * 60_000;

// A sliding window reads the window before the current one: keep two days for the daily limits.
const RATE_LIMIT_RETENTION_MS = 2 * 24 * 60 * 60_000;

const DEFAULT_CLOSE_WAIT_MS = 5_000;

/** True when `work` settles within `ms`, false when the time ran out first (the work goes on unwatched). */
async function within(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = work.then(
    () => true,
    (error: unknown) => {
      logger.warn({ err: error }, "Stopping the mail worker failed");
      return true;
    },
  );
  try {
    return await Promise.race([settled, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs the task soon after start and then every intervalMs; `stop` ends the timer and waits for a run in flight. */
function startPeriodic<Templates extends MailTemplates>(task: PeriodicTask<Templates>, services: Parameters<PeriodicTask<Templates>["run"]>[0]) {
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      running = task
        .run(services)
        .then(
          () => undefined,
          (error: unknown) => logger.warn({ err: error, task: task.name }, `Could not ${task.name}`),
        )
        .finally(() => {
          running = undefined;
          if (!stopped) schedule(task.intervalMs);
        });
    }, ms);
    timer.unref();
  };
  // A short first wait: a process restarted often still runs it, and start-up is not slowed.
  schedule(Math.min(task.intervalMs, 1_000));
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Everything a request needs, opened once per process by the server entry. */
export async function openServices<Templates extends MailTemplates>(env: Env, options: ServicesOptions<Templates>): Promise<Services<Templates>> {
  const database = await openDatabase(env);
  try {
    const listIndexes = await startListIndexes(database, env.DATABASE_URL);
    if (env.DEMO_CONTENT) {
      const added = await seedDemoContent(database.db);
      if (added.jobs + added.insights > 0) logger.info(added, "Added demo jobs and insights to the new database");
    }
    const storage = createStorage(env);
    const mailTransport = options.mailTransport ?? createMailTransport(env, options.mailTemplates);
    const contentWatch = startContentWatch({ db: database.db, nextScheduledChange: options.nextScheduledChange });
    const publishedReads = createPublishedReads(contentWatch);
    const mailCompany = options.mailCompany;
    const senders = mailSenders(env);
    const brand = async () => ({
      siteUrl: env.SITE_URL,
      company: mailCompany ? await mailCompany({ db: database.db, content: { read: publishedReads } }) : defaultMailCompany,
    });
    const worker = startOutboxWorker({
      db: database.db,
      templates: options.mailTemplates,
      transport: mailTransport,
      from: env.MAIL_FROM,
      senders,
      brand,
      maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
      ...options.worker,
    });
    const chores: readonly HousekeepingTask[] = [
      { name: "prune old rate-limit windows", run: ({ db }) => pruneRateLimits(db, new Date(Date.now() - RATE_LIMIT_RETENTION_MS)) },
      ...(options.housekeeping ?? []),
    ];
    let housekeeping: Promise<void> | undefined;
    const keepHouse = () => {
      housekeeping ??= (async () => {
        for (const chore of chores) {
          await chore.run({ db: database.db, storage }).catch((error: unknown) => logger.warn({ err: error, chore: chore.name }, `Could not ${chore.name}`));
        }
      })().finally(() => (housekeeping = undefined));
    };
    const interval = options.housekeepingIntervalMs ?? HOUSEKEEPING_INTERVAL_MS;
    // The first round soon after start, so processes replaced more often than hourly still do their chores.
    const firstRound = setTimeout(keepHouse, Math.min(interval, HOUSEKEEPING_FIRST_ROUND_MS));
    const housekeeper = setInterval(keepHouse, interval);
    firstRound.unref();
    housekeeper.unref();

    const outbox: Outbox<Templates> = {
      enqueue: (tx, message) => enqueue(options.mailTemplates, tx, message),
      attemptNow: worker.attemptNow,
      nudge: worker.nudge,
      frame: async (mail) => frameMail(mail, { from: env.MAIL_FROM, senders, brand: await brand() }),
    };
    const periodicJobs = (options.periodic ?? []).map((task) => startPeriodic(task, { db: database.db, outbox, env }));

    let closing: Promise<void> | undefined;
    return {
      env,
      db: database.db,
      dbDriver: database.driver,
      storage,
      mailTransport,
      outbox,
      content: { subscribe: contentWatch.subscribe, nudge: contentWatch.nudge, read: publishedReads },
      close({ waitMs = DEFAULT_CLOSE_WAIT_MS } = {}) {
        closing ??= (async () => {
          clearTimeout(firstRound);
          clearInterval(housekeeper);
          // A send still running after the wait keeps its lease; once the lease runs out, another process (or the next start) retries it.
          const stopped = await within(
            waitMs,
            Promise.all([contentWatch.stop(), ...periodicJobs.map((job) => job.stop()), worker.stop().then(() => mailTransport.close?.()), housekeeping]),
          );
          if (!stopped) logger.warn({ waitMs }, "The mail worker did not stop in time; closing the database anyway");
          await listIndexes.stop();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
