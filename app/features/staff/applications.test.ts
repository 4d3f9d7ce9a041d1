import { expect, test, vi } from "vitest";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";
import { exportPage, listApplications, readApplicationQuery } from "#app/features/staff/applications.server.ts";
import { LIST_PAGE_SIZE } from "#app/features/staff/list-query.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { jobApplications, jobs } from "#app/platform/db/schema.server.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const queryOf = (search: string) => readApplicationQuery(new Request(`https://example.com/staff/applications${search}`));

test("the requirements filter is 'unmet' or nothing, and stays in the list's links", () => {
  expect(queryOf("?requirements=unmet")).toMatchObject({ unmet: true });
  expect(queryOf("?requirements=unmet").filters.toString()).toBe("requirements=unmet");
  expect(queryOf("").unmet).toBe(false);
  expect(() => queryOf("?requirements=met")).toThrow();
});

test("the job filter must be a job's id; anything else is refused with a sentence", () => {
  expect(queryOf("?job=12").job).toBe(12);
  expect(queryOf("").job).toBeNull();
  for (const bad of ["abc", "0", "-1", "1.5", "1e3", "99999999999999999"]) {
    let thrown: unknown;
    try {
      queryOf(`?job=${bad}`);
    } catch (error) {
      thrown = error;
    }
    expect(thrown, bad).toMatchObject({ init: { status: 400 }, data: "The job in this address must be chosen from the list of jobs." });
  }
});

let sequence = 0;

async function apply(db: Database, values: Partial<typeof jobApplications.$inferInsert>) {
  sequence += 1;
  const [row] = await db
    .insert(jobApplications)
    .values({
      fullName: "Someone",
      email: `someone${sequence}@example.com`,
      phone: "+91 1",
      resumeKey: `careers/${sequence}.pdf`,
      resumeName: "cv.pdf",
      resumeContentType: "application/pdf",
      resumeSize: 100,
      consentAt: new Date(),
      consentVersion: "careers-2026-01",
      reference: `APP-2026-T${String(sequence).padStart(5, "0")}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, sequence)),
      ...values,
    })
    .returning({ id: jobApplications.id });
  return row!.id;
}

const names = (result: Awaited<ReturnType<typeof listApplications>>) => result.rows.map((row) => row.fullName);

for (const driver of await featureDrivers()) {
  test(`the list searches name, email, reference, position and job title, filters by status, job and source, newest first (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const [backend, design, unused] = await db
        .insert(jobs)
        .values([{ title: "Backend Engineer" }, { title: "Product Designer" }, { title: "No Applicants" }])
        .returning({ id: jobs.id });
      await apply(db, {
        fullName: "Asha Verma",
        email: "asha@example.com",
        position: "Backend Engineer",
        jobId: backend!.id,
        attribution: { formPage: "/careers/registration?utm_source=linkedin", lastTouch: { utm_source: "linkedin" }, source: "linkedin" },
      });
      await apply(db, {
        fullName: "Ravi Kumar",
        email: "ravi@mail.test",
        position: null,
        jobId: design!.id,
        status: "interview",
        attribution: { lastTouch: { referrer: "https://www.naukri.com" }, source: "www.naukri.com", medium: "referral" },
      });
      await apply(db, { fullName: "Meera 100% Shah", email: "meera@example.com", position: "Data analyst", status: "rejected", reference: "APP-2026-MEERA1" });
      await apply(db, { fullName: "Old Job", position: "Backend engineer", jobId: backend!.id, status: "screening", meetsRequirements: false });

      const all = await listApplications(db, queryOf(""));
      expect(names(all)).toEqual(["Old Job", "Meera 100% Shah", "Ravi Kumar", "Asha Verma"]);
      expect(all.total).toEqual({ n: 4, atLeast: false });
      expect(all.newCount).toBe(1);
      expect(all.rows.map((row) => row.appliedFor)).toEqual(["Backend engineer", "Data analyst", "Product Designer", "Backend Engineer"]);
      expect(all.jobs).toEqual([
        { id: backend!.id, title: "Backend Engineer" },
        { id: design!.id, title: "Product Designer" },
      ]);

      expect(names(await listApplications(db, queryOf("?q=asha")))).toEqual(["Asha Verma"]);
      expect(names(await listApplications(db, queryOf("?q=MAIL.TEST")))).toEqual(["Ravi Kumar"]);
      expect(names(await listApplications(db, queryOf("?q=app-2026-meera")))).toEqual(["Meera 100% Shah"]);
      expect(names(await listApplications(db, queryOf("?q=analyst")))).toEqual(["Meera 100% Shah"]);
      // The job's title counts when the applicant left the position empty.
      expect(names(await listApplications(db, queryOf("?q=designer")))).toEqual(["Ravi Kumar"]);
      // A wildcard in the search is a plain character.
      expect(names(await listApplications(db, queryOf("?q=100%25")))).toEqual(["Meera 100% Shah"]);
      expect(names(await listApplications(db, queryOf("?q=_")))).toEqual([]);

      expect(names(await listApplications(db, queryOf("?status=interview")))).toEqual(["Ravi Kumar"]);
      expect(names(await listApplications(db, queryOf(`?job=${backend!.id}`)))).toEqual(["Old Job", "Asha Verma"]);
      expect(names(await listApplications(db, queryOf(`?job=${backend!.id}&status=new&q=verma`)))).toEqual(["Asha Verma"]);
      expect((await listApplications(db, queryOf(`?job=${unused!.id}`))).total).toEqual({ n: 0, atLeast: false });
      // The new count is of all applications, whatever the filters.
      expect((await listApplications(db, queryOf("?status=rejected"))).newCount).toBe(1);
      // Where each came from, and the Source filter: the list keeps sources in lower case, as does the filter.
      expect(all.rows.map((row) => row.source)).toEqual([null, null, "www.naukri.com", "linkedin"]);
      expect(names(await listApplications(db, queryOf("?source=LinkedIn")))).toEqual(["Asha Verma"]);
      expect((await listApplications(db, queryOf("?source=linkedin"))).total).toEqual({ n: 1, atLeast: false });
      expect(names(await listApplications(db, queryOf(`?source=linkedin&job=${design!.id}`)))).toEqual([]);
      expect(names(await listApplications(db, queryOf("?source=naukri")))).toEqual([]);
      const [exported] = await exportPage(db, queryOf("?source=www.naukri.com"), null, 10);
      expect(exported).toMatchObject({ fullName: "Ravi Kumar", attribution: { source: "www.naukri.com", medium: "referral" } });
      // A knockout answer's mark, by the Requirements filter.
      const unmet = await listApplications(db, queryOf("?requirements=unmet"));
      expect(names(unmet)).toEqual(["Old Job"]);
      expect(unmet.rows[0]!.meetsRequirements).toBe(false);
      expect(unmet.total).toEqual({ n: 1, atLeast: false });
    } finally {
      await database.dispose();
    }
  });

  test(`the list pages by ${LIST_PAGE_SIZE} and the export reads the same filters page by page (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      for (let i = 0; i < LIST_PAGE_SIZE + 2; i++) await apply(db, { fullName: `Applicant ${i}`, status: i % 2 ? "new" : "offer" });
      const first = await listApplications(db, queryOf(""));
      const second = await listApplications(db, queryOf(`?older=${first.older}`));
      expect(names(second)).toEqual(["Applicant 1", "Applicant 0"]);
      expect(second).toMatchObject({ total: { n: LIST_PAGE_SIZE + 2, atLeast: false }, older: null });

      const offers = queryOf("?status=offer");
      const firstPage = await exportPage(db, offers, null, 5);
      expect(firstPage).toHaveLength(5);
      expect(firstPage.every((row) => row.status === "offer")).toBe(true);
      const nextPage = await exportPage(db, offers, firstPage.at(-1)!.id, 100);
      expect(firstPage.length + nextPage.length).toBe(Math.ceil((LIST_PAGE_SIZE + 2) / 2));
      expect(nextPage.every((row) => row.id < firstPage.at(-1)!.id)).toBe(true);
    } finally {
      await database.dispose();
    }
  });
}
