import { mkdir, writeFile } from "node:fs/promises";
import { httpLoad } from "./http-load.ts";
import { lighthouseScores } from "./lighthouse.ts";
import { pageWeight } from "./page-weight.ts";
import { startServer } from "../tests/support/server.ts";

/**
 * `npm run bench`: builds, starts the production server on 127.0.0.1 and
 * prints page weight, Lighthouse mobile scores and HTTP throughput.
 * `BENCH_ONLY=weight,lighthouse,http` runs a subset; `BENCH_SECONDS` sets the load duration.
 */
const only = new Set((process.env.BENCH_ONLY ?? "weight,lighthouse,http").split(","));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const pages = ["/", "/crm"];

const server = await startServer({ LOG_LEVEL: "warn" });
const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
try {
  if (only.has("weight")) {
    const rows = [];
    for (const path of pages) rows.push({ page: path, ...(await pageWeight(server.baseURL, path)) });
    console.log("\nJavaScript shipped (bytes on the wire, gzip)");
    console.table(rows.map((row) => ({ ...row, jsGzipKB: +(row.jsGzipBytes / 1024).toFixed(1) })));
    results.weight = rows;
  }
  if (only.has("lighthouse")) {
    const rows = [];
    for (const path of pages) rows.push({ page: path, ...(await lighthouseScores(server.baseURL + path)) });
    console.log("\nLighthouse (mobile, simulated throttling)");
    console.table(rows);
    results.lighthouse = rows;
  }
  if (only.has("http")) {
    const rows = [];
    for (const path of pages) {
      await httpLoad(server.baseURL + path, { seconds: 2 }); // warm-up
      rows.push({ page: path, ...(await httpLoad(server.baseURL + path, { seconds })) });
    }
    console.log(`\nHTTP GET throughput, one server process, ${seconds} s each, 16 connections`);
    console.table(rows);
    results.http = rows;
  }
} finally {
  await server.stop();
}
await mkdir("bench/results", { recursive: true });
await writeFile("bench/results/latest.json", JSON.stringify(results, null, 2));
console.log("\nSaved bench/results/latest.json");
