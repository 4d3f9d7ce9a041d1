import type { FiguresSection } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

/** The company's trust figures (spec §9) as a page section; the one wording every page uses. */
export function companyFigures(title: string): FiguresSection {
  return {
    kind: "figures",
    title,
    items: [
      { value: site.figures.years, label: "Years of delivering business software" },
      { value: site.figures.clients, label: "Satisfied clients" },
      { value: site.figures.professionals, label: "Expert professionals" },
    ],
  };
}
