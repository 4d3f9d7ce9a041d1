import { createHmac } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { expect, test, vi } from "vitest";
import { keepApplication, renewalFor } from "#app/features/retention/consent-renewal.server.ts";
import { renewalToken } from "#app/features/retention/renewal-link.server.ts";
import { candidateOf, eraseCandidate, exportCandidate, MISSING_RESUME_NOTE } from "#app/features/retention/candidate-data.server.ts";
import { DEFAULT_RETENTION_PERIODS, readRetentionForm, RENEWAL_NOTICE_DAYS } from "#app/features/retention/retention-periods.ts";
import { ANONYMISED_NAME, applyRetention, readRetention, saveRetention, type BatchTiming } from "#app/features/retention/retention.server.ts";
import {
  auditLog,
  consultationAttachments,
  consultations,
  inboxNotes,
  inboxStatusChanges,
  jobApplications,
  jobs,
  outbox,
  staffUsers,
} from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { siteSecret } from "#app/platform/site-secret.server.ts";
import { resumeKey, consultationKey } from "#app/platform/storage/file-names.server.ts";
import { featureDrivers } from "#tests/support/databases.ts";
import { withTestServices } from "#tests/support/services.ts";

vi.setConfig({ testTimeout: 90_000 });

const DAY_MS = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

function withServices(run: (services: Services) => Promise<void>) {
  return async () => {
    for (const driver of await featureDrivers()) {
      await withTestServices(driver, { SITE_URL: "https://www.example.com" }, run);
    }
  };
}

async function admin(services: Services) {
  const id = "retention-admin";
  await services.db.insert(staffUsers).values({ id, name: "Ada Admin", email: "ada@kraf.example", roles: ["admin"] });
  return { id, email: "ada@kraf.example" };
}

let sequence = 0;
/** An application with its resume in storage. */
async function apply(services: Services, values: { jobId: number | null; email: string; createdAt: Date; futureRoles?: boolean }) {
  sequence++;
  const key = resumeKey(values.createdAt.getTime() + sequence, `cv-${sequence}.pdf`);
  await services.storage.put(key, new TextEncoder().encode(`%PDF-1.4 resume ${sequence}`), { contentType: "application/pdf" });
  const [row] = await services.db
    .insert(jobApplications)
    .values({
      jobId: values.jobId,
      position: null,
      fullName: `Candidate ${sequence}`,
      email: values.email,
      phone: "+91 98100 00000",
      resumeKey: key,
      resumeName: `cv-${sequence}.pdf`,
      resumeContentType: "application/pdf",
      resumeSize: 20,
      coverLetter: "I would like to build your APIs.",
      answers: [{ question: "Can you start in a month?", type: "yes-no", answer: "Yes", knockout: false }],
      consentAt: values.createdAt,
      consentVersion: "careers-2026-01",
      futureRolesConsentAt: values.futureRoles ? values.createdAt : null,
      reference: `APP-2026-T${String(sequence).padStart(5, "0")}`,
      createdAt: values.createdAt,
      status: "rejected",
      attribution: { source: "linkedin", medium: "social", formPage: "/careers/registration?pos=x", lastTouch: { gclid: "abc" } },
    })
    .returning();
  return row!;
}

test("the form takes whole months from 0 to 120 and names the field that is wrong", () => {
  expect(readRetentionForm({ applicationMonths: "18", consultationMonths: "0" })).toEqual({
    ok: true,
    periods: { applicationMonths: 18, consultationMonths: 0 },
  });
  const wrong = readRetentionForm({ applicationMonths: "1.5", consultationMonths: "121" });
  expect(wrong.ok).toBe(false);
  if (!wrong.ok) {
    expect(Object.keys(wrong.errors)).toEqual(["applicationMonths", "consultationMonths"]);
    expect(wrong.message).toBe("Applications, months after the job closes: enter a whole number of months from 0 to 120.");
  }
});

test(
  "periods start as the defaults, an admin's save is kept over the revision they opened, and its audit entry holds only the periods",
  withServices(async (services) => {
    const actor = await admin(services);
    expect(await readRetention(services.db)).toMatchObject({ periods: DEFAULT_RETENTION_PERIODS, revision: 0 });
    expect(await saveRetention(services.db, { applicationMonths: 18, consultationMonths: 3 }, 0, actor, "10.0.0.1")).toBe(true);
    // A second admin who opened the page before the first saved does not overwrite it.
    expect(await saveRetention(services.db, { applicationMonths: 1, consultationMonths: 1 }, 0, actor, "10.0.0.1")).toBe(false);
    expect(await readRetention(services.db)).toMatchObject({ periods: { applicationMonths: 18, consultationMonths: 3 }, revision: 1 });
    const [entry] = await services.db.select().from(auditLog).where(eq(auditLog.action, "retention-changed"));
    expect(entry).toMatchObject({ actorEmail: "ada@kraf.example", detail: { applicationMonths: 18, consultationMonths: 3 }, targetId: null });
  }),
);

test(
  "expired applications lose their personal data and resume, a candidate who asked to be kept in mind is emailed first, and lost requests go after their own period",
  withServices(async (services) => {
    const [closed] = await services.db
      .insert(jobs)
      .values({ title: "Closed role", status: "closed", closesAt: daysAgo(400), changedAt: daysAgo(390) })
      .returning();
    const [open] = await services.db.insert(jobs).values({ title: "Open role", status: "open" }).returning();
    const expired = await apply(services, { jobId: closed!.id, email: "gone@example.com", createdAt: daysAgo(420) });
    const keptInMind = await apply(services, { jobId: closed!.id, email: "future@example.com", createdAt: daysAgo(420), futureRoles: true });
    const onOpenJob = await apply(services, { jobId: open!.id, email: "open@example.com", createdAt: daysAgo(420) });
    // Closed by hand 100 days ago: its period has not ended.
    const [recent] = await services.db
      .insert(jobs)
      .values({ title: "Recently closed", status: "closed", changedAt: daysAgo(100) })
      .returning();
    const recentOne = await apply(services, { jobId: recent!.id, email: "recent@example.com", createdAt: daysAgo(200) });
    await services.db.insert(inboxNotes).values({ applicationId: expired.id, authorName: "Rita", body: "Strong on APIs, weak on SQL." });

    // Consultation requests: lost 200 days ago (past 6 months), lost 20 days ago, and one still new.
    const lead = (email: string, status: "lost" | "new") =>
      services.db
        .insert(consultations)
        .values({ fullName: "Lead Person", email, country: "India", phone: "+91 1", projectBrief: "A CRM", status, submittedAt: daysAgo(300) })
        .returning()
        .then((rows) => rows[0]!);
    const lostLong = await lead("lost-long@example.com", "lost");
    const lostRecently = await lead("lost-now@example.com", "lost");
    const stillNew = await lead("new@example.com", "new");
    await services.db.insert(inboxStatusChanges).values([
      { consultationId: lostLong.id, fromStatus: "new", toStatus: "lost", actorName: "Sam", createdAt: daysAgo(200) },
      { consultationId: lostRecently.id, fromStatus: "new", toStatus: "lost", actorName: "Sam", createdAt: daysAgo(20) },
    ]);
    const attachmentKey = consultationKey(Date.now(), "brief.pdf");
    await services.storage.put(attachmentKey, new TextEncoder().encode("%PDF brief"), { contentType: "application/pdf" });
    await services.db
      .insert(consultationAttachments)
      .values({ consultationId: lostLong.id, storageKey: attachmentKey, originalName: "brief.pdf", contentType: "application/pdf", sizeBytes: 10 });

    const batches: BatchTiming[] = [];
    const first = await applyRetention(services, { batchSize: 1, noticeBatchSize: 1, onBatch: (batch) => batches.push(batch) });
    expect(first).toEqual({ notices: 1, applications: 1, consultations: 1 });
    // A batch of one at a time: each kind ends on a batch that finds less than a full one.
    expect(batches.filter((batch) => batch.kind === "application").map((batch) => batch.rows)).toEqual([1, 0]);

    const read = async (id: number) => (await services.db.select().from(jobApplications).where(eq(jobApplications.id, id)))[0]!;
    const anonymised = await read(expired.id);
    expect(anonymised).toMatchObject({
      fullName: ANONYMISED_NAME,
      email: "",
      phone: "",
      coverLetter: null,
      answers: [],
      resumeKey: "",
      resumeName: "",
      status: "rejected",
      jobId: closed!.id,
      attribution: { source: "linkedin", medium: "social" },
    });
    expect(anonymised.anonymisedAt).not.toBeNull();
    expect(anonymised.createdAt.toISOString()).toBe(expired.createdAt.toISOString());
    expect(await services.storage.get(expired.resumeKey)).toBeNull();
    expect(await services.db.select().from(inboxNotes).where(eq(inboxNotes.applicationId, expired.id))).toEqual([]);

    // Kept in mind: emailed, and kept for the notice period.
    expect((await read(keptInMind.id)).anonymisedAt).toBeNull();
    expect((await read(keptInMind.id)).renewalNoticeAt).not.toBeNull();
    const [notice] = await services.db.select().from(outbox).where(eq(outbox.applicationId, keptInMind.id));
    expect(notice).toMatchObject({ template: "future-roles-renewal", toAddress: "future@example.com" });
    expect(notice!.subject).toMatch(/keep you in mind for future roles/);
    for (const untouched of [onOpenJob, recentOne]) expect((await read(untouched.id)).fullName).toBe(untouched.fullName);
    expect(await services.storage.get(onOpenJob.resumeKey)).not.toBeNull();

    const readLead = async (id: number) => (await services.db.select().from(consultations).where(eq(consultations.id, id)))[0]!;
    expect(await readLead(lostLong.id)).toMatchObject({ fullName: ANONYMISED_NAME, email: "", projectBrief: "", status: "lost", country: "India" });
    expect(await services.storage.get(attachmentKey)).toBeNull();
    expect(await services.db.select().from(consultationAttachments).where(eq(consultationAttachments.consultationId, lostLong.id))).toEqual([]);
    expect((await readLead(lostRecently.id)).email).toBe("lost-now@example.com");
    expect((await readLead(stillNew.id)).email).toBe("new@example.com");

    // A second pass finds nothing new; once the notice period has passed, the candidate kept in mind goes too.
    expect(await applyRetention(services)).toEqual({ notices: 0, applications: 0, consultations: 0 });
    await services.db
      .update(jobApplications)
      .set({ renewalNoticeAt: daysAgo(RENEWAL_NOTICE_DAYS + 1) })
      .where(eq(jobApplications.id, keptInMind.id));
    expect(await applyRetention(services)).toEqual({ notices: 0, applications: 1, consultations: 0 });
    expect(await read(keptInMind.id)).toMatchObject({ fullName: ANONYMISED_NAME, futureRolesConsentAt: null });
    // Its notice went with the rest of its messages.
    expect(
      await services.db
        .select()
        .from(outbox)
        .where(inArray(outbox.applicationId, [expired.id, keptInMind.id])),
    ).toEqual([]);
  }),
);

test(
  "a candidate's export holds all their applications and resumes, says which resume storage no longer holds, and erasure anonymises them all",
  withServices(async (services) => {
    const actor = await admin(services);
    const first = await apply(services, { jobId: null, email: "Asha@Example.com", createdAt: daysAgo(10) });
    const second = await apply(services, { jobId: null, email: "asha@example.com", createdAt: daysAgo(5), futureRoles: true });
    const someoneElse = await apply(services, { jobId: null, email: "other@example.com", createdAt: daysAgo(5) });
    await services.storage.delete(first.resumeKey);

    expect((await candidateOf(services.db, second.id))?.applications.map((a) => a.reference)).toEqual([first.reference, second.reference]);
    // The address is matched exactly: an underscore in it is not a wildcard.
    const underscored = await apply(services, { jobId: null, email: "a_z@example.com", createdAt: daysAgo(5) });
    await apply(services, { jobId: null, email: "abz@example.com", createdAt: daysAgo(5) });
    expect((await candidateOf(services.db, underscored.id))?.applications.map((a) => a.reference)).toEqual([underscored.reference]);
    const exported = (await exportCandidate(services, second.id, actor, "10.0.0.1"))!;
    expect(exported).toMatchObject({ fileName: `candidate-${second.reference}.zip`, applications: 2, missingFiles: 1 });
    const files = unzipSync(exported.zip);
    expect(Object.keys(files).sort()).toEqual(["candidate.json", `files/${second.reference}-${second.resumeName}`]);
    expect(strFromU8(files[`files/${second.reference}-${second.resumeName}`]!)).toMatch(/^%PDF-1.4 resume/);
    const json = JSON.parse(strFromU8(files["candidate.json"]!)) as { applications: { reference: string; resume: { file: string | null; note?: string } }[] };
    expect(json.applications[0]).toMatchObject({ reference: first.reference, resume: { file: null, note: MISSING_RESUME_NOTE } });
    expect(json.applications[1]).toMatchObject({ reference: second.reference, keepInMindForFutureRoles: { since: expect.any(String) } });

    expect(await eraseCandidate(services, first.id, actor, "10.0.0.1")).toBe(2);
    const rows = await services.db
      .select()
      .from(jobApplications)
      .where(inArray(jobApplications.id, [first.id, second.id]));
    expect(rows.map((row) => row.email)).toEqual(["", ""]);
    expect(await services.storage.get(second.resumeKey)).toBeNull();
    expect((await services.db.select().from(jobApplications).where(eq(jobApplications.id, someoneElse.id)))[0]!.email).toBe("other@example.com");
    // Nothing left to export or erase; the audit entries name the application by id, never the person.
    expect(await exportCandidate(services, second.id, actor, "10.0.0.1")).toBeNull();
    expect(await eraseCandidate(services, second.id, actor, "10.0.0.1")).toBe(0);
    const entries = await services.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ["candidate-exported", "candidate-erased"]));
    expect(entries.map((entry) => [entry.action, entry.targetType, entry.detail])).toEqual([
      ["candidate-exported", "application", { applications: 2, missingFiles: 1 }],
      ["candidate-erased", "application", { applications: 2 }],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/asha|Candidate \d|@example\.com/i);
  }),
);

test(
  "a candidate who keeps their application from the renewal email is skipped until a full period from that day, and a second press changes nothing",
  withServices(async (services) => {
    const [closed] = await services.db
      .insert(jobs)
      .values({ title: "Closed role", status: "closed", closesAt: daysAgo(400), changedAt: daysAgo(390) })
      .returning();
    const kept = await apply(services, { jobId: closed!.id, email: "keeps@example.com", createdAt: daysAgo(420), futureRoles: true });
    expect(await applyRetention(services)).toMatchObject({ notices: 1, applications: 0 });
    const [notice] = await services.db.select().from(outbox).where(eq(outbox.applicationId, kept.id));
    const link = (notice!.params as { renew_url: string }).renew_url;
    expect(link).toMatch(/^https:\/\/www\.example\.com\/applications\/keep\//);
    const token = link.split("/").at(-1)!;

    // Opening the link only reads.
    const opened = await renewalFor(services, token);
    expect(opened).toMatchObject({ kind: "open", application: { reference: kept.reference, position: "Closed role", keptFor: "12 months" } });
    const read = async () => (await services.db.select().from(jobApplications).where(eq(jobApplications.id, kept.id)))[0]!;
    expect((await read()).consentRenewedAt).toBeNull();

    const keptOn = new Date();
    expect(await keepApplication(services, token, keptOn)).toMatchObject({ kind: "kept", reference: kept.reference });
    expect(await keepApplication(services, token, keptOn)).toMatchObject({ kind: "kept" });
    expect(await renewalFor(services, token)).toMatchObject({ kind: "kept" });
    expect((await read()).renewalNoticeAt).toBeNull();
    const entries = await services.db.select().from(auditLog).where(eq(auditLog.action, "application-kept"));
    expect(entries.map((entry) => [entry.targetType, entry.targetId, entry.ipAddress])).toEqual([["application", String(kept.id), null]]);
    expect(JSON.stringify(entries)).not.toMatch(/keeps@|Candidate \d/);

    // Long past the old end: neither a new notice nor anonymising until the new period nears its end.
    expect(await applyRetention(services)).toEqual({ notices: 0, applications: 0, consultations: 0 });
    const months = DEFAULT_RETENTION_PERIODS.applicationMonths;
    const renewedMonthsAgo = (extraDays: number) => {
      const date = new Date();
      date.setUTCMonth(date.getUTCMonth() - months);
      return new Date(date.getTime() - extraDays * DAY_MS);
    };
    await services.db
      .update(jobApplications)
      .set({ consentRenewedAt: renewedMonthsAgo(-(RENEWAL_NOTICE_DAYS + 2)) })
      .where(eq(jobApplications.id, kept.id));
    expect(await applyRetention(services)).toEqual({ notices: 0, applications: 0, consultations: 0 });
    await services.db
      .update(jobApplications)
      .set({ consentRenewedAt: renewedMonthsAgo(-(RENEWAL_NOTICE_DAYS - 2)) })
      .where(eq(jobApplications.id, kept.id));
    expect(await applyRetention(services)).toMatchObject({ notices: 1, applications: 0 });
    // Once the new notice period passes, the application goes, and the link says so.
    await services.db
      .update(jobApplications)
      .set({ consentRenewedAt: renewedMonthsAgo(1), renewalNoticeAt: daysAgo(RENEWAL_NOTICE_DAYS + 1) })
      .where(eq(jobApplications.id, kept.id));
    expect(await applyRetention(services)).toMatchObject({ notices: 0, applications: 1 });
    expect(await renewalFor(services, token)).toEqual({ kind: "removed" });
    expect(await keepApplication(services, token)).toEqual({ kind: "removed" });
  }),
);

test(
  "a renewal link that is forged, made for another application or purpose, or past its notice period keeps nothing",
  withServices(async (services) => {
    const [closed] = await services.db
      .insert(jobs)
      .values({ title: "Closed role", status: "closed", closesAt: daysAgo(400), changedAt: daysAgo(390) })
      .returning();
    const mine = await apply(services, { jobId: closed!.id, email: "mine@example.com", createdAt: daysAgo(420), futureRoles: true });
    const other = await apply(services, { jobId: closed!.id, email: "other@example.com", createdAt: daysAgo(420), futureRoles: true });
    await applyRetention(services);
    const [row] = await services.db.select().from(jobApplications).where(eq(jobApplications.id, mine.id));
    const secret = await siteSecret(services);
    const token = renewalToken(secret, { id: mine.id, noticeAt: row!.renewalNoticeAt! });
    const [id, second, signature] = token.split(".");
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`;
    const forged = [
      `${id}.${second}.${flipped}`,
      `${other.id}.${second}.${signature}`,
      `${id}.${Number(second) + 1}.${signature}`,
      `${id}.${second}.${signature}x`,
      createHmac("sha256", secret).update(`${id}:${second}`).digest("base64url"),
      "",
    ];
    for (const given of forged) {
      expect(await renewalFor(services, given)).toEqual({ kind: "not-valid" });
      expect(await keepApplication(services, given)).toEqual({ kind: "not-valid" });
    }
    const rows = await services.db
      .select()
      .from(jobApplications)
      .where(inArray(jobApplications.id, [mine.id, other.id]));
    expect(rows.map((application) => application.consentRenewedAt)).toEqual([null, null]);

    // The real link, a day after its notice period: expired, and pressing the button keeps nothing.
    const later = new Date(row!.renewalNoticeAt!.getTime() + (RENEWAL_NOTICE_DAYS + 1) * DAY_MS);
    expect(await keepApplication(services, token, later)).toEqual({ kind: "expired" });
    expect(await renewalFor(services, token)).toMatchObject({ kind: "open" });
  }),
);
