import { Link, useLocation } from "react-router";
import { carryingCampaign } from "#app/features/attribution/attribution.ts";
import type { JobView } from "#app/features/careers/job-view.server.ts";

/** Spec §2/§8: the job page's texts, to the letter. */
export const JOB_NOT_FOUND = "Job not found. It may have been removed or the link is invalid.";
export const JOB_LOAD_FAILED = "Failed to load job details. Please try again later.";
export const JOB_ERROR_TITLE = "Error Loading Job Details";
const JOB_CLOSED = "This position is closed and no longer accepts applications.";

const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

function BackLinks() {
  return (
    <div className="mt-8 flex flex-wrap gap-6">
      <Link to="/careers" className={linkClass}>
        Back to Careers
      </Link>
      <Link to="/careers#open-roles" className={linkClass}>
        Back to All Jobs
      </Link>
    </div>
  );
}

function ApplyLink({ href, className = "" }: { href: string; className?: string }) {
  // A job shared with a campaign link keeps its campaign on the way to the form, also without JavaScript.
  const { search } = useLocation();
  return (
    <Link
      to={carryingCampaign(href, search)}
      className={`inline-flex min-h-12 items-center justify-center rounded-lg bg-brand-700 px-7 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800 ${className}`}
    >
      Apply for this Position
    </Link>
  );
}

/** An open job to point to from a closed one. */
export type RelatedJob = { id: number; href: string; title: string };

export function JobDetailView({ job, related = [] }: { job: JobView; related?: RelatedJob[] }) {
  return (
    <article className="container-page py-12 sm:py-16">
      <Link to="/careers#open-roles" className={`${linkClass} text-sm`}>
        Back to All Jobs
      </Link>
      <header className="mt-6 border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{job.title}</h1>
        <p className="mt-2 text-lg font-medium text-brand-700" data-testid="job-department">
          {job.department}
        </p>
        <dl className="mt-5 flex flex-wrap gap-x-8 gap-y-2 text-slate-700">
          <div className="flex gap-2">
            <dt className="font-semibold text-ink">Job type</dt>
            <dd data-testid="job-type">{job.jobType}</dd>
          </div>
          {job.location ? (
            <div className="flex gap-2">
              <dt className="font-semibold text-ink">Location</dt>
              <dd>{job.location}</dd>
            </div>
          ) : null}
          {job.workplace ? (
            <div className="flex gap-2">
              <dt className="font-semibold text-ink">Workplace</dt>
              <dd data-testid="job-workplace">{job.workplace}</dd>
            </div>
          ) : null}
          {job.salary ? (
            <div className="flex gap-2">
              <dt className="font-semibold text-ink">Salary</dt>
              <dd data-testid="job-salary">{job.salary}</dd>
            </div>
          ) : null}
          <div className="flex gap-2">
            <dt className="font-semibold text-ink">Posted</dt>
            <dd data-testid="job-posted">{job.postedIso ? <time dateTime={job.postedIso}>{job.posted}</time> : job.posted}</dd>
          </div>
        </dl>
        {/* Below lg the summary, and its button, come after the whole description: a phone gets the button up here too. */}
        {job.open ? <ApplyLink href={job.applyHref} className="mt-6 w-full sm:w-auto lg:hidden" /> : null}
        {job.open ? null : (
          <div role="status" className="mt-6 rounded-lg border border-amber-500 bg-amber-50 p-4 text-amber-900">
            <p className="font-medium">
              {JOB_CLOSED}{" "}
              <Link to="/careers#open-roles" className={linkClass}>
                See the open roles
              </Link>
            </p>
            {related.length > 0 ? (
              <>
                <p className="mt-3 font-medium">Open roles in {job.department}:</p>
                <ul className="mt-1 list-disc pl-6" data-testid="related-jobs">
                  {related.map((other) => (
                    <li key={other.id}>
                      <Link to={other.href} className={`${linkClass} inline-block py-1`}>
                        {other.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        )}
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="job-description-heading">
          <h2 id="job-description-heading" className="text-2xl font-bold tracking-tight">
            Job Description
          </h2>
          {job.descriptionHtml ? (
            // Allow-listed on the server (sanitizeRichText): no scripts, handlers, styles or SVG survive.
            <div data-testid="job-description" className="rich-text mt-4 max-w-3xl text-slate-800" dangerouslySetInnerHTML={{ __html: job.descriptionHtml }} />
          ) : (
            <p data-testid="job-description" className="mt-4 text-slate-700">
              No description available for this position.
            </p>
          )}
        </section>

        <aside className="flex flex-col gap-4" aria-label="Position summary">
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-5">
            <h2 className="text-sm font-semibold tracking-wider text-slate-600 uppercase">Employment Type</h2>
            <p className="mt-1 text-lg font-semibold" data-testid="card-employment-type">
              {job.jobType}
            </p>
          </div>
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-5">
            <h2 className="text-sm font-semibold tracking-wider text-slate-600 uppercase">Department</h2>
            <p className="mt-1 text-lg font-semibold" data-testid="card-department">
              {job.department}
            </p>
          </div>
          {job.open ? <ApplyLink href={job.applyHref} /> : null}
        </aside>
      </div>
    </article>
  );
}

export function JobNotFoundView() {
  return (
    <section className="container-page py-20">
      <h1 className="text-3xl font-bold tracking-tight">Job not found</h1>
      <p className="mt-4 text-lg text-slate-700">{JOB_NOT_FOUND}</p>
      <BackLinks />
    </section>
  );
}

export function JobErrorView({ message }: { message?: string }) {
  return (
    <section className="container-page py-20" role="alert">
      <h1 className="text-3xl font-bold tracking-tight">{JOB_ERROR_TITLE}</h1>
      <p className="mt-4 text-lg text-slate-700">{message || JOB_LOAD_FAILED}</p>
      <BackLinks />
    </section>
  );
}
