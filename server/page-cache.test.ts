import { expect, test } from "vitest";
import { entityTag, PageCache } from "#server/page-cache.ts";

const page = (body: string) => ({ status: 200, headers: [["content-type", "text/html"]] as [string, string][], body, etag: entityTag(body, "") });

test("a stored page is served with the new request's nonce in place of the old one", () => {
  const cache = new PageCache();
  cache.set("/crm", page('<script nonce="AAA">1</script><link nonce="AAA">'), "AAA", 60);
  expect(cache.get("/crm", "BBB")?.body).toBe('<script nonce="BBB">1</script><link nonce="BBB">');
});

test("an entry expires after its TTL", () => {
  let now = 1_000;
  const cache = new PageCache(10, () => now);
  cache.set("/a", page("a"), "n", 5);
  now += 4_999;
  expect(cache.get("/a", "n")?.body).toBe("a");
  now += 1;
  expect(cache.get("/a", "n")).toBeUndefined();
  expect(cache.size).toBe(0);
});

test("the cache holds a bounded number of pages, dropping the least recently used", () => {
  const cache = new PageCache(2);
  cache.set("/a", page("a"), "n", 60);
  cache.set("/b", page("b"), "n", 60);
  cache.get("/a", "n");
  cache.set("/c", page("c"), "n", 60);
  expect(cache.size).toBe(2);
  expect(cache.get("/b", "n")).toBeUndefined();
  expect(cache.get("/a", "n")?.body).toBe("a");
  expect(cache.get("/c", "n")?.body).toBe("c");
});

test("the entity tag names the content, not the nonce: two renders of one page share it, another page does not", () => {
  const first = entityTag('<script nonce="AAA">1</script>', "AAA");
  expect(entityTag('<script nonce="BBB">1</script>', "BBB")).toBe(first);
  expect(entityTag('<script nonce="CCC">2</script>', "CCC")).not.toBe(first);
  expect(first).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
});
