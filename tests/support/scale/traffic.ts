import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { CONSENT_VERSION } from "#app/features/newsletter/newsletter-schema.ts";
import { BUSY_MESSAGE } from "#server/busy-answer.ts";
import { sampleFiles } from "#tests/support/forms.ts";

/*
 * The scale test's visitors: plain HTTP clients, each from an address of its
 * own on the loopback network (127.0.0.2, .3, ...; Linux routes all of
 * 127.0.0.0/8 to lo), so nginx's X-Forwarded-For gives every visitor a
 * different address and the per-address rate limit sees 50 visitors, not one.
 * They post the forms as the site's scripts do (React Router's `.data`
 * endpoints, the hidden idempotency key, an Origin header) and record every
 * answer. Bounded: each client stops at the deadline, and each request gives
 * up after 30 s.
 */

export type FormKind = "newsletter" | "consultation" | "application";

/**
 * What an answer says about the submission:
 * - success: the form's success answer (it must then be stored exactly once);
 * - refused: a definite "no" before anything was stored (429 rate limit, 4xx validation or origin);
 * - busy: the load shedder's 503 (decision 016: nothing of the post was read or stored);
 * - failed: the app's own failure answer ("could not be saved", 503): nothing was stored;
 * - lost: no answer from the app (connection error, nginx's 502/504 when the process died):
 *   the submission may or may not have been stored; that is "unknown", never "lost data".
 */
export type Outcome = "success" | "refused" | "busy" | "failed" | "lost";

export type Answer = { status: number; outcome: Outcome; startedAt: number; endedAt: number; reference?: string; message?: string };
export type SentFile = { name: string; sha256: string; size: number };

/** One submission as the visitor meant it: one marker (the email), one idempotency key, its files, and every answer it got. */
export type Submission = {
  kind: FormKind;
  email: string;
  key: string;
  files: SentFile[];
  /** Sent twice at once with the same key (a double click). */
  double: boolean;
  /** Sent again with the same key after an answer was lost, as the form does ("a retry without an answer keeps the key"). */
  retried: number;
  client: number;
  answers: Answer[];
};

export type PageView = { path: string; status: number; startedAt: number; endedAt: number };

export type TrafficOptions = {
  siteURL: string;
  clients: number;
  durationMs: number;
  /** Work the load must outlast: the traffic goes on past `durationMs` until it has settled. */
  outlast?: Promise<unknown>;
  job: { id: number; title: string };
  /** Posts one client may make to one form (kept under the rate limit, so only the probe meets it). */
  postsPerForm: number;
  pages: string[];
};

export type Traffic = { submissions: Submission[]; pageViews: PageView[] };

/** The client's address on the loopback network; 127.0.0.1 stays the servers'. */
export const clientAddress = (client: number) => `127.0.0.${client + 2}`;

type Raw = { status: number; body: Buffer };

function send(url: string, options: { method: string; localAddress: string; agent: http.Agent; headers: Record<string, string>; body?: Buffer }): Promise<Raw> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      { method: options.method, agent: options.agent, localAddress: options.localAddress, headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on("error", () => resolve({ status: 0, body: Buffer.alloc(0) }));
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error("timed out")));
    request.on("error", () => resolve({ status: 0, body: Buffer.alloc(0) }));
    request.end(options.body);
  });
}

type ActionData = { status?: string; message?: string; reference?: string };

/** Reads an answer to a `.data` post as the site's scripts would. */
export async function outcomeOf(raw: Raw): Promise<Pick<Answer, "outcome" | "reference" | "message">> {
  // nginx's own answers when no app process answered in time or the one it chose died.
  if (raw.status === 0 || raw.status === 502 || raw.status === 504) return { outcome: "lost" };
  let data: ActionData | undefined;
  try {
    const decoded = await decodeViaTurboStream(new Response(new Uint8Array(raw.body)).body!, globalThis as never);
    data = (decoded.value as { data?: ActionData }).data;
  } catch {
    data = undefined;
  }
  if (raw.status === 200 && data?.status === "success") return { outcome: "success", reference: data.reference };
  if (data?.message === BUSY_MESSAGE) return { outcome: "busy", message: data.message };
  if (raw.status === 503 || raw.status >= 500) return { outcome: "failed", message: data?.message ?? `HTTP ${raw.status}` };
  if (raw.status >= 400) return { outcome: "refused", message: data?.message ?? `HTTP ${raw.status}` };
  return { outcome: "failed", message: data?.message ?? `HTTP ${raw.status} without a success answer` };
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A PDF or PNG the server recognises by content, made unique (and a few KB to 40 KB) by padding after its header. */
function uniqueFile(marker: string, index: number): { name: string; type: string; bytes: Buffer } {
  const padding = randomBytes(1_000 + Math.floor(Math.random() * 19_000)).toString("hex");
  if (index % 2 === 1) {
    return { name: `${marker}-${index}.png`, type: "image/png", bytes: Buffer.concat([sampleFiles.png, Buffer.from(`${marker}${padding}`)]) };
  }
  return {
    name: `${marker}-${index}.pdf`,
    type: "application/pdf",
    bytes: Buffer.from(`%PDF-1.4\n%${marker}\n%${padding}\n${sampleFiles.pdf.toString("latin1").slice(9)}`, "latin1"),
  };
}

/** A form's body as a browser would send it (multipart from FormData, urlencoded for the newsletter). */
async function encode(form: FormData | URLSearchParams): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request("http://encode.invalid/", { method: "POST", body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
}

export type PreparedPost = { submission: Submission; path: string; body: Buffer; contentType: string };

export async function prepareSubmission(kind: FormKind, marker: string, client: number, job: { title: string }): Promise<PreparedPost> {
  const email = `${marker}@example.com`;
  const key = `scale-${marker}-${randomBytes(6).toString("hex")}`;
  const files: SentFile[] = [];
  const attach = (form: FormData, field: string, file: { name: string; type: string; bytes: Buffer }) => {
    form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    files.push({ name: file.name, sha256: sha256(file.bytes), size: file.bytes.byteLength });
  };
  let form: FormData | URLSearchParams;
  let path: string;
  if (kind === "newsletter") {
    form = new URLSearchParams({ email, consent: "yes", consentVersion: CONSENT_VERSION, website: "", idempotencyKey: key });
    path = "/newsletter.data";
  } else if (kind === "consultation") {
    form = new FormData();
    for (const [name, value] of Object.entries({
      fullName: `Visitor ${marker}`,
      email,
      country: "India",
      phone: "+91 98765 43210",
      brief: `Scale test brief ${marker}.`,
    })) {
      form.append(name, value);
    }
    form.append("website", "");
    form.append("idempotencyKey", key);
    const count = 1 + Math.floor(Math.random() * 3);
    for (let index = 0; index < count; index++) attach(form, "files", uniqueFile(marker, index));
    path = "/consultation.data";
  } else {
    form = new FormData();
    const values = {
      fullName: `Applicant ${marker}`,
      email,
      phone: "+91 98100 00000",
      position: job.title,
      portfolioUrl: "https://www.example.com/portfolio",
      yearsExperience: "6",
      coverLetter: `Cover letter ${marker}.`,
      consent: "yes",
    };
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    form.append("website", "");
    form.append("idempotencyKey", key);
    const resume = uniqueFile(marker, 0);
    attach(form, "resume", { ...resume, name: `${marker}-cv.pdf` });
    path = `/careers/registration.data?pos=${encodeURIComponent(job.title)}`;
  }
  const { body, contentType } = await encode(form);
  return { submission: { kind, email, key, files, double: false, retried: 0, client, answers: [] }, path, body, contentType };
}

export type Poster = (prepared: PreparedPost, extraHeaders?: Record<string, string>) => Promise<Answer>;

/** Posts for one client address through `siteURL`, recording each answer on the submission. */
export function posterFor(siteURL: string, localAddress: string, agent: http.Agent): Poster {
  return async (prepared, extraHeaders = {}) => {
    const startedAt = Date.now();
    const raw = await send(`${siteURL}${prepared.path}`, {
      method: "POST",
      localAddress,
      agent,
      headers: { "Content-Type": prepared.contentType, Origin: siteURL, Referer: `${siteURL}/`, Accept: "*/*", ...extraHeaders },
      body: prepared.body,
    });
    const answer: Answer = { status: raw.status, startedAt, endedAt: Date.now(), ...(await outcomeOf(raw)) };
    prepared.submission.answers.push(answer);
    return answer;
  };
}

export async function runTraffic(options: TrafficOptions, onSubmission: (submission: Submission) => void = () => undefined): Promise<Traffic> {
  const submissions: Submission[] = [];
  const pageViews: PageView[] = [];
  const until = Date.now() + options.durationMs;
  let outlasted = !options.outlast;
  void options.outlast?.finally(() => (outlasted = true));
  const goingOn = () => Date.now() < until || !outlasted;
  let counter = 0;

  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      const localAddress = clientAddress(client);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
      const post = posterFor(options.siteURL, localAddress, agent);
      const posts: Record<FormKind, number> = { newsletter: 0, consultation: 0, application: 0 };
      // Spread the clients' first requests over the first second.
      await sleep(Math.random() * 1_000);
      try {
        while (goingOn()) {
          const roll = Math.random();
          const wanted: FormKind | "page" = roll < 0.5 ? "page" : roll < 0.65 ? "newsletter" : roll < 0.83 ? "consultation" : "application";
          // Room for a double submit and two retries, all under the rate limit.
          const kind = wanted !== "page" && posts[wanted] + 4 <= options.postsPerForm ? wanted : "page";
          if (kind === "page") {
            const path = pick(options.pages);
            const startedAt = Date.now();
            const raw = await send(`${options.siteURL}${path}`, {
              method: "GET",
              localAddress,
              agent,
              headers: { Accept: "text/html", "Accept-Encoding": "br, gzip" },
            });
            pageViews.push({ path, status: raw.status, startedAt, endedAt: Date.now() });
          } else {
            const prepared = await prepareSubmission(kind, `c${client}n${++counter}${kind[0]}`, client, options.job);
            submissions.push(prepared.submission);
            onSubmission(prepared.submission);
            // One submission in ten is sent twice at once with the same key, as a double click does.
            prepared.submission.double = Math.random() < 0.1;
            posts[kind] += prepared.submission.double ? 2 : 1;
            const answers = await Promise.all(prepared.submission.double ? [post(prepared), post(prepared)] : [post(prepared)]);
            // No answer: the form keeps its key and the visitor presses the button again.
            let lost = answers.every((answer) => answer.outcome === "lost");
            while (lost && prepared.submission.retried < 2 && Date.now() < until + 10_000) {
              await sleep(1_000);
              prepared.submission.retried += 1;
              posts[kind] += 1;
              lost = (await post(prepared)).outcome === "lost";
            }
          }
          await sleep(100 + Math.random() * 300);
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  return { submissions, pageViews };
}

/**
 * One visitor (one source address) posting the newsletter form `posts` times,
 * four at a time; nginx spreads the posts over the processes. Each post also
 * carries a forged X-Forwarded-For, which nginx replaces with the real address.
 */
export async function rateLimitProbe(siteURL: string, posts: number): Promise<Submission[]> {
  const agent = new http.Agent({ keepAlive: false });
  const post = posterFor(siteURL, clientAddress(248), agent);
  const prepared = await Promise.all(Array.from({ length: posts }, (_, n) => prepareSubmission("newsletter", `probe${n}`, -1, { title: "" })));
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < prepared.length) {
        const current = prepared[next++]!;
        await post(current, { "X-Forwarded-For": `10.9.${next}.1`, "X-Real-IP": `10.9.${next}.1` });
      }
    }),
  );
  agent.destroy();
  return prepared.map((p) => p.submission);
}
