import type { FiguresSection } from "#app/content/page-types.ts";
import { fact } from "#app/content/site-facts.ts";

/** The company's trust figures (spec §9) as a page section; the one wording every page uses. */
export function companyFigures(title: string): FiguresSection {
  return {
    kind: "figures",
    title,
    items: [
      { value: fact.figures.years, label: "Years of delivering business software" },
      { value: fact.figures.clients, label: "Satisfied clients" },
      { value: fact.figures.professionals, label: "Expert professionals" },
    ],
  };
}
