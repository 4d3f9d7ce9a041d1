import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { applicationFieldLabels, applicationFields } from "#app/features/careers/application-schema.ts";
import { consultationFieldLabels, consultationFields } from "#app/features/consultation/consultation-schema.ts";
import { consultationValues, freshPostgres, listFiles, mailDir, multipartBody, sampleFiles, type FreshPostgres } from "#tests/support/forms.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";

/*
 * Every form, and the banner's close post, against the bodies a hostile
 * client sends. Each must get its 4xx with nothing stored, no file, no mail,
 * and the server's peak memory must barely move. Each request comes from its
 * own address (X-Forwarded-For behind TRUST_PROXY), so the rate limit is
 * tested on purpose only.
 */

const MB = 1024 * 1024;
const RATE_LIMIT = 3;
/** Peak resident memory the server may gain from one hostile request. */
const MAX_PEAK_GROWTH_BYTES = 4 * MB;

let database: FreshPostgres;
let server: RunningServer;
let clients = 0;
const peakGrowth: { what: string; bytes: number }[] = [];

beforeAll(async () => {
  database = await freshPostgres();
  server = await startServer({ DATABASE_URL: database.url, TRUST_PROXY: "true", FORM_RATE_LIMIT: String(RATE_LIMIT) });
  // Warm up every route once, so code loading and first-use allocations are not counted below.
  for (let round = 0; round < 3; round++) {
    for (const route of ["/consultation", "/careers/registration", "/newsletter", "/banner"]) {
      await send(route, { contentType: "text/plain", body: Buffer.from("warm-up") });
      // Over the memory a body is read into, so the temporary file it goes on in is used once too.
      await send(route, { contentType: "application/x-www-form-urlencoded", body: Buffer.alloc(128 * 1024, 0x61), chunked: true });
    }
  }
});

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
  if (peakGrowth.length > 0) {
    const worst = peakGrowth.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    console.info(
      `hostile input: largest peak RSS growth ${(worst.bytes / MB).toFixed(2)} MB (${worst.what}); all: ${peakGrowth.map((p) => `${p.what}=${(p.bytes / MB).toFixed(2)}`).join(", ")}`,
    );
  }
});

/** The server process's peak resident set size so far (Linux). */
function peakRss(): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

type Post = {
  contentType: string;
  body: Buffer;
  /** Keep sending this many bytes of filler after `body`, chunked, with no Content-Length. */
  chunkedFiller?: { bytes: number; fill: number };
  chunked?: boolean;
  contentLength?: number;
  client?: string;
};

/**
 * Posts on a raw socket, so headers can lie and the upload can go on while the
 * server answers. The answer is read as soon as it is complete; writes after
 * the server has closed the connection fail, which is the point.
 */
function send(route: string, post: Post): Promise<{ status: number; text: string }> {
  const url = new URL(route, server.baseURL);
  const streaming = post.chunked || post.chunkedFiller;
  const length = post.contentLength ?? (streaming ? undefined : post.body.length);
  const head = [
    `POST ${url.pathname} HTTP/1.1`,
    `Host: ${url.host}`,
    `Content-Type: ${post.contentType}`,
    `X-Forwarded-For: ${post.client ?? `10.9.${(clients >> 8) & 255}.${clients++ & 255}`}`,
    length === undefined ? "Transfer-Encoding: chunked" : `Content-Length: ${length}`,
    "",
    "",
  ].join("\r\n");
  const frame = (bytes: Buffer) =>
    length === undefined ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]) : bytes;
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    let answered = false;
    const socket = net.connect(Number(url.port), url.hostname);
    const finish = () => {
      const text = received.toString("utf8");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (!status) return reject(new Error(`no answer: ${text.slice(0, 200)}`));
      answered = true;
      socket.destroy();
      resolve({ status: Number(status[1]), text: readable(text.slice(text.indexOf("\r\n\r\n") + 4)) });
    };
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      if (split < 0) return;
      const headers = text.slice(0, split);
      const declared = /\r\ncontent-length: (\d+)/i.exec(headers);
      const chunkedDone = /\r\ntransfer-encoding: chunked/i.test(headers) && text.endsWith("\r\n0\r\n\r\n");
      if ((declared && received.length >= split + 4 + Number(declared[1])) || chunkedDone) finish();
    });
    socket.on("close", () => (answered ? undefined : finish()));
    socket.on("error", () => undefined);
    socket.on("connect", () => {
      void (async () => {
        socket.write(head);
        socket.write(frame(post.body));
        if (post.chunkedFiller) {
          const chunk = frame(Buffer.alloc(64 * 1024, post.chunkedFiller.fill));
          for (let sent = 0; sent < post.chunkedFiller.bytes && !answered && !socket.destroyed; sent += 64 * 1024) {
            if (!socket.write(chunk)) await new Promise((ready) => socket.once("drain", ready).once("close", ready));
          }
        }
        if (!answered && !socket.destroyed && length === undefined) socket.write("0\r\n\r\n");
      })();
    });
  });
}

/** A Content-Length that claims less than what follows, written on a raw socket. */
/**
 * The status line of the answer, or "reset": the bytes past the claimed length
 * read as a malformed next request, and the server may close the connection
 * while they still arrive, before the client reads the answer.
 */
function sendLyingLength(route: string, contentType: string, claimed: number, body: Buffer): Promise<number | "reset"> {
  const url = new URL(route, server.baseURL);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(
        `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: ${contentType}\r\nContent-Length: ${claimed}\r\nX-Forwarded-For: 10.8.0.${clients++ & 255}\r\n\r\n`,
      );
      socket.write(body);
    });
    let head = "";
    socket.on("data", (chunk) => {
      head += chunk.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (match) {
        socket.destroy();
        resolve(Number(match[1]));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" || error.code === "EPIPE" ? resolve("reset") : reject(error)));
  });
}

const readable = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

type Form = {
  route: string;
  /** Valid text fields, so that exactly one thing is wrong at a time. */
  values: Record<string, string>;
  labels: Record<string, string>;
  singleLine: string[];
  multiline: string[];
  file?: string;
  urlencoded: boolean;
};

const forms: Form[] = [
  {
    route: "/consultation",
    values: consultationValues(),
    labels: consultationFieldLabels,
    singleLine: consultationFields.filter((field) => field !== "brief"),
    multiline: ["brief"],
    file: "files",
    urlencoded: true,
  },
  {
    route: "/careers/registration",
    values: {
      fullName: "Asha Verma",
      email: "asha@example.com",
      phone: "+91 98765 43210",
      position: "",
      portfolioUrl: "",
      yearsExperience: "4",
      coverLetter: "Hello",
      consent: "yes",
    },
    labels: applicationFieldLabels,
    singleLine: applicationFields.filter((field) => field !== "coverLetter"),
    multiline: ["coverLetter"],
    file: "resume",
    urlencoded: false,
  },
  {
    route: "/newsletter",
    values: { email: "asha@example.com", consent: "yes", consentVersion: "2025-01" },
    labels: { email: "Email address", consent: "Consent", consentVersion: "Consent version" },
    singleLine: ["email", "consent", "consentVersion"],
    multiline: [],
    urlencoded: true,
  },
  {
    route: "/banner",
    values: { returnTo: "/crm" },
    labels: { returnTo: "The page to return to" },
    singleLine: ["returnTo"],
    multiline: [],
    urlencoded: true,
  },
];

function multipartOf(form: Form, values: Record<string, string>, file?: { filename: string; content: Buffer }) {
  const parts: Parameters<typeof multipartBody>[0] = Object.entries(values).map(([name, value]) => ({ name, value }));
  if (form.file) parts.push({ name: form.file, filename: file?.filename ?? "plan.pdf", type: "application/pdf", content: file?.content ?? sampleFiles.pdf });
  return multipartBody(parts);
}

async function expectRefused(what: string, status: number | RegExp, run: () => Promise<{ status: number; text: string } | number | "reset">, says?: string) {
  const before = peakRss();
  const answer = await run();
  peakGrowth.push({ what, bytes: peakRss() - before });
  const code = typeof answer === "object" ? answer.status : answer;
  if (typeof status === "number") expect(code, what).toBe(status);
  else expect(String(code), what).toMatch(status);
  if (says && typeof answer === "object") expect(answer.text, what).toContain(says);
  expect(peakRss() - before, `${what}: peak RSS growth`).toBeLessThan(MAX_PEAK_GROWTH_BYTES);
}

for (const form of forms) {
  describe(`${form.route} refuses hostile bodies`, () => {
    test("a chunked 50 MB body without Content-Length is cut off with 413 (also with a mixed-case content type)", async () => {
      // A text field that never ends: the body or the field limit is reached long before 50 MB.
      const field = form.singleLine[0]!;
      const boundary = "----hostile50mb";
      const head = form.urlencoded ? Buffer.from(`${field}=`) : Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n`);
      const contentType = form.urlencoded ? "application/x-www-form-urlencoded" : `multipart/form-data; boundary=${boundary}`;
      await expectRefused(`${form.route} chunked 50 MB`, 413, () =>
        send(form.route, { contentType, body: head, chunkedFiller: { bytes: 50 * MB, fill: 0x61 } }),
      );
      if (form.file) {
        const multipartHead = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n`);
        await expectRefused(`${form.route} chunked 50 MB multipart field`, 413, () =>
          send(form.route, { contentType: `multipart/form-data; boundary=${boundary}`, body: multipartHead, chunkedFiller: { bytes: 50 * MB, fill: 0x61 } }),
        );
      }
      const mixed = form.urlencoded ? "Application/X-WWW-Form-URLEncoded" : `Multipart/Form-Data; boundary=${boundary}`;
      await expectRefused(`${form.route} chunked 50 MB, ${mixed}`, 413, () =>
        send(form.route, { contentType: mixed, body: head, chunkedFiller: { bytes: 50 * MB, fill: 0x61 } }),
      );
    });

    if (form.file) {
      test("a chunked 50 MB file of junk is cut off long before its end (a body without a length is held to a form without files)", async () => {
        const { body, boundary } = multipartOf(form, form.values, { filename: "plan.pdf", content: Buffer.alloc(0) });
        // Everything up to the file's content, then junk that never ends.
        const cut = Buffer.from(body).indexOf(Buffer.from(`\r\n--${boundary}--`));
        const start = Buffer.from(body).subarray(0, cut);
        const contentType = `Multipart/Form-Data; boundary=${boundary}`;
        await expectRefused(
          `${form.route} chunked 50 MB junk file`,
          413,
          () => send(form.route, { contentType, body: start, chunkedFiller: { bytes: 50 * MB, fill: 0 } }),
          "limit 256 KB",
        );
      });
    }

    test("a Content-Length that lies is no way around the limit", async () => {
      const big = Buffer.alloc(2 * MB, 0x61);
      const contentType = form.urlencoded ? "application/x-www-form-urlencoded" : "multipart/form-data; boundary=x";
      await expectRefused(`${form.route} Content-Length over the limit`, 413, () =>
        send(form.route, { contentType, body: Buffer.from("x=1"), contentLength: 10 ** 9 }),
      );
      // Claiming 10 bytes and sending 2 MB: the form reads 10 bytes, the rest is not a request.
      await expectRefused(`${form.route} Content-Length under the truth`, /^(4\d\d|reset)$/, () => sendLyingLength(form.route, contentType, 10, big));
    });

    test("a NUL or other control character in any field, or a line break in a single-line field, gets 400 naming the field", async () => {
      for (const [field, bad] of [
        ...Object.keys(form.values).map((name) => [name, "\u0000"] as const),
        ...form.singleLine.map((name) => [name, "\r\nBcc: victim@example.com"] as const),
        ...form.multiline.map((name) => [name, "\u001b[31m"] as const),
      ]) {
        const values = { ...form.values, [field]: `${form.values[field]}${bad}` };
        const post = form.urlencoded
          ? { contentType: "application/x-www-form-urlencoded", body: Buffer.from(new URLSearchParams(values).toString()) }
          : (({ body, contentType }) => ({ contentType, body: Buffer.from(body) }))(multipartOf(form, values));
        await expectRefused(`${form.route} ${JSON.stringify(bad)} in ${field}`, 400, () => send(form.route, post), form.labels[field]);
      }
    });

    if (form.file) {
      test("a control character in a file name gets 400", async () => {
        const { body, contentType } = multipartOf(form, form.values, { filename: "plan\u0001.pdf", content: sampleFiles.pdf });
        await expectRefused(`${form.route} control character in a file name`, 400, () => send(form.route, { contentType, body: Buffer.from(body) }));
      });
    }

    test("a 1 MB text field gets a 4xx", async () => {
      const field = form.multiline[0] ?? form.singleLine[0]!;
      const values = { ...form.values, [field]: "a".repeat(MB) };
      const post = form.urlencoded
        ? { contentType: "application/x-www-form-urlencoded", body: Buffer.from(new URLSearchParams(values).toString()) }
        : (({ body, contentType }) => ({ contentType, body: Buffer.from(body) }))(multipartOf(form, values));
      await expectRefused(`${form.route} 1 MB ${field}`, 413, () => send(form.route, post));
    });

    test("a client over its limit is refused before its body is read", async () => {
      const client = `10.7.0.${forms.indexOf(form)}`;
      const limit = form.route === "/banner" ? 60 : RATE_LIMIT;
      for (let i = 0; i < limit; i++) await send(form.route, { contentType: "text/plain", body: Buffer.from("x"), client });
      const valid = form.urlencoded
        ? { contentType: "application/x-www-form-urlencoded", body: Buffer.from(new URLSearchParams(form.values).toString()) }
        : (({ body, contentType }) => ({ contentType, body: Buffer.from(body) }))(multipartOf(form, form.values));
      await expectRefused(
        `${form.route} limited client, valid post`,
        429,
        () => send(form.route, { ...valid, client }),
        "Too many submissions from your connection",
      );
      await expectRefused(`${form.route} limited client, 50 MB`, 429, () =>
        send(form.route, { contentType: "application/x-www-form-urlencoded", body: Buffer.from("x="), chunkedFiller: { bytes: 50 * MB, fill: 0x61 }, client }),
      );
    });
  });
}

test("a multipart post without its boundary gets 400 with the form's own sentence on every form and sign-in, logged as a warning without a stack", async () => {
  for (const route of ["/consultation", "/careers/registration", "/newsletter", "/kraf-think-2025", "/banner", "/staff/sign-in"]) {
    const answer = await send(route, { contentType: "multipart/form-data", body: Buffer.from("email=a%40example.com") });
    expect(answer.status, route).toBe(400);
    if (route !== "/banner") expect(answer.text, route).toContain("The form could not be read. Please reload the page and try again.");
  }
  const lines = server
    .output()
    .split("\n")
    .filter((line) => line.includes("Boundary not found"));
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(line).toContain('"level":40');
    expect(line).not.toContain("stack");
  }
});

test("after all of it: no row, no file, no mail, and the server is healthy", async () => {
  for (const table of ["consultations", "consultation_attachments", "job_applications", "newsletter_subscriptions", "outbox"]) {
    expect(await database.count(table), table).toBe(0);
  }
  expect(listFiles(path.join(server.dataDir, "files", "consultation"))).toEqual([]);
  expect(listFiles(path.join(server.dataDir, "files", "careers"))).toEqual([]);
  expect(listFiles(mailDir(server.dataDir))).toEqual([]);
  expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
  expect(server.output()).not.toMatch(/"level":(50|60)/);
});
