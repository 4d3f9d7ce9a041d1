/** Remembers computed values by key; `forget` drops one (only if it is still `value`), `clear` drops all. */
export type Remembered<T> = ((key: string, compute: () => T) => T) & {
  forget(key: string, value: T): void;
  clear(): void;
};

/**
 * A bounded memory of computed values by key: a key seen before returns its
 * value; past `maxEntries` the least recently used is computed again when
 * asked for.
 */
export function rememberedByKey<T>(maxEntries: number): Remembered<T> {
  const results = new Map<string, T>();
  const remember = (key: string, compute: () => T): T => {
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
  return Object.assign(remember, {
    forget(key: string, value: T) {
      if (results.get(key) === value) results.delete(key);
    },
    clear: () => results.clear(),
  });
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
