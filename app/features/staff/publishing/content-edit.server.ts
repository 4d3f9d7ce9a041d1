/*
 * What the staff editors of published content (jobs, insights) share: which
 * fields an edit changed, and the answer to an edit made on an old revision.
 */

/** The keys of `after` whose value differs from `before` (dates by their moment, arrays by their items). */
export function changedFields(before: object, after: object): string[] {
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const same = (a: unknown, b: unknown): boolean => {
    if (a instanceof Date || b instanceof Date) return (a as Date | null)?.getTime() === (b as Date | null)?.getTime();
    if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
    return (a ?? null) === (b ?? null);
  };
  return Object.keys(now).filter((key) => !same(old[key], now[key]));
}

/** The refusal of a save made on a revision someone else has since replaced. */
export function staleRevision(what: string) {
  return {
    ok: false as const,
    status: 409,
    message: `Someone else saved this ${what} after you opened it. Your changes are not saved: copy what you need, reload the page to see their version, then make your changes again.`,
  };
}
