import { buffer } from "node:stream/consumers";
import { and, asc, eq, ilike, isNull } from "drizzle-orm";
import { strToU8, zipSync, type Zippable } from "fflate";
import { appliedFor } from "#app/features/careers/application-stage.ts";
import { anonymiseApplications, deleteFiles } from "#app/features/retention/retention.server.ts";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { inboxStatusChanges, jobApplications, jobs } from "#app/platform/db/schema.server.ts";
import type { FileStorage } from "#app/platform/storage/file-storage.server.ts";
import { sanitizeFileName } from "#app/platform/storage/file-names.server.ts";

/*
 * A candidate's rights on request (decision 077): everything we hold about
 * them as a JSON with their resumes beside it in one zip, and erasure. A
 * candidate is everyone who applied from the same email address, so one
 * request covers each of their applications.
 */

type CandidateServices = { db: Database; storage: FileStorage };

/** The application's address, and every application still holding personal data from it, oldest first. */
async function applicationsOfCandidate(db: Database, id: number) {
  const [first] = await db
    .select({ email: jobApplications.email })
    .from(jobApplications)
    .where(and(eq(jobApplications.id, id), isNull(jobApplications.anonymisedAt)));
  if (!first) return null;
  const rows = await db
    .select({ application: jobApplications, jobTitle: jobs.title })
    .from(jobApplications)
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    // The address with its wildcards escaped: an exact match whatever its case, which the search index serves.
    .where(
      and(
        ilike(
          jobApplications.email,
          first.email.replace(/[\\%_]/g, (c) => `\\${c}`),
        ),
        isNull(jobApplications.anonymisedAt),
      ),
    )
    .orderBy(asc(jobApplications.createdAt), asc(jobApplications.id));
  return { email: first.email, rows };
}

export type CandidateSummary = { email: string; fullName: string; applications: { id: number; reference: string; appliedFor: string; appliedAt: string }[] };

/** Who a request about this application covers, for the page that asks before exporting or erasing; null when it holds no personal data. */
export async function candidateOf(db: Database, id: number): Promise<CandidateSummary | null> {
  const found = await applicationsOfCandidate(db, id);
  if (!found) return null;
  return {
    email: found.email,
    fullName: found.rows.at(-1)?.application.fullName ?? "",
    applications: found.rows.map(({ application: a, jobTitle }) => ({
      id: a.id,
      reference: a.reference,
      appliedFor: appliedFor({ position: a.position, jobTitle }),
      appliedAt: a.createdAt.toISOString(),
    })),
  };
}

/** Said in the export where a resume should be and storage no longer holds it. */
export const MISSING_RESUME_NOTE = "The resume file is no longer in storage, so this export does not contain it.";

export type CandidateExport = { fileName: string; zip: Uint8Array<ArrayBuffer>; applications: number; missingFiles: number };

/** The candidate's data as a zip: `candidate.json` and each resume under `files/`; null when the application holds no personal data. */
export async function exportCandidate(services: CandidateServices, id: number, actor: AuditActor, ipAddress: string): Promise<CandidateExport | null> {
  const found = await applicationsOfCandidate(services.db, id);
  if (!found) return null;
  const files: Zippable = {};
  let missingFiles = 0;
  const applications = [];
  for (const { application: a, jobTitle } of found.rows) {
    const stored = a.resumeKey ? await services.storage.get(a.resumeKey) : null;
    const path = `files/${a.reference}-${sanitizeFileName(a.resumeName)}`;
    // Stored files are compressed already (PDF, DOCX) or small: kept as they are, the zip is quick to make.
    if (stored) files[path] = [new Uint8Array(await buffer(stored.body)), { level: 0 }];
    else missingFiles++;
    const history = await services.db
      .select({ from: inboxStatusChanges.fromStatus, to: inboxStatusChanges.toStatus, at: inboxStatusChanges.createdAt })
      .from(inboxStatusChanges)
      .where(eq(inboxStatusChanges.applicationId, a.id))
      .orderBy(asc(inboxStatusChanges.createdAt));
    applications.push({
      reference: a.reference,
      appliedFor: appliedFor({ position: a.position, jobTitle }),
      appliedAt: a.createdAt.toISOString(),
      stage: a.status,
      fullName: a.fullName,
      email: a.email,
      phone: a.phone,
      portfolioUrl: a.portfolioUrl,
      yearsExperience: a.yearsExperience,
      coverLetter: a.coverLetter,
      answers: a.answers,
      consent: { givenAt: a.consentAt.toISOString(), wording: a.consentVersion },
      keepInMindForFutureRoles: a.futureRolesConsentAt ? { since: a.futureRolesConsentAt.toISOString() } : null,
      howYouFoundUs: a.attribution,
      stageHistory: history.map((change) => ({ from: change.from, to: change.to, at: change.at.toISOString() })),
      resume: {
        name: a.resumeName,
        contentType: a.resumeContentType,
        size: a.resumeSize,
        ...(stored ? { file: path } : { file: null, note: MISSING_RESUME_NOTE }),
      },
    });
  }
  const json = { exportedAt: new Date().toISOString(), email: found.email, applications };
  // A zip fflate makes is over an ArrayBuffer of its own, as a response body needs.
  const zip = zipSync({ "candidate.json": strToU8(`${JSON.stringify(json, null, 2)}\n`), ...files }) as Uint8Array<ArrayBuffer>;
  await audit(services.db, {
    actor,
    action: "candidate-exported",
    target: { type: "application", id },
    detail: { applications: applications.length, missingFiles },
    ipAddress,
  });
  const reference = found.rows.find((row) => row.application.id === id)?.application.reference ?? String(id);
  return { fileName: `candidate-${reference}.zip`, zip, applications: applications.length, missingFiles };
}

/**
 * Erases the candidate on request: each of their applications is anonymised
 * as retention would (the stage, dates, job and source stay for the figures)
 * and their resumes are deleted. Answers how many applications; 0 when there
 * was nothing left to erase.
 */
export async function eraseCandidate(services: CandidateServices, id: number, actor: AuditActor, ipAddress: string): Promise<number> {
  const found = await applicationsOfCandidate(services.db, id);
  if (!found) return 0;
  const ids = found.rows.map((row) => row.application.id);
  const keys = await services.db.transaction(async (tx) => {
    const held = await anonymiseApplications(tx, ids);
    await audit(tx, { actor, action: "candidate-erased", target: { type: "application", id }, detail: { applications: ids.length }, ipAddress });
    return held;
  });
  await deleteFiles(services.storage, keys);
  return ids.length;
}
