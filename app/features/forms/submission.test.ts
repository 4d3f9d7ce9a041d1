import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { FormRejection } from "#app/features/forms/read-form.server.ts";
import { guardAndRead, submitForm, type FormSpec } from "#app/features/forms/submission.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { requestInfoContext } from "#app/platform/request-context.ts";
import type { Services } from "#app/platform/services.server.ts";
import { openTestDatabase, type TestDatabase } from "#tests/support/databases.ts";

// A PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase("pglite");
});
afterAll(async () => {
  await database?.dispose();
});

/** The services the pipeline touches; storage and outbox record what they are asked to do. */
function services(limit = 5) {
  const stored: string[] = [];
  const queued: string[] = [];
  const env = { SITE_URL: "https://www.example.com", FORM_RATE_LIMIT: limit, FORM_RATE_WINDOW_SECONDS: 600 } as Env;
  const fake = {
    env,
    db: database.db,
    storage: { put: async (key: string) => void stored.push(key), delete: async () => undefined },
    outbox: {
      enqueue: async (_tx: unknown, message: { to: string }) => (queued.push(message.to), queued.length),
      attemptNow: async () => ({ status: "sent" }),
      nudge: () => undefined,
    },
  } as unknown as Services;
  return { services: fake, stored, queued };
}

function contextFrom(address: string) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientAddress: address });
  return context;
}

/** A form post whose body records whether anyone started reading it. */
function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const read = { started: false };
  const bytes = new TextEncoder().encode(new URLSearchParams(fields).toString());
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read.started = true;
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request("https://www.example.com/form", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    duplex: "half",
  } as RequestInit);
  return { request, read };
}

const saves: string[] = [];
const spec: FormSpec<{ name: string }, string, object> = {
  name: "test-form",
  read: { maxBytes: 4096, encodings: ["urlencoded"], fields: ["name", "email"], multiline: [], labels: { name: "Name", email: "Email" } },
  echo: ["name"],
  unavailableMessage: "down",
  validate: ({ values }) =>
    values.name ? { ok: true, input: { name: values.name } } : { ok: false, message: "Name is required.", fields: { name: "Name is required." } },
  botAnswer: () => ({ status: "success", messages: ["thanks"] }),
  async save({ input, confirm }) {
    saves.push(input.name);
    await confirm({ template: "consultation-confirmation", to: "same@example.com", params: {} } as never);
    return input.name;
  },
  answer: (name, confirmation) => ({ status: "success", messages: [`saved ${name}`, `mail ${confirmation?.status ?? "none"}`] }),
};

test("a cross-site post is refused before the rate limit counts it or the body is read", async () => {
  const { request, read } = post({ name: "x" }, { Origin: "https://evil.example" });
  const error = await guardAndRead(request, contextFrom("1.1.1.1"), services().services, spec).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(FormRejection);
  expect((error as FormRejection).status).toBe(403);
  expect(read.started).toBe(false);
});

test("a client over its limit gets 429 before a byte of its body is read", async () => {
  const { services: limited } = services(2);
  for (let i = 0; i < 2; i++) await guardAndRead(post({ name: "x" }).request, contextFrom("2.2.2.2"), limited, spec);
  const { request, read } = post({ name: "x" });
  const error = (await guardAndRead(request, contextFrom("2.2.2.2"), limited, spec).catch((caught: unknown) => caught)) as FormRejection;
  expect(error.status).toBe(429);
  expect(error.message).toMatch(/^Too many submissions from your connection\. Please try again in \d+ minutes\.$/);
  expect(read.started).toBe(false);
});

test("a filled honeypot answers success and saves nothing; an invalid post saves nothing and hands back its values", async () => {
  const before = saves.length;
  const bot = await submitForm(post({ name: "bot", website: "http://spam.example" }).request, contextFrom("3.3.3.3"), services().services, spec);
  expect(bot.data).toEqual({ status: "success", messages: ["thanks"] });
  const invalid = await submitForm(post({ name: "", email: "a@b.co" }).request, contextFrom("3.3.3.4"), services().services, spec);
  expect([invalid.init?.status, invalid.data]).toEqual([
    400,
    { status: "error", message: "Name is required.", fields: { name: "Name is required." }, values: { name: "" } },
  ]);
  expect(saves.length).toBe(before);
});

test("the same client key is saved once; confirmations stop after three a day for one address, the submission still saved", async () => {
  const { services: fresh, queued } = services(100);
  const first = await submitForm(post({ name: "one", idempotencyKey: "key-0000-one" }).request, contextFrom("4.4.4.4"), fresh, spec);
  expect(first.data).toEqual({ status: "success", messages: ["saved one", "mail sent"] });
  const answers = [];
  for (const name of ["two", "three", "four"]) {
    answers.push((await submitForm(post({ name, idempotencyKey: `key-0000-${name}` }).request, contextFrom("4.4.4.4"), fresh, spec)).data);
  }
  expect(answers.at(-1)).toEqual({ status: "success", messages: ["saved four", "mail limited"] });
  expect(queued).toEqual(["same@example.com", "same@example.com", "same@example.com"]);
  expect(saves.slice(-4)).toEqual(["one", "two", "three", "four"]);
});

test("the confirmation cap counts the mailbox, however its address is written", async () => {
  const { services: fresh, queued } = services(100);
  const toTyped: FormSpec<{ email: string }, string, object> = {
    ...spec,
    read: { ...spec.read, fields: ["email"] },
    validate: ({ values }) => ({ ok: true, input: { email: values.email ?? "" } }),
    async save({ input, confirm }) {
      await confirm({ template: "consultation-confirmation", to: input.email, params: {} } as never);
      return input.email;
    },
  };
  const answers = [];
  for (const email of ["cap@bücher.example", "CAP@xn--bcher-kva.example", " cap@BÜCHER.EXAMPLE ", "cap@xn--bcher-kva.example"]) {
    answers.push((await submitForm(post({ email }).request, contextFrom("4.4.4.5"), fresh, toTyped)).data);
  }
  expect(answers.map((answer) => (answer as { messages: string[] }).messages[1])).toEqual(["mail sent", "mail sent", "mail sent", "mail limited"]);
  expect(queued).toHaveLength(3);
});
