import { expect, test } from "vitest";
import { createPublishedReads } from "#app/platform/published-reads.server.ts";

/** A content watch the test fires by hand. */
function fakeWatch() {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    change: () => listeners.forEach((listener) => listener()),
  };
}

test("a read is kept until published content changes, then read again", async () => {
  const watch = fakeWatch();
  const read = createPublishedReads(watch);
  let queries = 0;
  const job = () => read("job:1", async () => ({ title: `Engineer, version ${++queries}` }));
  expect(await job()).toEqual({ title: "Engineer, version 1" });
  expect(await job()).toEqual({ title: "Engineer, version 1" });
  expect(queries).toBe(1);
  watch.change();
  expect(await job()).toEqual({ title: "Engineer, version 2" });
  expect(queries).toBe(2);
  // Another key is another read.
  expect(await read("job:2", async () => "another job")).toBe("another job");
});

test("reads of one key at the same time share one query; a failed read is not kept", async () => {
  const read = createPublishedReads(fakeWatch());
  let queries = 0;
  let finish: (value: string) => void = () => {};
  const slow = () => read("insights", () => new Promise<string>((resolve) => (queries++, (finish = resolve))));
  const [first, second] = [slow(), slow()];
  finish("three insights");
  expect(await Promise.all([first, second])).toEqual(["three insights", "three insights"]);
  expect(queries).toBe(1);

  let attempts = 0;
  const flaky = () => read("job:9", async () => (++attempts === 1 ? Promise.reject(new Error("connection lost")) : "job 9"));
  await expect(flaky()).rejects.toThrow("connection lost");
  expect(await flaky()).toBe("job 9");
  expect(await flaky()).toBe("job 9");
  expect(attempts).toBe(2);
});

test("a read in flight when content changes is not kept for later visitors", async () => {
  const watch = fakeWatch();
  const read = createPublishedReads(watch);
  let finish: (value: string) => void = () => {};
  const before = read("home", () => new Promise<string>((resolve) => (finish = resolve)));
  watch.change();
  finish("before the change");
  expect(await before).toBe("before the change");
  expect(await read("home", async () => "after the change")).toBe("after the change");
});

test("at most maxReads are kept, the least recently used read again first", async () => {
  const read = createPublishedReads(fakeWatch(), 2);
  const asked: string[] = [];
  const get = (key: string) => read(key, async () => (asked.push(key), key));
  await get("a");
  await get("b");
  await get("a");
  await get("c");
  await get("a");
  await get("b");
  expect(asked).toEqual(["a", "b", "c", "b"]);
});
