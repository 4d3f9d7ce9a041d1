import { defaultSiteFacts, type SiteFacts } from "#app/content/site-facts.ts";
import { site } from "#app/content/site.ts";
import { isJobOpen, jobPath, type JobRow } from "#app/features/careers/jobs.server.ts";
import { NO_DESCRIPTION } from "#app/features/careers/job-format.ts";
import { sanitizeRichText } from "#app/features/rich-text/sanitize.server.ts";

/** schema.org employmentType values Google reads. */
export type EmploymentType = "FULL_TIME" | "PART_TIME" | "CONTRACTOR" | "TEMPORARY" | "INTERN";

const EMPLOYMENT_TYPES: [RegExp, EmploymentType][] = [
  [/^full(time)?$|^permanent$/, "FULL_TIME"],
  [/^parttime$/, "PART_TIME"],
  [/^contract(or|ual)?$|^freelance(r)?$/, "CONTRACTOR"],
  [/^temp(orary)?$|^seasonal$/, "TEMPORARY"],
  [/^intern(ship)?$|^trainee$/, "INTERN"],
];

/** "Full-time", "full time", "FULL_TIME" → FULL_TIME; anything else is left out of the markup. */
export function employmentTypeOf(jobType: string | null | undefined): EmploymentType | undefined {
  const key = (jobType ?? "").toLowerCase().replace(/[^a-z]/g, "");
  return EMPLOYMENT_TYPES.find(([pattern]) => pattern.test(key))?.[1];
}

const REMOTE = /\b(remote|anywhere|work from home|wfh|telecommute)\b/i;

function isRemoteLocation(location: string | null | undefined): boolean {
  return REMOTE.test(location ?? "");
}

/** "Remote (India)" / "Remote - India" → "India"; plain "Remote" → the head office's country. */
function remoteCountry(location: string, office: SiteFacts["address"]): string {
  const named = /\(([^)]+)\)/.exec(location)?.[1] ?? location.replace(REMOTE, "").replace(/^[\s,–—-]+|[\s,–—-]+$/g, "");
  return named.trim() || office.country;
}

type PostalAddress = {
  "@type": "PostalAddress";
  addressLocality: string;
  addressCountry: string;
  streetAddress?: string;
  postalCode?: string;
};

/** "Mumbai, India" → Mumbai / India; "Mumbai" → Mumbai / the head office's country; none → the head office. */
function addressOf(location: string | null | undefined, office: SiteFacts["address"]): PostalAddress {
  const parts = (location ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) {
    return {
      "@type": "PostalAddress",
      streetAddress: office.street,
      addressLocality: office.locality,
      postalCode: office.postalCode,
      addressCountry: office.countryCode,
    };
  }
  return {
    "@type": "PostalAddress",
    addressLocality: parts[0]!,
    addressCountry: parts.length > 1 ? parts.at(-1)! : office.countryCode,
  };
}

/** Google's baseSalary: a MonetaryAmount with a range (or one value) and its unit. */
function baseSalaryOf(job: JobRow): { baseSalary?: Record<string, unknown> } {
  if (!job.salaryCurrency || !job.salaryPeriod || (job.salaryMin === null && job.salaryMax === null)) return {};
  const value =
    job.salaryMin !== null && job.salaryMax !== null && job.salaryMin !== job.salaryMax
      ? { minValue: job.salaryMin, maxValue: job.salaryMax }
      : { value: job.salaryMin ?? job.salaryMax };
  return {
    baseSalary: { "@type": "MonetaryAmount", currency: job.salaryCurrency, value: { "@type": "QuantitativeValue", ...value, unitText: job.salaryPeriod } },
  };
}

/**
 * schema.org JobPosting as Google's job search requires it
 * (developers.google.com/search/docs/appearance/structured-data/job-posting):
 * title, description (HTML allowed), datePosted, hiringOrganization, and
 * jobLocation or jobLocationType TELECOMMUTE with applicantLocationRequirements.
 * A closed or expired job has none: Google asks that expired postings drop it.
 */
export function jobPostingJsonLd(
  job: JobRow,
  siteUrl: string,
  now: Date = new Date(),
  office: SiteFacts["address"] = defaultSiteFacts.address,
): Record<string, unknown> | null {
  if (!isJobOpen(job, now)) return null;
  const description = sanitizeRichText(job.description) || `<p>${NO_DESCRIPTION}</p>`;
  const posted = job.updatedAt ?? job.createdAt;
  const employmentType = employmentTypeOf(job.jobType);
  // The workplace chosen in the staff area decides; rows from before it existed are read from the location.
  const remote = job.workplace ? job.workplace === "remote" : isRemoteLocation(job.location);
  return {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: job.title,
    description,
    identifier: { "@type": "PropertyValue", name: site.name, value: String(job.id) },
    datePosted: posted.toISOString(),
    ...(job.closesAt ? { validThrough: job.closesAt.toISOString() } : {}),
    ...(employmentType ? { employmentType } : {}),
    hiringOrganization: {
      "@type": "Organization",
      name: site.name,
      sameAs: `${siteUrl}/`,
      logo: `${siteUrl}/logo.png`,
    },
    ...(remote
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: { "@type": "Country", name: remoteCountry(job.location ?? "", office) },
        }
      : { jobLocation: { "@type": "Place", address: addressOf(job.location, office) } }),
    ...(job.department?.trim() ? { occupationalCategory: job.department.trim() } : {}),
    ...baseSalaryOf(job),
    url: `${siteUrl}${jobPath(job)}`,
    directApply: true,
  };
}
