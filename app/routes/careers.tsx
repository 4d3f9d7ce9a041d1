import { data } from "react-router";
import type { Route } from "./+types/careers";
import { careersPage, careersWith } from "#app/content/careers.ts";
import { JobListing, type JobListingData } from "#app/features/careers/job-listing.tsx";
import { formatJobType, formatPostedDate } from "#app/features/careers/job-format.ts";
import { facetKey, jobPath, listOpenJobs } from "#app/features/careers/jobs.server.ts";
import { readQueryParameter, type QueryParameter } from "#app/features/forms/query-params.ts";
import { listingMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { logger } from "#app/platform/logger.server.ts";
import { cachePageFor, PUBLISHED_CONTENT } from "#app/platform/page-cache.ts";
import { servicesOf } from "#app/services-context.server.ts";
import { ISLANDS_PAGE } from "#app/islands/island-registry.ts";
import { lazyPageBody } from "#app/layout/deferred-part.tsx";
import { useSiteFacts } from "#app/layout/site-data.ts";

// The search box's own maxLength, so nothing the form sends is refused; a filter value is a
// department, job type or location name. Anything longer is a mangled link and answers 400.
const SEARCH: QueryParameter = { name: "q", label: "search text", maxLength: 100 };
const DEPARTMENT: QueryParameter = { name: "department", label: "department filter", maxLength: 200 };
const JOB_TYPE: QueryParameter = { name: "jobType", label: "job type filter", maxLength: 200 };
const LOCATION: QueryParameter = { name: "location", label: "location filter", maxLength: 200 };

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const read = (parameter: QueryParameter) => (readQueryParameter(params, parameter) ?? "").trim();
  const filters = { q: read(SEARCH), department: facetKey(read(DEPARTMENT)), jobType: facetKey(read(JOB_TYPE)), location: facetKey(read(LOCATION)) };
  const services = await servicesOf(context);
  try {
    const listing = await services.content.read(`jobs:${JSON.stringify(filters)}`, async (): Promise<JobListingData> => {
      const result = await listOpenJobs(services.db, filters);
      return {
        jobs: result.jobs.map((job) => ({
          id: job.id,
          href: jobPath(job),
          title: job.title,
          department: job.department?.trim() || null,
          jobType: formatJobType(job.jobType),
          location: job.location?.trim() || null,
          posted: formatPostedDate(job.updatedAt),
        })),
        total: result.total,
        facets: result.facets,
        filters,
      };
    });
    return { listing };
  } catch (error) {
    // The careers copy still renders; the list says it could not load (503: never cached).
    logger.error({ err: error }, "Could not list open jobs");
    return data({ listing: null }, { status: 503 });
  }
}

// Its copy and the list are text and links; the filters and the job alert's form are islands (decision 078).
export const handle = ISLANDS_PAGE;

// The same for everyone at a given query string. Publishing or closing a job empties the page
// cache of every process at once (decision 011); the server caches only 200 answers.
export const headers = cachePageFor(300, PUBLISHED_CONTENT);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const listing = loaderData?.listing;
  // Each chosen filter by the name its list shows; a search by the words searched for.
  const chosen = listing
    ? [
        ...(["department", "jobType", "location"] as const).flatMap((name) => {
          const value = listing.filters[name];
          return value ? [listing.facets[name].find((option) => option.value === value)?.label ?? value] : [];
        }),
        ...(listing.filters.q ? [`“${listing.filters.q}”`] : []),
      ]
    : [];
  const filter = chosen.length ? chosen.join(", ") : null;
  return listingMeta({
    title: filter ? `${careersPage.title}: ${filter}` : careersPage.title,
    description: careersPage.description,
    path: "/careers",
    filter,
    listingPath: "/careers",
    siteUrl: siteUrlFrom(matches),
  });
};

// The careers copy is text and links: its code is fetched, and it is hydrated, when the visitor reaches for it.
const PageBody = lazyPageBody(() => import("#app/components/sections/sections.tsx").then((module) => module.Sections));

export default function Careers({ loaderData }: Route.ComponentProps) {
  const { sections } = careersWith(useSiteFacts());
  return (
    <>
      <PageBody sections={sections} />
      <JobListing listing={loaderData.listing} />
    </>
  );
}
