import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { readdirSync, watch } from "node:fs";
import { request, type ClientRequest } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import express from "express";
import { expect, test } from "vitest";
import {
  BodyIntake,
  DEFAULT_INTAKE_LIMITS,
  maxBodyBytes,
  MAX_MULTIPART_BODY_BYTES,
  MAX_OTHER_BODY_BYTES,
  receivedBodyOf,
  SPOOL_FOLDER_PREFIX,
  TOO_MANY_AT_ONCE_MESSAGE,
  TOO_SLOW_MESSAGE,
  type IntakeLimits,
} from "#server/body-intake.ts";
import { MAX_URLENCODED_BYTES } from "#app/features/forms/read-form.server.ts";
import { Admission, loadShedding } from "#server/load-shed.ts";

type Answer = { status: number; body: string };

/**
 * A site with one slot for work behind the intake and the admission queue. The
 * handler answers with the SHA-256 of the body it read, after `workMs`. Clients
 * are told apart by X-Forwarded-For.
 */
async function intakeServer(limits: Partial<IntakeLimits> = {}) {
  const app = express();
  app.set("trust proxy", "loopback");
  const intake = new BodyIntake({ ...DEFAULT_INTAKE_LIMITS, ...limits });
  const admission = new Admission({ maxInFlight: 1, maxQueued: 8, maxWaitMs: 5_000, maxPerClient: 8, maxAtWorkPerClient: 1 });
  app.use(loadShedding(admission, intake, { siteUrl: "https://site.example", headers: [], logger: { warn: () => undefined } as never, holdMs: 1 }));
  app.post("/{*splat}", (req, res) => {
    const hash = createHash("sha256");
    const body = receivedBodyOf(req) ?? req;
    body.on("data", (chunk: Buffer) => hash.update(chunk));
    body.on("end", () => res.send(hash.digest("hex")));
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, intake, admission, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A post from `client` on a connection of its own; `write` sends the body (and ends it) at its own pace. */
function post(base: string, client: string, headers: Record<string, string | number>, write: (req: ClientRequest) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/form`,
      { method: "POST", agent: false, headers: { "X-Forwarded-For": client, "Content-Type": "application/x-www-form-urlencoded", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on("error", reject);
    write(req);
  });
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A body that sends a byte every `everyMs` until `stop` is called; it never ends by itself. */
function trickle(base: string, client: string, everyMs = 200) {
  let timer: NodeJS.Timeout | undefined;
  let req: ClientRequest | undefined;
  const answer = post(base, client, { "Content-Length": 1_000 }, (r) => {
    req = r;
    r.write("a");
    timer = setInterval(() => r.write("a"), everyMs);
  }).catch(() => ({ status: 0, body: "" }));
  return {
    answer,
    stop: () => {
      clearInterval(timer);
      req?.destroy();
    },
  };
}

test("a body's limit follows its type (the largest form for multipart, the urlencoded forms' for those, a little for anything else), and a body without a length is held to a form without files", () => {
  expect(maxBodyBytes("Multipart/Form-Data; boundary=x")).toBe(MAX_MULTIPART_BODY_BYTES);
  expect(maxBodyBytes("application/x-www-form-urlencoded")).toBe(MAX_URLENCODED_BYTES);
  expect(maxBodyBytes("application/json")).toBe(MAX_OTHER_BODY_BYTES);
  expect(maxBodyBytes(undefined)).toBe(MAX_OTHER_BODY_BYTES);
  expect(maxBodyBytes("multipart/form-data; boundary=x", true)).toBe(MAX_URLENCODED_BYTES);
  expect(maxBodyBytes("application/json", true)).toBe(MAX_OTHER_BODY_BYTES);
});

test("slow bodies from one address take no slot: other addresses' posts are worked on meanwhile; its fifth at once is refused", async () => {
  const site = await intakeServer();
  const slow = Array.from({ length: 4 }, () => trickle(site.base, "10.0.0.66"));
  try {
    for (let waited = 0; site.intake.receiving < 4 && waited < 5_000; waited += 20) await sleep(20);
    expect(site.intake.receiving).toBe(4);

    const fifth = await post(site.base, "10.0.0.66", { "Content-Length": 3 }, (req) => req.end("a=1"));
    expect(fifth.status).toBe(503);
    expect(fifth.body).toContain(TOO_MANY_AT_ONCE_MESSAGE);

    const honest = await Promise.all(
      ["10.0.0.1", "10.0.0.2", "10.0.0.3"].map((client) => post(site.base, client, { "Content-Length": 9 }, (req) => req.end("email=a@b"))),
    );
    expect(honest).toEqual(honest.map(() => ({ status: 200, body: sha256(Buffer.from("email=a@b")) })));
    expect(site.admission.inFlight).toBe(0);
    expect(site.intake.receiving).toBe(4);
  } finally {
    for (const body of slow) body.stop();
    await site.close();
  }
});

test("a body that arrives slower than the slowest line we serve is cut off with 408, and frees its place", async () => {
  // 80 bits a second: the 1,000 bytes announced get 100 ms on top of the grace; a byte every 200 ms is far slower.
  const site = await intakeServer({ graceMs: 300, slowestBitsPerSecond: 80_000 });
  const slow = trickle(site.base, "10.0.0.7");
  try {
    const answer = await slow.answer;
    expect(answer.status).toBe(408);
    expect(answer.body).toContain(TOO_SLOW_MESSAGE);
    expect(site.intake.receiving).toBe(0);
  } finally {
    slow.stop();
    await site.close();
  }
});

test("a body over its type's limit is refused: at once when announced, when the limit is passed when chunked", async () => {
  const site = await intakeServer();
  try {
    const announced = await post(site.base, "10.0.0.8", { "Content-Length": MAX_URLENCODED_BYTES + 1 }, (req) => req.write("a"));
    expect(announced.status).toBe(413);
    expect(announced.body).toContain("The form is too large to send (limit 256 KB).");

    const chunked = await post(site.base, "10.0.0.8", { "Transfer-Encoding": "chunked" }, (req) => {
      const piece = Buffer.alloc(16 * 1024, 0x61);
      const more = () => {
        while (req.write(piece));
        req.once("drain", more);
      };
      req.on("close", () => req.removeAllListeners("drain"));
      more();
    }).catch(() => ({ status: 0, body: "" }));
    expect(chunked.status).toBe(413);
    expect(site.intake.receiving).toBe(0);
  } finally {
    await site.close();
  }
});

test("a body larger than its memory allowance reaches the route whole, from a file no other process can open", async () => {
  const site = await intakeServer({ memoryBytes: 1024 });
  const ours = `${SPOOL_FOLDER_PREFIX}${process.pid}-`;
  const spoolFolders = () => readdirSync(os.tmpdir()).filter((name) => name.startsWith(ours));
  const opened: string[] = [];
  const watcher = watch(os.tmpdir(), (_event, name) => {
    if (name?.startsWith(ours)) opened.push(name);
  });
  try {
    const bytes = randomBytes(3 * 1024 * 1024);
    const boundary = "x";
    const answer = await post(site.base, "10.0.0.9", { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": bytes.length }, (req) => {
      // In pieces, so the file is written while the body still arrives.
      let sent = 0;
      const next = () => {
        if (sent >= bytes.length) return void req.end();
        req.write(bytes.subarray(sent, sent + 100_000));
        sent += 100_000;
        setImmediate(next);
      };
      next();
    });
    expect(answer).toEqual({ status: 200, body: sha256(bytes) });
    // The body went through a file in a folder of its own, and both were removed as soon as the file was open.
    expect(opened.length).toBeGreaterThan(0);
    expect(spoolFolders()).toEqual([]);
  } finally {
    watcher.close();
    await site.close();
  }
});

test("a client that leaves while its body arrives frees its place, and nothing reaches the route", async () => {
  const site = await intakeServer();
  const slow = trickle(site.base, "10.0.0.10");
  try {
    for (let waited = 0; site.intake.receiving < 1 && waited < 5_000; waited += 20) await sleep(20);
    slow.stop();
    for (let waited = 0; site.intake.receiving > 0 && waited < 5_000; waited += 20) await sleep(20);
    expect(site.intake.receiving).toBe(0);
    expect(site.admission.inFlight).toBe(0);
  } finally {
    await site.close();
  }
});
