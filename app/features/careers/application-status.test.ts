import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";
import { applicantStage, appliedFor } from "#app/features/careers/application-stage.ts";
import { applicationForToken, hashStatusToken, newStatusToken, statusPageUrl } from "#app/features/careers/application-status.server.ts";
import { applicationStatuses, jobApplications, jobs } from "#app/platform/db/schema.server.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

test("each staff status reads as the applicant's stage; hired and an offer read apart from not selected", () => {
  expect(Object.fromEntries(applicationStatuses.map((status) => [status, applicantStage(status).label]))).toEqual({
    new: "Received",
    screening: "Under review",
    interview: "Interviewing",
    offer: "Offer made",
    hired: "Hired",
    rejected: "Not selected",
  });
  for (const status of applicationStatuses) expect(applicantStage(status).sentence).toMatch(/^[A-Z].+[.!]$/);
  expect(applicantStage("rejected").sentence).toMatch(/^Thank you/);
});

test("the position is what the applicant wrote, else the job's title, else a general application", () => {
  expect(appliedFor({ position: "Backend engineer", jobTitle: "Backend Engineer" })).toBe("Backend engineer");
  expect(appliedFor({ position: null, jobTitle: "Backend Engineer" })).toBe("Backend Engineer");
  expect(appliedFor({ position: null, jobTitle: null })).toBe("General application");
});

test("a token is 32 random bytes in base64url and its hash is its SHA-256", () => {
  const first = newStatusToken();
  const second = newStatusToken();
  expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(Buffer.from(first.token, "base64url")).toHaveLength(32);
  expect(first.hash).toBe(hashStatusToken(first.token));
  expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
  expect(second.token).not.toBe(first.token);
  expect(statusPageUrl("https://example.com", first.token)).toBe(`https://example.com/applications/status/${first.token}`);
});

const application = (values: Partial<typeof jobApplications.$inferInsert> & { reference: string }) => ({
  fullName: "Asha Verma",
  email: "asha@example.com",
  phone: "+91 98100 00000",
  resumeKey: `careers/${values.reference}.pdf`,
  resumeName: "cv.pdf",
  resumeContentType: "application/pdf",
  resumeSize: 100,
  consentAt: new Date("2026-03-04T10:00:00Z"),
  consentVersion: "careers-2026-01",
  createdAt: new Date("2026-03-04T10:00:00Z"),
  ...values,
});

for (const driver of await featureDrivers()) {
  test(`the status page finds an application by its token's hash, never by the raw token, and not once it is erased (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const [job] = await db.insert(jobs).values({ title: "Platform Engineer" }).returning({ id: jobs.id });
      const { token, hash } = newStatusToken();
      await db
        .insert(jobApplications)
        .values(application({ reference: "APP-2026-AAAAAA", jobId: job!.id, position: null, statusTokenHash: hash, status: "interview" }));
      // A row that stored a token in the clear must not open with it.
      const careless = newStatusToken().token;
      await db.insert(jobApplications).values(application({ reference: "APP-2026-BBBBBB", statusTokenHash: careless }));

      expect(await applicationForToken(db, token)).toEqual({
        reference: "APP-2026-AAAAAA",
        position: "Platform Engineer",
        receivedAt: "2026-03-04T10:00:00.000Z",
        receivedOn: "4 March 2026",
        stage: applicantStage("interview"),
      });
      expect(await applicationForToken(db, careless)).toBeNull();
      expect(await applicationForToken(db, hash)).toBeNull();
      expect(await applicationForToken(db, newStatusToken().token)).toBeNull();
      expect(await applicationForToken(db, `${token}x`)).toBeNull();
      expect(await applicationForToken(db, "")).toBeNull();

      await db.delete(jobApplications).where(eq(jobApplications.reference, "APP-2026-AAAAAA"));
      expect(await applicationForToken(db, token)).toBeNull();
    } finally {
      await database.dispose();
    }
  });
}
