import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { scriptHashSources } from "#app/platform/script-hashes.server.ts";

const sha256 = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;

test("names every inline script a browser runs, and the code the document inserts later", () => {
  const html =
    '<head><script type="application/ld+json">{"@type":"Organization"}</script></head><body>' +
    "<script>window.__reactRouterContext = {};</script>" +
    '<script type="module">import "/assets/a.js";</script>' +
    '<script src="/assets/b.js"></script><script>window.__reactRouterContext = {};</script></body>';
  expect(scriptHashSources(Buffer.from(html), ['import("/assets/entry.js");'])).toEqual([
    sha256("window.__reactRouterContext = {};"),
    sha256('import "/assets/a.js";'),
    sha256('import("/assets/entry.js");'),
  ]);
});

test("a document without inline scripts needs no hash, and a changed script gets another", () => {
  expect(scriptHashSources(Buffer.from("<p>No scripts</p><scripts>x()</scripts>"))).toEqual([]);
  expect(scriptHashSources(Buffer.from("<script>a()</script>"))).not.toEqual(scriptHashSources(Buffer.from("<script>b()</script>")));
});

test("hashes the script's text as UTF-8, as the browser does", () => {
  expect(scriptHashSources(Buffer.from('<script>document.title="Café — Kraf"</script>'))).toEqual([sha256('document.title="Café — Kraf"')]);
});
