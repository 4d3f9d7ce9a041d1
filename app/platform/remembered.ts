/**
 * A pure function of one string that remembers its latest results by input,
 * so the same stored HTML is sanitised once however many pages and requests
 * show it (decision 014). The input is the key, so a changed row is a new
 * input: nothing is ever stale. Past `maxEntries` the least recently used is
 * computed again when asked for.
 */
export function rememberedByInput<T>(compute: (input: string) => T, maxEntries = 256): (input: string) => T {
  const results = new Map<string, T>();
  return (input) => {
    if (results.has(input)) {
      const known = results.get(input) as T;
      results.delete(input);
      results.set(input, known);
      return known;
    }
    const value = compute(input);
    if (results.size >= maxEntries) results.delete(results.keys().next().value as string);
    results.set(input, value);
    return value;
  };
}
