import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { applicantStage, appliedFor, type ApplicantStage } from "#app/features/careers/application-stage.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { jobApplications, jobs } from "#app/platform/db/schema.server.ts";

/*
 * The applicant's private status page. The link carries a random token; the
 * database keeps only its SHA-256, so a copy of the database (or a backup)
 * does not open anyone's status page.
 */

/** 32 random bytes in base64url: always 43 characters from this alphabet. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashStatusToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new token for the applicant's link and the hash to store. */
export function newStatusToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashStatusToken(token) };
}

export function statusPageUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/applications/status/${token}`;
}

export type ApplicantView = { reference: string; position: string; receivedAt: string; receivedOn: string; stage: ApplicantStage };

// The day in UTC: the server does not know the applicant's zone, and a date needs no hour.
const dayFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/** What the token's holder may see, or null for a token that is not (or no longer) anyone's. */
export async function applicationForToken(db: Database, token: string): Promise<ApplicantView | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({
      reference: jobApplications.reference,
      position: jobApplications.position,
      jobTitle: jobs.title,
      createdAt: jobApplications.createdAt,
      status: jobApplications.status,
    })
    .from(jobApplications)
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(eq(jobApplications.statusTokenHash, hashStatusToken(token)))
    .limit(1);
  if (!row) return null;
  return {
    reference: row.reference,
    position: appliedFor(row),
    receivedAt: row.createdAt.toISOString(),
    receivedOn: dayFormat.format(row.createdAt),
    stage: applicantStage(row.status),
  };
}
