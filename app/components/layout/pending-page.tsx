import { matchPath, useNavigation } from "react-router";
import { JobSkeleton } from "#app/features/careers/job-skeleton.tsx";

/**
 * Detail pages show a skeleton of themselves while their data loads on a
 * client navigation (spec §2: "Loading: a skeleton"), instead of the
 * full-screen spinner. A page registers its path pattern and skeleton here.
 */
const skeletons: { pattern: string; Skeleton: () => React.ReactNode; except?: string[] }[] = [
  { pattern: "/featured-insights/:id", Skeleton: DetailSkeleton },
  // "/careers/registration" matches the pattern too, but it is the application form, not a job.
  { pattern: "/careers/:id", Skeleton: JobSkeleton, except: ["/careers/registration"] },
];

/** The skeleton for the page being loaded, or null when it has none. */
export function usePendingSkeleton(): React.ReactNode | null {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  const { pathname } = navigation.location;
  const entry = skeletons.find(({ pattern, except }) => matchPath(pattern, pathname) && !except?.includes(pathname.replace(/\/$/, "")));
  return entry ? <entry.Skeleton /> : null;
}

/** A neutral article-shaped placeholder; pages may register their own. */
export function DetailSkeleton() {
  return (
    <div className="container-page animate-pulse py-12" role="status" aria-label="Loading">
      <div className="h-56 rounded-2xl bg-slate-200" />
      <div className="mt-8 h-4 w-32 rounded bg-slate-200" />
      <div className="mt-4 h-9 w-3/4 rounded bg-slate-200" />
      <div className="mt-6 space-y-3">
        <div className="h-4 rounded bg-slate-200" />
        <div className="h-4 rounded bg-slate-200" />
        <div className="h-4 w-5/6 rounded bg-slate-200" />
      </div>
    </div>
  );
}
