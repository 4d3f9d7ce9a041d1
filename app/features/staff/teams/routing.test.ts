import { expect, test } from "vitest";
import { routeLead, type RoutingRule } from "#app/features/staff/teams/routing.ts";
import { solutionAreaOf, solutionAreas } from "#app/features/staff/teams/solution-areas.ts";

const rule = (teamId: number, conditions: Partial<Omit<RoutingRule, "teamId">>): RoutingRule => ({
  country: null,
  solutionArea: null,
  source: null,
  teamId,
  ...conditions,
});

const facts = (country: string, pagePath: string | null = null, source: string | null = null) => ({ country, pagePath, source });

test("solution areas come from the navigation's solution pages, and a page path names its area", () => {
  expect(solutionAreas).toContainEqual({ key: "crm", label: "CRM Solutions" });
  expect(solutionAreas.some((area) => area.key.includes("#"))).toBe(false);
  expect(solutionAreaOf("/crm")).toBe("crm");
  expect(solutionAreaOf("/CRM/?utm=x")).toBe("crm");
  expect(solutionAreaOf("/crm-suite")).toBeNull();
  expect(solutionAreaOf("/")).toBeNull();
  expect(solutionAreaOf(null)).toBeNull();
});

test("the first matching rule wins; every set condition must hold; no match is the default team (null)", () => {
  const rules = [
    rule(1, { country: "India", solutionArea: "crm" }),
    rule(2, { country: "india" }),
    rule(3, { source: "LinkedIn" }),
    rule(4, { solutionArea: "erp" }),
  ];
  expect(routeLead(facts("India", "/crm"), rules)).toBe(1);
  // Country without regard to case or spaces; the CRM rule needs the page too.
  expect(routeLead(facts(" INDIA ", "/erp"), rules)).toBe(2);
  expect(routeLead(facts("Spain", "/", "linkedin"), rules)).toBe(3);
  // A rule on a source does not match a lead whose source is unknown.
  expect(routeLead(facts("Spain", null, null), [rule(3, { source: "linkedin" })])).toBeNull();
  expect(routeLead(facts("Spain", "/erp/"), rules)).toBe(4);
  expect(routeLead(facts("Spain", "/careers"), rules)).toBeNull();
  expect(routeLead(facts("India", "/crm"), [])).toBeNull();
  // Order decides, not how specific a rule is.
  expect(routeLead(facts("India", "/crm"), [rule(2, { country: "India" }), rule(1, { country: "India", solutionArea: "crm" })])).toBe(2);
});
