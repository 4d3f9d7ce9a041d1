/**
 * A bounded memory of computed values by key: a key seen before returns its
 * value; past `maxEntries` the least recently used is computed again when
 * asked for.
 */
export function rememberedByKey<T>(maxEntries: number): (key: string, compute: () => T) => T {
  const results = new Map<string, T>();
  return (key, compute) => {
    if (results.has(key)) {
      const known = results.get(key) as T;
      results.delete(key);
      results.set(key, known);
      return known;
    }
    const value = compute();
    if (results.size >= maxEntries) results.delete(results.keys().next().value as string);
    results.set(key, value);
    return value;
  };
}

/**
 * A pure function of one string that remembers its latest results by input,
 * so the same stored HTML is sanitised once however many pages and requests
 * show it (decision 014). The input is the key, so a changed row is a new
 * input: nothing is ever stale.
 */
export function rememberedByInput<T>(compute: (input: string) => T, maxEntries = 256): (input: string) => T {
  const remember = rememberedByKey<T>(maxEntries);
  return (input) => remember(input, () => compute(input));
}
