import { useMemo, type ComponentProps } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { carryingCampaign } from "#app/features/attribution/attribution.ts";
import { JobFilters, type ListingFacets, type ListingFilters } from "#app/features/careers/job-filters.tsx";
import { Island } from "#app/islands/island.tsx";
import { anchoredPart } from "#app/layout/deferred-part.tsx";

export type ListedJob = { id: number; href: string; title: string; department: string | null; jobType: string; location: string | null; posted: string };

export type JobListingData = {
  jobs: ListedJob[];
  total: number;
  facets: ListingFacets;
  filters: ListingFilters;
};

const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

/**
 * The job alert's form, with the checks it runs, is fetched when the visitor reaches
 * for it (decision 017); until then it is the server's form, which posts without
 * scripts. One of its places is drawn at a time.
 */
const DeferredJobAlertForm = anchoredPart("job-alert-part", () => import("#app/features/job-alerts/job-alert-form.tsx").then((module) => module.JobAlertForm));

/** On an islands page (decision 078) the job alert's form is an island of its own, hydrated as it nears the screen. */
function JobAlertForm(props: ComponentProps<typeof DeferredJobAlertForm>) {
  return (
    <Island name="jobAlert" props={props}>
      <DeferredJobAlertForm {...props} />
    </Island>
  );
}

const NO_DEPARTMENTS: readonly string[] = [];

const LISTING_LOAD_FAILED = "We could not load the open roles just now. Please try again in a few minutes.";

function resultCountText(shown: number, total: number): string {
  const roles = (n: number) => `${n} open role${n === 1 ? "" : "s"}`;
  return shown === total ? `Showing all ${roles(total)}` : `Showing ${shown} of ${roles(total)}`;
}

/**
 * The open roles with search and filters (`JobFilters`), which live in the
 * query string and work without JavaScript. In the full app a search keeps the
 * page's scroll position and marks the result count busy; on the careers page,
 * drawn as islands, it loads the page whole.
 */
export function JobListing({ listing }: { listing: JobListingData | null }) {
  return (
    <section id="open-roles" aria-labelledby="open-roles-heading" className="container-page scroll-mt-24 py-14 sm:py-16">
      <h2 id="open-roles-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Open roles
      </h2>
      {listing === null ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-600 bg-red-50 p-4 font-medium text-red-800">
          {LISTING_LOAD_FAILED}
        </p>
      ) : listing.total === 0 ? (
        <NoRolesAtAll />
      ) : (
        <FilteredListing listing={listing} />
      )}
    </section>
  );
}

function NoRolesAtAll() {
  const { search } = useLocation();
  return (
    <>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">
        There are no open roles listed right now. We still want to hear from good people:{" "}
        <Link to={carryingCampaign("/careers/registration", search)} className={linkClass}>
          send a general application
        </Link>{" "}
        and we will get in touch when a role fits.
      </p>
      <div className="mt-6 max-w-2xl rounded-2xl border border-dashed border-slate-300 p-6 sm:p-8">
        <h3 className="text-lg font-semibold">Tell me when one opens</h3>
        <div className="mt-4">
          <JobAlertForm id="job-alert-empty" departments={NO_DEPARTMENTS} />
        </div>
      </div>
    </>
  );
}

function FilteredListing({ listing }: { listing: JobListingData }) {
  const { filters, facets, jobs, total } = listing;
  const navigation = useNavigation();
  // Links onwards keep a shared listing's campaign, for a candidate without JavaScript (see carryingCampaign).
  const { search } = useLocation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/careers";
  const filtered = Object.values(filters).some((value) => value !== "");
  // The same props while the filters stay: new ones would make the deferred form load at once.
  const departments = useMemo(() => facets.department.map((option) => option.label), [facets.department]);
  const picked = useMemo(() => ({ department: filters.department }), [filters.department]);

  return (
    <>
      <Island name="jobFilters" props={{ filters, facets }}>
        <JobFilters filters={filters} facets={facets} />
      </Island>

      {jobs.length > 0 ? (
        <details className="mt-4 rounded-2xl border border-slate-200 p-5">
          <summary className="cursor-pointer font-semibold text-brand-700">Email me when a new job like these opens</summary>
          <div className="mt-4">
            <JobAlertForm id="job-alert" departments={departments} picked={picked} />
          </div>
        </details>
      ) : null}

      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-3">
        <p aria-live="polite" aria-busy={searching || undefined} data-testid="result-count" className="font-medium text-slate-700">
          {resultCountText(jobs.length, total)}
        </p>
        {filtered ? (
          <Link to="/careers#open-roles" className={linkClass} preventScrollReset>
            Clear filters
          </Link>
        ) : null}
      </div>

      {jobs.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-6 sm:p-8" data-testid="empty-state">
          <p className="text-lg font-semibold">No roles match your search.</p>
          <h3 className="mt-4 text-lg font-semibold">Tell me when one opens</h3>
          <p className="mt-2 text-slate-700">
            Leave your email and we will write when a matching job is published. Or{" "}
            <Link to="/careers#open-roles" className={linkClass}>
              clear the filters
            </Link>
            , or send us a{" "}
            <Link to={carryingCampaign("/careers/registration", search)} className={linkClass}>
              general application
            </Link>
            .
          </p>
          <div className="mt-4">
            <JobAlertForm id="job-alert-empty" departments={departments} picked={picked} />
          </div>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2" aria-label="Open roles">
          {jobs.map((job) => (
            <li key={job.id} className="rounded-2xl border border-slate-200 p-6 shadow-xs transition-shadow hover:shadow-md">
              <h3 className="text-xl font-semibold">
                <Link to={carryingCampaign(job.href, search)} className="text-ink hover:text-brand-700 hover:underline">
                  {job.title}
                </Link>
              </h3>
              <p className="mt-1 font-medium text-brand-700">{job.department ?? "Not specified"}</p>
              <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                <span>{job.jobType}</span>
                {job.location ? <span>{job.location}</span> : null}
                <span>Posted {job.posted}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
