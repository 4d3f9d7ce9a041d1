import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { data } from "react-router";
import { ATTRIBUTION_VALUE_MAX_LENGTH, NO_SOURCE_FILTER } from "#app/features/attribution/attribution.ts";
import { attributionSourceIs } from "#app/features/attribution/attribution.server.ts";
import { appliedFor } from "#app/features/careers/application-stage.ts";
import { checkStageTemplate, fillStageEmail, isEmailStage, rejectionDueAt } from "#app/features/careers/stage-email-rules.ts";
import { readQueryParameter } from "#app/features/forms/query-params.ts";
import { readBusinessHours } from "#app/features/leads/business-hours.server.ts";
import { dateValue } from "#app/features/staff/figures/period.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import { moveApplication, readStageEmails, type MovePost } from "#app/features/staff/stage-emails/stage-emails.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { applicationStatuses, jobApplications, jobs, parseRecordId, type ApplicationStatus } from "#app/platform/db/schema.server.ts";

/*
 * A job's pipeline board: its applications by stage with how long each has
 * waited there, filtered by source and applied date, the count per source,
 * and moving several at once. Every move goes through the stage emails' move
 * (moveApplication), so the board offers the same email and scheduled
 * rejection as an application's own page.
 */

/** As many applications as one move may carry: a whole column of a large job. */
export const MOVE_MAX_APPLICATIONS = 500;

export type BoardQuery = {
  /** A source as kept (lowercase), NO_SOURCE_FILTER for the applications without one, or null for all. */
  source: string | null;
  /** Applied on or after this day, "2026-11-01", in the reader's time zone. */
  from: string | null;
  /** Applied on or before this day, included. */
  to: string | null;
  /** The filters as an address's query, to keep them through a move. */
  filters: URLSearchParams;
};

function readDay(params: URLSearchParams, name: "from" | "to", label: string): string | null {
  const raw = (params.get(name) ?? "").trim();
  if (raw === "") return null;
  if (dateValue(raw) === null) throw data(`The ${label} date must be a day such as 2026-11-26.`, { status: 400 });
  return raw;
}

/** The board's filters from the address; a date that is no calendar day answers 400. */
export function readBoardQuery(request: Request): BoardQuery {
  const params = new URL(request.url).searchParams;
  const source = (readQueryParameter(params, { name: "source", label: "source", maxLength: ATTRIBUTION_VALUE_MAX_LENGTH }) ?? "").trim().toLowerCase() || null;
  const from = readDay(params, "from", "“applied from”");
  const to = readDay(params, "to", "“applied to”");
  const filters = new URLSearchParams();
  if (source) filters.set("source", source);
  if (from) filters.set("from", from);
  if (to) filters.set("to", to);
  return { source, from, to, filters };
}

function appliedBetween(query: Pick<BoardQuery, "from" | "to">, timeZone: string): SQL[] {
  const where: SQL[] = [];
  if (query.from) where.push(sql`${jobApplications.createdAt} >= (${query.from}::date::timestamp at time zone ${timeZone})`);
  if (query.to) where.push(sql`${jobApplications.createdAt} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})`);
  return where;
}

const sourceOf = sql<string | null>`${jobApplications.attribution} ->> 'source'`;

/**
 * When the application reached the stage it is at: its last status change
 * (every move records one), or when it arrived. One index probe a card; the
 * names are written out because drizzle leaves a column unqualified in a
 * select from one table, which would bind it to the inner table here.
 */
const stageSince =
  sql`coalesce((select max(s.created_at) from inbox_status_changes s where s.application_id = job_applications.id), ${jobApplications.createdAt})`.mapWith(
    jobApplications.createdAt,
  );

export type BoardCard = {
  id: number;
  fullName: string;
  reference: string;
  appliedAt: string;
  source: string | null;
  meetsRequirements: boolean;
  /** Whole days since it reached its stage. */
  daysInStage: number;
};

export type BoardColumn = { stage: ApplicationStatus; cards: BoardCard[] };

const DAY_MS = 86_400_000;

/**
 * The board of one job, or null when there is no such job: every stage with
 * its applications, newest first, after the filters; and the count per source
 * over the same dates (not narrowed by the source chosen, so the others stay
 * in view to switch to).
 */
export async function readBoard(db: Database, jobId: number, query: BoardQuery, timeZone: string, now = new Date()) {
  const dates = appliedBetween(query, timeZone);
  const ofJob = eq(jobApplications.jobId, jobId);
  const fromSource = query.source === NO_SOURCE_FILTER ? sql`${sourceOf} is null` : attributionSourceIs(jobApplications.attribution, query.source);
  const [[job], rows, sources] = await Promise.all([
    db.select({ id: jobs.id, title: jobs.title }).from(jobs).where(eq(jobs.id, jobId)),
    db
      .select({
        id: jobApplications.id,
        fullName: jobApplications.fullName,
        reference: jobApplications.reference,
        createdAt: jobApplications.createdAt,
        status: jobApplications.status,
        source: sourceOf,
        meetsRequirements: jobApplications.meetsRequirements,
        stageSince,
      })
      .from(jobApplications)
      .where(and(ofJob, ...dates, ...(fromSource ? [fromSource] : [])))
      .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id)),
    db
      .select({ source: sourceOf, applications: sql<number>`count(*)::int` })
      .from(jobApplications)
      .where(and(ofJob, ...dates))
      .groupBy(sourceOf)
      .orderBy(desc(sql`count(*)`), sourceOf),
  ]);
  if (!job) return null;
  const columns: BoardColumn[] = applicationStatuses.map((stage) => ({ stage, cards: [] }));
  for (const row of rows) {
    columns[applicationStatuses.indexOf(row.status)]!.cards.push({
      id: row.id,
      fullName: row.fullName,
      reference: row.reference,
      appliedAt: row.createdAt.toISOString(),
      source: row.source,
      meetsRequirements: row.meetsRequirements,
      daysInStage: Math.max(0, Math.floor((now.getTime() - row.stageSince.getTime()) / DAY_MS)),
    });
  }
  return { job, columns, sources, total: rows.length };
}

/** The applications a move names, each as "id" (from the board's checkboxes) or "id:stage" (the stage the recruiter saw). */
function readSelection(values: readonly string[]): { id: number; seen: ApplicationStatus | null }[] | null {
  if (values.length === 0 || values.length > MOVE_MAX_APPLICATIONS) return null;
  const chosen = new Map<number, ApplicationStatus | null>();
  for (const value of values) {
    const [rawId, rawStage] = value.split(":");
    const id = parseRecordId(rawId);
    if (id === null) return null;
    const seen = (applicationStatuses as readonly string[]).find((stage) => stage === rawStage) ?? null;
    if (rawStage !== undefined && seen === null) return null;
    chosen.set(id, seen as ApplicationStatus | null);
  }
  return [...chosen].map(([id, seen]) => ({ id, seen }));
}

/** The selected applications of this job, as a move and its email need them. */
async function selectedOf(db: Database, jobId: number, ids: number[]) {
  const rows = await db
    .select({
      id: jobApplications.id,
      fullName: jobApplications.fullName,
      reference: jobApplications.reference,
      email: jobApplications.email,
      status: jobApplications.status,
      position: jobApplications.position,
      jobTitle: jobs.title,
    })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(and(eq(jobApplications.jobId, jobId), inArray(jobApplications.id, ids)))
    .orderBy(jobApplications.fullName, jobApplications.id);
  return rows.map((row) => ({ ...row, appliedFor: appliedFor(row) }));
}

const SELECTION_REFUSED = "Choose at least one application on the board, and a stage to move them to.";

/**
 * What the board's move page shows: the chosen applications not yet at the
 * stage, and the stage's email, filled in for one candidate or, for several,
 * with its placeholders, filled in for each as it goes.
 */
export async function boardMoveDraft(db: Database, jobId: number, selected: readonly string[], to: string) {
  const selection = readSelection(selected);
  const stage = (applicationStatuses as readonly string[]).includes(to) ? (to as ApplicationStatus) : null;
  if (!selection || !stage) return { ok: false as const, message: SELECTION_REFUSED };
  const chosen = await selectedOf(
    db,
    jobId,
    selection.map((s) => s.id),
  );
  const moving = chosen.filter((a) => a.status !== stage);
  const setting = isEmailStage(stage) ? (await readStageEmails(db)).find((s) => s.stage === stage)! : null;
  const only = moving.length === 1 ? moving[0]! : null;
  const draft = setting && only ? fillStageEmail(setting, { name: only.fullName, job: only.appliedFor, reference: only.reference }) : setting;
  return {
    ok: true as const,
    to: stage,
    moving: moving.map((a) => ({ id: a.id, fullName: a.fullName, reference: a.reference, email: a.email, status: a.status })),
    alreadyThere: chosen.length - moving.length,
    offersEmail: setting?.sendsEmail ?? false,
    draft: draft ? { subject: draft.subject, body: draft.body } : null,
    scheduledAt: stage === "rejected" ? rejectionDueAt(new Date(), await readBusinessHours(db)).toISOString() : null,
  };
}

export type BoardMovePost = Omit<MovePost, "from"> & { applications: readonly string[] };

export type BoardMoveResult =
  | {
      ok: true;
      moved: number;
      outboxIds: number[];
      scheduled: number;
      /** Each application the move could not take, with why (moved by someone else meanwhile, gone). */
      refused: { fullName: string; reference: string; message: string }[];
    }
  | { ok: false; status: number; field: string; message: string };

type MoveServices = Parameters<typeof moveApplication>[0];

/**
 * Moves each chosen application of the job from the stage the recruiter saw,
 * one by one through moveApplication, with the email (its placeholders filled
 * in for each candidate) or none, now or scheduled. A repost of the same
 * confirmation (its one-time key, one per application) sends no email twice,
 * and an application already where it was sent counts as moved.
 */
export async function moveFromBoard(
  services: MoveServices,
  jobId: number,
  posted: BoardMovePost,
  user: StaffUser,
  ipAddress: string,
): Promise<BoardMoveResult> {
  const selection = readSelection(posted.applications);
  if (!selection || selection.some((s) => s.seen === null)) return { ok: false, status: 400, field: "to", message: SELECTION_REFUSED };
  let template = null;
  if (posted.email === "send") {
    const checked = checkStageTemplate(posted);
    if (!checked.ok) return { ok: false, status: 400, field: checked.field, message: checked.message };
    template = checked.value;
  }
  const seen = new Map(selection.map((s) => [s.id, s.seen!]));
  const result = {
    ok: true as const,
    moved: 0,
    outboxIds: [] as number[],
    scheduled: 0,
    refused: [] as { fullName: string; reference: string; message: string }[],
  };
  for (const application of await selectedOf(
    services.db,
    jobId,
    selection.map((s) => s.id),
  )) {
    const email = template ? fillStageEmail(template, { name: application.fullName, job: application.appliedFor, reference: application.reference }) : {};
    const move = await moveApplication(
      services,
      application.id,
      { ...posted, ...email, from: seen.get(application.id), idempotencyKey: posted.idempotencyKey && `${posted.idempotencyKey}:${application.id}` },
      user,
      ipAddress,
    );
    if (move.ok) {
      result.moved++;
      if (move.outboxId !== null) result.outboxIds.push(move.outboxId);
      if (move.scheduledAt) result.scheduled++;
    } else if (move.status === 400) {
      return { ok: false, status: 400, field: move.field, message: move.message };
    } else if (move.current === posted.to) {
      result.moved++;
    } else {
      result.refused.push({ fullName: application.fullName, reference: application.reference, message: move.message });
    }
  }
  return result;
}
