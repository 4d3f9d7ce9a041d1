/** The job page's own shape while its data loads on a client navigation. */
export function JobSkeleton() {
  return (
    <div className="container-page animate-pulse py-12 sm:py-16" role="status" aria-label="Loading job details" data-testid="job-skeleton">
      <div className="h-4 w-28 rounded bg-slate-200" />
      <div className="mt-6 h-9 w-2/3 rounded bg-slate-200" />
      <div className="mt-3 h-5 w-40 rounded bg-slate-200" />
      <div className="mt-5 flex gap-6">
        <div className="h-4 w-32 rounded bg-slate-200" />
        <div className="h-4 w-40 rounded bg-slate-200" />
      </div>
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-3">
          <div className="h-7 w-48 rounded bg-slate-200" />
          <div className="h-4 rounded bg-slate-200" />
          <div className="h-4 rounded bg-slate-200" />
          <div className="h-4 w-5/6 rounded bg-slate-200" />
        </div>
        <div className="space-y-4">
          <div className="h-20 rounded-xl bg-slate-200" />
          <div className="h-20 rounded-xl bg-slate-200" />
          <div className="h-12 rounded-lg bg-slate-200" />
        </div>
      </div>
    </div>
  );
}
