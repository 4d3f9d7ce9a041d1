import { matchPath, useNavigation } from "react-router";
import { JobSkeleton } from "#app/features/careers/job-skeleton.tsx";
import { InsightSkeleton } from "#app/features/insights/insight-skeleton.tsx";

/**
 * Detail pages show a skeleton of themselves while their data loads on a
 * client navigation (spec §2: "Loading: a skeleton"), instead of the
 * full-screen spinner. Each such page registers its path pattern and skeleton here.
 */
const skeletons: { pattern: string; Skeleton: () => React.ReactNode; except?: string[] }[] = [
  { pattern: "/featured-insights/:id", Skeleton: InsightSkeleton },
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
