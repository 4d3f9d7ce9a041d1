import { Sections } from "#app/components/sections/sections.tsx";
import { page as homePage } from "#app/content/pages/home.ts";
import { filledPerFacts } from "#app/content/site-facts.ts";
import { FeaturedInsightsSection } from "#app/features/insights/featured-insights-section.tsx";
import type { InsightCard } from "#app/features/insights/insight.ts";
import { useSiteFacts } from "#app/layout/site-data.ts";

const homeWith = filledPerFacts(homePage);

/**
 * The home page's copy, with the newest insights just above its closing call to action. The copy
 * comes with this module (fetched when the body is wanted), not in every page's data.
 */
export function HomeBody({ insights }: { insights: InsightCard[] }) {
  const { sections } = homeWith(useSiteFacts());
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
