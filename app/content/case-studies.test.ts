import { expect, test } from "vitest";
import { caseStudies, caseStudiesFor, caseStudiesIn, caseStudyHref, solutionAreas } from "#app/content/case-studies.ts";
import { caseStudySections } from "#app/content/case-study-page.ts";
import { contentPageAt, contentPages, homePage } from "#app/content/pages/index.ts";
import { anchorOf, solutionGroups } from "#app/content/navigation.ts";

const solutionPaths = solutionGroups.flatMap((group) => group.links.map((link) => link.href)).filter((href) => !anchorOf(href));

test("six demo case studies, each complete: unique slug, snippet-length summary, problem, what was built, stack, outcomes, a date", () => {
  expect(caseStudies).toHaveLength(6);
  expect(new Set(caseStudies.map((study) => study.slug)).size).toBe(caseStudies.length);
  for (const study of caseStudies) {
    expect(study.demo, study.slug).toBe(true);
    expect(study.slug, study.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(study.summary.length, study.slug).toBeGreaterThanOrEqual(70);
    expect(study.summary.length, study.slug).toBeLessThanOrEqual(160);
    expect(study.problem.split(/\s+/).length, study.slug).toBeGreaterThanOrEqual(30);
    expect(study.built.length, study.slug).toBeGreaterThanOrEqual(3);
    expect(study.stack.length, study.slug).toBeGreaterThanOrEqual(3);
    expect(study.outcomes.length, study.slug).toBeGreaterThanOrEqual(2);
    expect(new Date(`${study.published}T00:00:00Z`).toISOString().slice(0, 10), study.slug).toBe(study.published);
    for (const path of study.solutions) expect(solutionPaths, `${study.slug} names ${path}`).toContain(path);
  }
});

test("every solution area has case studies, and the filter of an area holds exactly the studies of its pages", () => {
  expect(solutionAreas.map((area) => area.title)).toEqual([
    "Business Solutions",
    "Software Development",
    "E-commerce & Fintech",
    "Security & Cloud",
    "AI & Automation",
  ]);
  for (const area of solutionAreas) {
    const inArea = caseStudiesIn(area);
    expect(inArea.length, area.title).toBeGreaterThan(0);
    for (const study of caseStudies)
      expect(inArea.includes(study), `${study.slug} in ${area.title}`).toBe(study.solutions.some((path) => area.paths.includes(path)));
  }
  expect(caseStudiesIn(undefined)).toEqual(caseStudies);
});

test("a solution page shows its case studies above its closing call to action; the home page the three newest", () => {
  const crm = contentPageAt("/crm")!;
  const section = crm.sections.find((candidate) => candidate.kind === "caseStudies");
  expect(section?.kind === "caseStudies" && section.cards.map((card) => card.href)).toEqual(caseStudiesFor("/crm").map(caseStudyHref));
  expect(crm.sections.at(-1)?.kind).toBe("cta");
  expect(crm.sections.at(-2)?.kind).toBe("caseStudies");
  for (const page of contentPages) {
    const shown = page.sections.some((candidate) => candidate.kind === "caseStudies");
    expect(shown, page.path).toBe(caseStudiesFor(page.path).length > 0);
  }
  const home = homePage.sections.find((candidate) => candidate.kind === "caseStudies");
  const newest = [...caseStudies].sort((a, b) => b.published.localeCompare(a.published)).slice(0, 3);
  expect(home?.kind === "caseStudies" && home.cards.map((card) => card.href)).toEqual(newest.map(caseStudyHref));
});

test("a study's page says it is a demo example and links to each of its solutions", () => {
  const study = caseStudies[0]!;
  const [hero, ...rest] = caseStudySections(study);
  expect(hero.eyebrow).toContain("Demo example");
  expect(JSON.stringify(rest)).toContain("demo example");
  const related = rest.find((section) => section.kind === "links");
  expect(related?.kind === "links" && related.items.map((item) => item.href)).toEqual(study.solutions);
});
