import { solutionAreaOf } from "#app/features/staff/teams/solution-areas.ts";

/*
 * Which team a new lead goes to (decision 038): the first rule, in order,
 * whose every set condition holds; none → the default team (null here).
 */

/** What is known about a lead when it arrives. */
export type LeadFacts = { country: string; pagePath: string | null; source: string | null };

/** A rule's conditions (null: any) and the team it names. */
export type RoutingRule = { country: string | null; solutionArea: string | null; source: string | null; teamId: number };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function matches(rule: RoutingRule, facts: LeadFacts, area: string | null): boolean {
  if (rule.country !== null && !same(rule.country, facts.country)) return false;
  if (rule.solutionArea !== null && rule.solutionArea !== area) return false;
  if (rule.source !== null && (facts.source === null || !same(rule.source, facts.source))) return false;
  return true;
}

/** The team of the first matching rule (`rules` in their order), or null for the default team. */
export function routeLead(facts: LeadFacts, rules: readonly RoutingRule[]): number | null {
  const area = solutionAreaOf(facts.pagePath);
  return rules.find((rule) => matches(rule, facts, area))?.teamId ?? null;
}
