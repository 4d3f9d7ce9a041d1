import { sql } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { jobs } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";
import { findOpenJobByTitle, getJob, listOpenJobs } from "#app/features/careers/jobs.server.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();

for (const driver of drivers) {
  test(`${driver}: a row with only the spec's columns is an open job; closed and expired ones are not listed`, async () => {
    const db = await openTestDatabase(driver);
    try {
      // Exactly what the existing site writes: camel-case columns, nothing of ours.
      await db.db.execute(sql`insert into job (title, department, "jobType", "updatedAt", description)
        values ('Spec Only', 'Engineering', 'full-time', now(), '<p>Build things</p>')`);
      const [closed] = await db.db.insert(jobs).values({ title: "Closed", status: "closed" }).returning();
      await db.db.insert(jobs).values({ title: "Expired", closesAt: new Date(Date.now() - 60_000) });
      await db.db.insert(jobs).values({ title: "Closing later", closesAt: new Date(Date.now() + 86_400_000) });

      const listing = await listOpenJobs(db.db, {});
      expect(listing.jobs.map((job) => job.title).sort()).toEqual(["Closing later", "Spec Only"]);
      expect(listing.total).toBe(2);
      // The detail page still finds a closed job, to say it is closed.
      expect((await getJob(db.db, closed!.id))?.title).toBe("Closed");
      expect(await getJob(db.db, 999_999)).toBeNull();
      expect((await findOpenJobByTitle(db.db, "  spec ONLY "))?.title).toBe("Spec Only");
      expect(await findOpenJobByTitle(db.db, "Closed")).toBeNull();
    } finally {
      await db.dispose();
    }
  });

  test(`${driver}: search and filters narrow the list and each option counts under the other filters`, async () => {
    const db = await openTestDatabase(driver);
    try {
      await db.db.insert(jobs).values([
        { title: "Backend Engineer", department: "Engineering", jobType: "full-time", location: "Mumbai", description: "<p>Node and PostgreSQL</p>" },
        { title: "Frontend Engineer", department: "Engineering", jobType: "Full-time", location: "Remote" },
        { title: "QA Intern", department: "Quality", jobType: "internship", location: "Mumbai" },
        { title: "Account Manager", department: "Sales", jobType: "part-time" },
      ]);
      const all = await listOpenJobs(db.db, {});
      expect(all.jobs).toHaveLength(4);
      expect(all.facets.department).toEqual([
        { value: "engineering", label: "Engineering", count: 2 },
        { value: "quality", label: "Quality", count: 1 },
        { value: "sales", label: "Sales", count: 1 },
      ]);
      // "full-time" and "Full-time" are one option.
      expect(all.facets.jobType.find((option) => option.value === "full-time")).toEqual({ value: "full-time", label: "Full-time", count: 2 });
      expect(all.facets.location.map((option) => option.label)).toEqual(["Mumbai", "Remote"]);

      const engineering = await listOpenJobs(db.db, { department: "Engineering" });
      expect(engineering.jobs.map((job) => job.title).sort()).toEqual(["Backend Engineer", "Frontend Engineer"]);
      // Department counts ignore the department filter itself; the others apply it.
      expect(engineering.facets.department.find((option) => option.value === "sales")?.count).toBe(1);
      expect(engineering.facets.jobType.find((option) => option.value === "internship")?.count).toBe(0);

      expect((await listOpenJobs(db.db, { q: "postgresql" })).jobs.map((job) => job.title)).toEqual(["Backend Engineer"]);
      expect((await listOpenJobs(db.db, { q: "  ENGINEER  mumbai" })).jobs).toHaveLength(0);
      expect((await listOpenJobs(db.db, { q: "quality" })).jobs.map((job) => job.title)).toEqual(["QA Intern"]);
      expect((await listOpenJobs(db.db, { location: "mumbai", jobType: "internship" })).jobs.map((job) => job.title)).toEqual(["QA Intern"]);
      expect((await listOpenJobs(db.db, { department: "Nope" })).jobs).toHaveLength(0);
    } finally {
      await db.dispose();
    }
  });
}
