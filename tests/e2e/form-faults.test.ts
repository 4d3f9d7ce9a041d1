import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { site } from "#app/content/site.ts";
import { MAX_REQUEST_BYTES } from "#app/features/consultation/consultation-schema.ts";
import { closedPort, startSmtpServer, type TestSmtpServer } from "#tests/support/mail.ts";
import { gotoHydrated, setupBrowser } from "#tests/support/browser.ts";
import {
  consultationFilesDir,
  consultationValues,
  freshPostgres,
  listFiles,
  multipartBody,
  sampleFiles,
  startTcpProxy,
  waitFor,
  type FreshPostgres,
  type TcpProxy,
} from "#tests/support/forms.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";

/*
 * What happens when things go wrong: the database disappears mid-run, the
 * mail server is down, a second process opens the same PGlite directory,
 * hostile or broken requests, and too many posts from one address.
 */

const SUBMITTED = "Consultation request submitted successfully!";
const NEWSLETTER_OK = "Subscription successful! Thank you for signing up.";
const NEWSLETTER_FAILED = "Error subscribing. Please try again later.";

const { newPage } = setupBrowser();

function consultationForm(values = consultationValues(), file?: { name: string; bytes: Buffer; type: string }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  if (file) body.append("files", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
}

function newsletterForm(email: string) {
  return new URLSearchParams({ email, consent: "yes", consentVersion: "2025-01" });
}

async function healthy(server: RunningServer) {
  const response = await fetch(`${server.baseURL}/healthz`);
  return response.ok && server.process.exitCode === null;
}

/** The answer's HTML with entities decoded enough to search for the visitor's text. */
const readable = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

describe("the database becomes unreachable during submissions", () => {
  let database: FreshPostgres;
  let proxy: TcpProxy;
  let server: RunningServer;

  beforeAll(async () => {
    database = await freshPostgres();
    proxy = await startTcpProxy(Number(new URL(database.url).port || 5432));
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    server = await startServer({ FORM_RATE_LIMIT: "1000", DATABASE_URL: viaProxy.toString() });
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.dispose();
  });

  test("a clear 503, no file left behind, no crash, and nothing half-written once it is back", async () => {
    const post = (body: FormData) => fetch(`${server.baseURL}/consultation`, { method: "POST", body });
    const pdf = { name: "plan.pdf", bytes: sampleFiles.pdf, type: "application/pdf" };
    const files = () => listFiles(consultationFilesDir(server.dataDir));

    const first = await post(consultationForm(consultationValues({ email: "first@example.com" }), pdf));
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(SUBMITTED);
    expect(files()).toHaveLength(1);
    const subscribed = await fetch(`${server.baseURL}/newsletter`, { method: "POST", body: newsletterForm("one@example.com") });
    expect(subscribed.status).toBe(200);

    await proxy.cut();
    const failed = await post(consultationForm(consultationValues({ email: "second@example.com" }), pdf));
    expect(failed.status).toBe(503);
    const failedText = readable(await failed.text());
    expect(failedText).toMatch(/Error: Submission failed: [^<]{10,}/);
    expect(files()).toHaveLength(1);

    const notSubscribed = await fetch(`${server.baseURL}/newsletter`, { method: "POST", body: newsletterForm("two@example.com") });
    expect(notSubscribed.status).toBe(503);
    expect(readable(await notSubscribed.text())).toContain(NEWSLETTER_FAILED);
    expect(await healthy(server)).toBe(true);

    await proxy.restore();
    const third = await waitFor(
      () => post(consultationForm(consultationValues({ email: "third@example.com" }), pdf)),
      (response) => response.status !== 503,
      10_000,
    );
    expect(third.status).toBe(200);
    expect(await third.text()).toContain(SUBMITTED);
    const again = await fetch(`${server.baseURL}/newsletter`, { method: "POST", body: newsletterForm("three@example.com") });
    expect(readable(await again.text())).toContain(NEWSLETTER_OK);

    const { rows } = await database.pool.query<{ email: string }>("select email from consultations order by id");
    expect(rows.map((row) => row.email)).toEqual(["first@example.com", "third@example.com"]);
    expect(await database.count("consultation_attachments")).toBe(2);
    // Two per consultation, and the confirmation link to each new subscriber: none for the refused ones.
    const { rows: queued } = await database.pool.query<{ template: string; n: number }>(
      "select template, count(*)::int as n from outbox group by template order by template",
    );
    expect(queued).toEqual([
      { template: "consultation-confirmation", n: 2 },
      { template: "consultation-notification", n: 2 },
      { template: "newsletter-confirmation", n: 2 },
    ]);
    const { rows: subscribers } = await database.pool.query<{ email: string }>("select email from newsletter_subscriptions order by id");
    expect(subscribers.map((row) => row.email)).toEqual(["one@example.com", "three@example.com"]);
    expect(files()).toHaveLength(2);
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
  });
});

describe("the mail server is down, then comes back", () => {
  let database: FreshPostgres;
  let server: RunningServer;
  let smtp: TestSmtpServer | undefined;
  let smtpPort: number;

  beforeAll(async () => {
    database = await freshPostgres();
    smtpPort = await closedPort();
    server = await startServer({
      FORM_RATE_LIMIT: "1000",
      DATABASE_URL: database.url,
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    });
  });

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    await database?.dispose();
  });

  test("the request is kept and the visitor told; the outbox delivers both messages exactly once when SMTP returns", { timeout: 60_000 }, async () => {
    const page = await newPage({ baseURL: server.baseURL });
    await gotoHydrated(page, "/crm");
    const form = page.locator("#consultation form[novalidate]");
    const values = consultationValues({ email: "smtp-down@example.com" });
    for (const [name, value] of Object.entries(values)) await form.locator(`[name="${name}"]`).fill(value);
    await form.getByRole("button", { name: "Enquire Now" }).click();

    const toasts = page.getByTestId("toast-text");
    await toasts.getByText(SUBMITTED, { exact: true }).waitFor();
    const warning = toasts.filter({ hasText: /^Failed to send confirmation email: ./ });
    await warning.waitFor();
    expect(await toasts.getByText("Confirmation email sent successfully!").count()).toBe(0);
    expect(await database.count("consultations")).toBe(1);
    const { rows: pending } = await database.pool.query<{ status: string }>("select status from outbox");
    expect(pending.map((row) => row.status).sort()).toEqual(["pending", "pending"]);

    smtp = await startSmtpServer({ port: smtpPort });
    const received = smtp.received;
    await waitFor(
      () => received.length,
      (count) => count >= 2,
      25_000,
    );
    // Long enough for another poll of the worker: nothing may be sent twice.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(received).toHaveLength(2);
    expect(received.map((mail) => mail.to.join(",")).sort()).toEqual([site.emails.sales, values.email].sort());
    const { rows: sent } = await database.pool.query<{ status: string; sent_at: Date | null }>("select status, sent_at from outbox");
    expect(sent.every((row) => row.status === "sent" && row.sent_at !== null)).toBe(true);
    expect(await database.count("consultations")).toBe(1);
  });
});

test("a second server process on the same PGlite directory is refused with a clear message", async () => {
  const first = await startServer();
  try {
    let failure: unknown;
    try {
      const second = await startServer({ DATA_DIR: first.dataDir });
      await second.stop();
    } catch (error) {
      failure = error;
    }
    expect(String(failure)).toMatch(/Server exited with [1-9]/);
    expect(String(failure)).toContain("Another server process is already using the database");
    expect(await healthy(first)).toBe(true);
    const response = await fetch(`${first.baseURL}/newsletter`, { method: "POST", body: newsletterForm("still@example.com") });
    expect(readable(await response.text())).toContain(NEWSLETTER_OK);
  } finally {
    await first.stop();
  }
});

describe("bad input never produces a 500", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ FORM_RATE_LIMIT: "1000" });
  });

  afterAll(async () => {
    await server?.stop();
  });

  const send = async (route: string, body: BodyInit, contentType?: string) => {
    const response = await fetch(`${server.baseURL}${route}`, {
      method: "POST",
      body,
      headers: contentType ? { "Content-Type": contentType } : undefined,
    });
    return { status: response.status, text: readable(await response.text()) };
  };

  const fields = consultationValues();
  const textParts = Object.entries(fields).map(([name, value]) => ({ name, value }));

  test.each([
    ["/consultation", "a JSON body", () => send("/consultation", JSON.stringify(fields), "application/json"), 415, "unsupported content type"],
    ["/newsletter", "a JSON body", () => send("/newsletter", JSON.stringify({ email: "a@b.co" }), "application/json"), 415, "unsupported content type"],
    ["/consultation", "text/plain", () => send("/consultation", "fullName=x", "text/plain"), 415, "unsupported content type"],
    ["/newsletter", "text/plain", () => send("/newsletter", "email=a@b.co", "text/plain"), 415, "unsupported content type"],
    [
      "/consultation",
      "a boundary that does not match the body",
      () => {
        const { body } = multipartBody(textParts, "----real-boundary");
        return send("/consultation", body, "multipart/form-data; boundary=----other-boundary");
      },
      400,
      /Please fill all required fields|could not be read/,
    ],
    [
      "/consultation",
      "a truncated multipart body",
      () => {
        const { body, contentType } = multipartBody([...textParts, { name: "files", filename: "a.pdf", type: "application/pdf", content: sampleFiles.pdf }]);
        return send("/consultation", body.subarray(0, body.length - 60), contentType);
      },
      400,
      "The form could not be read",
    ],
    [
      "/consultation",
      "an unknown field",
      () => send("/consultation", new URLSearchParams({ ...fields, admin: "1" }), "application/x-www-form-urlencoded"),
      400,
      'The form contained a field it does not have ("admin")',
    ],
    [
      "/newsletter",
      "an unknown field",
      () => send("/newsletter", new URLSearchParams({ email: "a@b.co", consent: "yes", role: "x" }), "application/x-www-form-urlencoded"),
      400,
      'The form contained a field it does not have ("role")',
    ],
    [
      "/consultation",
      "a 6000-character name",
      () => send("/consultation", new URLSearchParams({ ...fields, fullName: "A".repeat(6000) }), "application/x-www-form-urlencoded"),
      400,
      "Full Name must be at most 120 characters.",
    ],
    [
      "/consultation",
      "a file name with invalid UTF-8",
      () => {
        const { body, contentType } = multipartBody([
          ...textParts,
          {
            name: "files",
            filename: Buffer.from([0x62, 0x61, 0xff, 0xfe, 0xc3, 0x28, 0x2e, 0x70, 0x64, 0x66]),
            type: "application/pdf",
            content: sampleFiles.pdf,
          },
        ]);
        return send("/consultation", body, contentType);
      },
      400,
      /File upload failed: a file name is not valid text|The form could not be read/,
    ],
    [
      "/consultation",
      "six files",
      () => {
        const files = Array.from({ length: 6 }, (_, index) => ({
          name: "files",
          filename: `f${index}.pdf`,
          type: "application/pdf",
          content: sampleFiles.pdf,
        }));
        const { body, contentType } = multipartBody([...textParts, ...files]);
        return send("/consultation", body, contentType);
      },
      400,
      "File upload failed: at most 5 files can be attached.",
    ],
  ])("%s with %s gets a clear 4xx", async (_route, _what, run, status, message) => {
    const filesBefore = listFiles(consultationFilesDir(server.dataDir));
    const answer = await run();
    expect(answer.status).toBe(status);
    if (typeof message === "string") expect(answer.text).toContain(message);
    else expect(answer.text).toMatch(message);
    expect(answer.text).not.toMatch(/at [\w.<>]+ \(.*:\d+:\d+\)/); // no stack trace
    expect(listFiles(consultationFilesDir(server.dataDir))).toEqual(filesBefore);
    expect(await healthy(server)).toBe(true);
  });

  test("a body announced larger than the limit is refused before it is read", async () => {
    const url = new URL(`${server.baseURL}/consultation`);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: { "Content-Type": "multipart/form-data; boundary=xyz", "Content-Length": String(MAX_REQUEST_BYTES + 1) },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => {
            resolve({ status: response.statusCode ?? 0, text: readable(text) });
            request.destroy();
          });
        },
      );
      request.on("error", reject);
      request.write("--xyz\r\n");
    });
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("The form is too large to send");
    expect(await healthy(server)).toBe(true);
  });
});

test("the rate limit answers the third post with 429 and a clear message", async () => {
  const server = await startServer({ FORM_RATE_LIMIT: "2" });
  try {
    const statuses: number[] = [];
    let last = "";
    for (const email of ["r1@example.com", "r2@example.com", "r3@example.com"]) {
      const response = await fetch(`${server.baseURL}/newsletter`, { method: "POST", body: newsletterForm(email) });
      statuses.push(response.status);
      last = readable(await response.text());
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(last).toMatch(/Too many submissions from your connection\. Please try again in \d+ minutes?\./);
    const consultation = await fetch(`${server.baseURL}/consultation`, { method: "POST", body: consultationForm() });
    expect(consultation.status).toBe(200);
    await fetch(`${server.baseURL}/consultation`, { method: "POST", body: consultationForm(consultationValues({ email: "x@example.com" })) });
    const third = await fetch(`${server.baseURL}/consultation`, { method: "POST", body: consultationForm(consultationValues({ email: "y@example.com" })) });
    expect(third.status).toBe(429);
    expect(readable(await third.text())).toMatch(/Too many submissions from your connection\. Please try again in \d+ minutes?\./);
  } finally {
    await server.stop();
  }
});
