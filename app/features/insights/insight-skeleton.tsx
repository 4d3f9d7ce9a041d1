/** The shape of an insight article while its data loads on a client navigation (spec §2: "Loading: a skeleton"). */
export function InsightSkeleton() {
  return (
    <div className="animate-pulse" role="status" aria-label="Loading insight" data-testid="insight-skeleton">
      <div className="container-page max-w-4xl py-12">
        <div className="h-4 w-32 rounded bg-slate-200" />
        <div className="mt-8 aspect-[40/21] w-full rounded-2xl bg-slate-200" />
        <div className="mt-8 h-6 w-24 rounded-full bg-slate-200" />
        <div className="mt-4 h-10 w-3/4 rounded bg-slate-200" />
        <div className="mt-4 h-4 w-1/2 rounded bg-slate-200" />
        <div className="mt-10 space-y-3">
          <div className="h-4 rounded bg-slate-200" />
          <div className="h-4 rounded bg-slate-200" />
          <div className="h-4 w-11/12 rounded bg-slate-200" />
          <div className="h-4 w-4/5 rounded bg-slate-200" />
        </div>
        <div className="mt-12 flex items-center gap-4 rounded-2xl border border-slate-200 p-6">
          <div className="size-14 rounded-full bg-slate-200" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-40 rounded bg-slate-200" />
            <div className="h-4 w-64 rounded bg-slate-200" />
          </div>
        </div>
      </div>
    </div>
  );
}
