import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/careers.$id";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import { getJob, openJobsInDepartment } from "#app/features/careers/jobs.server.ts";
import { jobPostingJsonLd } from "#app/features/careers/job-posting.server.ts";
import { siteFactsFor } from "#app/features/site-facts/site-facts.server.ts";
import { toJobView } from "#app/features/careers/job-view.server.ts";
import { JOB_ERROR_TITLE, JOB_LOAD_FAILED, JOB_NOT_FOUND, JobDetailView, JobErrorView, JobNotFoundView } from "#app/features/careers/job-detail.tsx";
import { plainText } from "#app/features/rich-text/sanitize.server.ts";
import { atOwnAddress, readPublishedRecord, publishedPageHeaders } from "#app/features/published-detail.server.ts";
import { ISLANDS_PAGE } from "#app/islands/island-registry.ts";
import { SharedRegion } from "#app/layout/shared-region.tsx";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { seoTitle, shortDescription } from "#app/features/seo/seo-fields.ts";

export async function loader(args: Route.LoaderArgs) {
  const found = await readPublishedRecord(args, { kind: "job", read: getJob, loadFailed: JOB_LOAD_FAILED });
  // A draft is seen only in the staff area.
  if (!found || found.row.status === "draft") return data({ job: null }, { status: 404 });
  const { row, services } = found;
  const job = toJobView(row, services.env.SITE_URL);
  atOwnAddress(args.request, job.href);
  const page = {
    job,
    seo: { metaTitle: row.metaTitle, metaDescription: row.metaDescription, socialImage: row.socialImage, noindex: row.noindex },
    jsonLd: jobPostingJsonLd(row, services.env.SITE_URL, new Date(), (await siteFactsFor(services)).facts.address),
    summary: plainText(row.description, 160),
    related: job.open ? [] : await openJobsInDepartment(services.db, row.department, row.id),
  };
  // A closed job's page stays readable, and 410 tells search engines the posting is gone for good.
  return job.open ? page : data(page, { status: 410 });
}

// Text and links only (applying is on /careers/registration), with no client part of its own: drawn as islands (decision 078).
export const handle = ISLANDS_PAGE;

export const headers = publishedPageHeaders;

export const meta: Route.MetaFunction = ({ data: loaderData, location, matches, error }) => {
  const siteUrl = siteUrlFrom(matches);
  if (error) return pageMeta({ title: JOB_ERROR_TITLE, description: JOB_LOAD_FAILED, path: location.pathname, siteUrl, noindex: true });
  const job = loaderData?.job;
  if (!job) return pageMeta({ title: "Job not found", description: JOB_NOT_FOUND, path: location.pathname, siteUrl, noindex: true });
  const summary = (loaderData && "summary" in loaderData ? loaderData.summary : "") || `${job.title} (${job.department}, ${job.jobType}).`;
  const seo = loaderData && "seo" in loaderData ? loaderData.seo : null;
  return pageMeta({
    title: seoTitle(seo ?? {}, `${job.title} – Careers`),
    description: seo?.metaDescription || shortDescription(summary),
    path: job.href,
    siteUrl,
    image: seo?.socialImage ?? undefined,
    // A closed job stays reachable for old links but leaves search results; so does one an editor hid from them.
    noindex: !job.open || Boolean(seo?.noindex),
  });
};

export default function JobDetail({ loaderData }: Route.ComponentProps) {
  if (!loaderData.job) return <JobNotFoundView />;
  const related = "related" in loaderData ? loaderData.related : [];
  return (
    <>
      {"jsonLd" in loaderData && loaderData.jsonLd ? <JsonLd data={loaderData.jsonLd} /> : null}
      {/* Drawn once per version of the job as the page shows it (decision 024). */}
      <SharedRegion name="body" data={JSON.stringify([loaderData.job, related])}>
        <JobDetailView job={loaderData.job} related={related} />
      </SharedRegion>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <JobNotFoundView />;
  // Only a message the loader chose is shown; anything else gets the spec's fallback text.
  const message = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | null)?.message : undefined;
  return <JobErrorView message={typeof message === "string" ? message : undefined} />;
}
