import { request, type ClientRequest } from "node:http";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CONSENT_VERSION } from "#app/features/newsletter/newsletter-schema.ts";
import { MAX_RECEIVING_PER_CLIENT, TOO_MANY_AT_ONCE_MESSAGE } from "#server/body-intake.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";

/*
 * One address sends eight sign-in bodies a byte at a time, as many as the
 * server has slots for work (POSTS_IN_FLIGHT=8). Visitors from other
 * addresses must go on posting and signing in meanwhile (decision 028). The
 * addresses are real: the slow client's sockets come from 127.0.0.2, the
 * visitors' from 127.0.0.3 and up, and the server trusts no proxy header.
 */

const SLOW_ADDRESS = "127.0.0.2";
const SLOW_BODIES = 8;

let server: RunningServer;
type Answer = { status: number; body: string };

function post(path: string, localAddress: string, headers: Record<string, string | number>, write: (req: ClientRequest) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.baseURL}${path}`, { method: "POST", agent: false, localAddress, headers: { Origin: server.baseURL, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    write(req);
  });
}

const form = (values: Record<string, string>) => new URLSearchParams(values).toString();

beforeAll(async () => {
  server = await startServer({ POSTS_IN_FLIGHT: "8" });
});

afterAll(async () => {
  await server?.stop();
});

test("eight slow bodies from one address hold no slot: other addresses' newsletter posts and sign-ins are answered meanwhile", async () => {
  const timers: NodeJS.Timeout[] = [];
  const requests: ClientRequest[] = [];
  const slowAnswers: (Answer | null)[] = Array.from({ length: SLOW_BODIES }, () => null);
  try {
    for (let i = 0; i < SLOW_BODIES; i++) {
      void post("/staff/sign-in", SLOW_ADDRESS, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": 1_000 }, (req) => {
        requests.push(req);
        req.write("e");
        timers.push(setInterval(() => req.write("e"), 500));
      }).then(
        (answer) => (slowAnswers[i] = answer),
        () => undefined,
      );
    }
    // Long enough for every slow post to be taken in (or refused) before the visitors come.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    // One after another: a busy two-core machine would otherwise fail some for slowness, which is not what is tested here.
    const visitors: Answer[] = [];
    for (let i = 0; i < 8; i++) {
      visitors.push(
        await post("/newsletter", `127.0.0.${3 + (i % 4)}`, { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, (req) =>
          req.end(form({ email: `slow-test-${i}@example.com`, consent: "yes", consentVersion: CONSENT_VERSION, website: "", idempotencyKey: `slow-${i}` })),
        ),
      );
    }
    expect(visitors.map((answer) => answer.status)).toEqual(visitors.map(() => 200));
    for (const answer of visitors) expect(answer.body).toContain("Subscription successful! Thank you for signing up.");

    const signIn = await post("/staff/sign-in", "127.0.0.7", { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, (req) =>
      req.end(form({ email: "nobody@example.com", password: "not the password" })),
    );
    expect(signIn.status).toBe(401);
    expect(signIn.body).toContain("The email or password is not correct.");

    // The slow address got its few places; the rest of its bodies were refused at once, and none is answered as if it had arrived.
    const refused = slowAnswers.filter((answer) => answer !== null);
    expect(refused).toHaveLength(SLOW_BODIES - MAX_RECEIVING_PER_CLIENT);
    for (const answer of refused) {
      expect(answer!.status).toBe(503);
      expect(answer!.body).toContain(TOO_MANY_AT_ONCE_MESSAGE);
    }
  } finally {
    for (const timer of timers) clearInterval(timer);
    for (const req of requests) req.destroy();
  }
});
