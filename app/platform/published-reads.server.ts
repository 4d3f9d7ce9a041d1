import type { ContentWatch } from "#app/platform/content-watch.server.ts";
import { rememberedByKey } from "#app/platform/remembered.ts";

/** Distinct reads kept (a job, an insight, a list with its filters); past this the least recently used is read again. */
const MAX_READS = 500;

/**
 * Reads of published content (a job, an insight, a list), kept in memory until
 * published content changes (decision 023). Every write to those tables moves
 * the content version in its own transaction (a database trigger), and the
 * content watch empties this store within a second in every process, at once in
 * the process that wrote. A read that fails is not kept; reads of one key
 * running together share one query.
 */
export type PublishedReads = <T>(key: string, read: () => Promise<T>) => Promise<T>;

export function createPublishedReads(content: Pick<ContentWatch, "subscribe">, maxReads = MAX_READS): PublishedReads {
  const reads = rememberedByKey<Promise<unknown>>(maxReads);
  content.subscribe(reads.clear);
  return <T>(key: string, read: () => Promise<T>) =>
    reads(key, () => {
      const reading = read();
      // A failed read is asked again next time, unless a change already replaced it.
      reading.catch(() => reads.forget(key, reading));
      return reading;
    }) as Promise<T>;
}
