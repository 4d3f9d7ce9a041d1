import { get } from "node:http";

/** Bytes on the wire for one GET, as the server sends them for the given encoding. */
function wireBytes(url: string, encoding: "gzip" | "identity"): Promise<{ bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "Accept-Encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({ bytes: body.byteLength, body });
      });
      res.on("error", reject);
    }).on("error", reject);
  });
}

/**
 * JavaScript a visitor downloads for one page: every module script, dynamic
 * entry import and modulepreload in the server-rendered HTML, fetched
 * gzip-encoded from the running server and counted as bytes on the wire.
 */
export async function pageWeight(baseURL: string, path: string) {
  const page = await wireBytes(baseURL + path, "identity");
  const html = page.body.toString("utf8");
  const sources = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) sources.add(match[1]!);
  let jsGzipBytes = 0;
  let jsRawBytes = 0;
  for (const source of sources) {
    const url = new URL(source, baseURL).href;
    jsGzipBytes += (await wireBytes(url, "gzip")).bytes;
    jsRawBytes += (await wireBytes(url, "identity")).bytes;
  }
  const htmlGzipBytes = (await wireBytes(baseURL + path, "gzip")).bytes;
  return { jsFiles: sources.size, jsRawBytes, jsGzipBytes, htmlGzipBytes };
}
