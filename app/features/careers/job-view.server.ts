import { publicRichText } from "#app/features/rich-text/sanitize.server.ts";
import { formatJobType, formatPostedDate, formatSalary, formatWorkplace, NOT_SPECIFIED } from "#app/features/careers/job-format.ts";
import { encodePosition } from "#app/features/careers/position.ts";
import { isJobOpen, jobPath, type JobRow } from "#app/features/careers/jobs.server.ts";

/** What the job page draws: every text already defaulted, the description already sanitised. */
export type JobView = {
  id: number;
  /** The job's public address. */
  href: string;
  title: string;
  /** "Not specified" when empty. */
  department: string;
  /** First letter capitalised; "Not specified" when empty. */
  jobType: string;
  location: string | null;
  /** "On-site", "Hybrid" or "Remote", when set. */
  workplace: string | null;
  /** "INR 1,200,000 – 1,800,000 per year", when given. */
  salary: string | null;
  /** "January 5, 2025" or "Date not available". */
  posted: string;
  /** ISO time for <time dateTime>, when there is a date. */
  postedIso: string | null;
  /** Allow-listed HTML, or null when nothing is left (the page says "No description available…"). */
  descriptionHtml: string | null;
  open: boolean;
  /** "/careers/registration?pos=…" with the title in UTF-8 base64, URL-encoded. */
  applyHref: string;
};

function applyHrefFor(title: string): string {
  return `/careers/registration?pos=${encodeURIComponent(encodePosition(title))}`;
}

/** The job page's view of `job`, its links judged against `siteUrl` (the site's origin). */
export function toJobView(job: JobRow, siteUrl: string, now: Date = new Date()): JobView {
  const department = job.department?.trim() ?? "";
  const description = publicRichText(job.description, siteUrl);
  return {
    id: job.id,
    href: jobPath(job),
    title: job.title,
    department: department === "" ? NOT_SPECIFIED : department,
    jobType: formatJobType(job.jobType),
    location: job.location?.trim() || null,
    workplace: formatWorkplace(job.workplace),
    salary: formatSalary(job),
    posted: formatPostedDate(job.updatedAt),
    postedIso: job.updatedAt && !Number.isNaN(job.updatedAt.getTime()) ? job.updatedAt.toISOString() : null,
    // Markup that sanitises to no text at all (e.g. only a script) counts as empty.
    descriptionHtml: description.replace(/<[^>]*>/g, "").trim() === "" && !/<img\b/i.test(description) ? null : description,
    open: isJobOpen(job, now),
    applyHref: applyHrefFor(job.title),
  };
}
