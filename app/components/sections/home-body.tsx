import { Sections } from "#app/components/sections/sections.tsx";
import type { Section } from "#app/content/page-types.ts";
import { FeaturedInsightsSection } from "#app/features/insights/featured-insights-section.tsx";
import type { InsightCard } from "#app/features/insights/insight.ts";

/** The home page's blocks as published, with the newest insights just above its closing call to action. */
export function HomeBody({ sections, insights }: { sections: readonly Section[]; insights: InsightCard[] }) {
  const last = sections.at(-1);
  const closing = last?.kind === "cta" ? [last] : [];
  const body = closing.length ? sections.slice(0, -1) : sections;
  return (
    <>
      <Sections sections={body} />
      <FeaturedInsightsSection insights={insights} />
      <Sections sections={closing} />
    </>
  );
}
