import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { createEmailJsTransport, emailJsMessages } from "#app/platform/email/emailjs-transport.server.ts";
import { createFileTransport } from "#app/platform/email/file-transport.server.ts";
import { createSmtpTransport } from "#app/platform/email/smtp-transport.server.ts";
import { renderTemplate } from "#app/platform/email/templates.server.ts";
import { createMailTransport } from "#app/platform/email/transports.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { closedPort, parseMail, startSmtpServer } from "#tests/support/mail.ts";
import { testMailTemplates, type NoteParams } from "#tests/support/mail-templates.ts";
import type { OutgoingMail } from "#app/platform/email/transport.server.ts";

const params: NoteParams = { to_email: "asha@example.com", full_name: "Asha Rao", note: "We need a CRM." };

function noteMail(outboxId = 7): OutgoingMail {
  return {
    ...renderTemplate(testMailTemplates, "note", params, params.to_email),
    outboxId,
    from: '"Kraf Technologies" <info@kraftechnologies.com>',
    to: params.to_email,
    template: "note",
  };
}

type Reply = { status: number; body: string };

async function startEmailJs(reply: Reply) {
  const requests: { method: string; url: string; contentType: string; body: unknown }[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    requests.push({
      method: req.method ?? "",
      url: req.url ?? "",
      contentType: req.headers["content-type"] ?? "",
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
    });
    res.writeHead(reply.status, { "Content-Type": "text/plain" }).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { apiUrl, requests, close: () => new Promise((r) => server.close(r)) };
}

function emailJs(apiUrl: string, overrides: Partial<Parameters<typeof createEmailJsTransport>[0]> = {}) {
  return createEmailJsTransport({
    apiUrl,
    publicKey: "public-key",
    privateKey: "private-key",
    serviceId: "service_1",
    templateIds: { note: "template_1" },
    ...overrides,
  });
}

test("EmailJS: POSTs the spec's JSON to /api/v1.0/email/send", async () => {
  const service = await startEmailJs({ status: 200, body: "OK" });
  try {
    await emailJs(service.apiUrl).send(noteMail());
    expect(service.requests).toHaveLength(1);
    const [request] = service.requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/api/v1.0/email/send");
    expect(request?.contentType).toBe("application/json");
    expect(request?.body).toEqual({
      lib_version: "4.4.1",
      user_id: "public-key",
      service_id: "service_1",
      template_id: "template_1",
      template_params: params,
      accessToken: "private-key",
    });
  } finally {
    await service.close();
  }
});

test("EmailJS from the settings: each template's message goes to the EmailJS template its setting names", async () => {
  const service = await startEmailJs({ status: 200, body: "OK" });
  try {
    const env = parseEnv({
      MAIL_TRANSPORT: "emailjs",
      EMAILJS_API_URL: service.apiUrl,
      EMAILJS_PUBLIC_KEY: "public-key",
      EMAILJS_PRIVATE_KEY: "private-key",
      EMAILJS_SERVICE_ID: "service_1",
      EMAILJS_TEMPLATE_ID: "template_note",
      EMAILJS_NOTIFY_TEMPLATE_ID: "template_other",
    });
    await createMailTransport(env, testMailTemplates).send(noteMail());
    expect(service.requests[0]?.body).toMatchObject({ template_id: "template_note", template_params: params });
  } finally {
    await service.close();
  }
});

test("EmailJS: each refusal becomes a clear text", async () => {
  const cases: [Reply, string][] = [
    [{ status: 400, body: "The Public Key is invalid. To find this ID, visit ..." }, emailJsMessages.missingPublicKey],
    [{ status: 400, body: "The user_id parameter is required" }, emailJsMessages.missingPublicKey],
    [{ status: 400, body: "The service ID is invalid" }, emailJsMessages.missingServiceId],
    [{ status: 400, body: "The template ID not found" }, emailJsMessages.missingTemplateId],
    [{ status: 403, body: "API calls are disabled for non-browser applications" }, emailJsMessages.forbidden],
    [{ status: 429, body: "Too many requests" }, emailJsMessages.tooManyRequests],
    [{ status: 451, body: "" }, emailJsMessages.headless],
    [{ status: 500, body: "boom" }, "EmailJS answered 500: boom"],
  ];
  for (const [reply, expected] of cases) {
    const service = await startEmailJs(reply);
    try {
      await expect(emailJs(service.apiUrl).send(noteMail()), `${reply.status} ${reply.body}`).rejects.toThrow(expected);
    } finally {
      await service.close();
    }
  }
  expect(emailJsMessages.forbidden).toBe("Forbidden: the EmailJS key or origin is not allowed");
  expect(emailJsMessages.tooManyRequests).toBe("Too Many Requests: EmailJS rate limit reached");
  expect(emailJsMessages.headless).toBe(
    "Unavailable For Headless Browser: EmailJS refused a non-browser request (enable API access for non-browser applications)",
  );
});

test("EmailJS: an unreachable service is a Network Error, missing settings are named before any call", async () => {
  const port = await closedPort();
  await expect(emailJs(`http://127.0.0.1:${port}`).send(noteMail())).rejects.toThrow("Network Error: could not reach EmailJS");
  await expect(emailJs("http://127.0.0.1:1", { publicKey: undefined }).send(noteMail())).rejects.toThrow(emailJsMessages.missingPublicKey);
  await expect(emailJs("http://127.0.0.1:1", { serviceId: undefined }).send(noteMail())).rejects.toThrow(emailJsMessages.missingServiceId);
  await expect(emailJs("http://127.0.0.1:1", { templateIds: {} }).send(noteMail())).rejects.toThrow(emailJsMessages.missingTemplateId);
});

test("file transport writes a parseable RFC 822 .eml", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-test-"));
  try {
    await createFileTransport(dir).send(noteMail(42));
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/_42_note\.eml$/);
    const raw = fs.readFileSync(path.join(dir, files[0]!), "utf8");
    expect(raw).toContain("\r\n\r\n");
    const mail = parseMail(raw);
    expect(mail.headers.get("from")).toBe("Kraf Technologies <info@kraftechnologies.com>");
    expect(mail.headers.get("to")).toBe("asha@example.com");
    expect(mail.headers.get("subject")).toBe("A note for Asha Rao – Kraf Technologies");
    expect(mail.headers.get("message-id")).toBe("<outbox-42@kraftechnologies.com>");
    expect(mail.headers.get("mime-version")).toBe("1.0");
    expect(mail.headers.get("content-type")).toMatch(/^multipart\/alternative; boundary=/);
    expect(mail.text).toBe("Dear Asha Rao,\n\nWe need a CRM.");
    expect(mail.html).toContain("<strong>We need a CRM.</strong>");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("file transport's messages are the owner's alone (0600), in folders only the owner can enter (0700), whatever the umask allows", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "mail-test-"));
  const dir = path.join(root, "data", "mail");
  const previous = process.umask(0o022);
  try {
    await createFileTransport(dir).send(noteMail(43));
    const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
    const files = fs.readdirSync(dir);
    expect(files).toEqual([expect.stringMatching(/_43_note\.eml$/)]);
    expect(modeOf(path.join(dir, files[0]!))).toBe("600");
    expect(modeOf(dir), "the mail folder").toBe("700");
    expect(modeOf(path.dirname(dir)), "the folder it created above it").toBe("700");
  } finally {
    process.umask(previous);
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("SMTP transport delivers to a real SMTP server, and says clearly when it cannot connect", async () => {
  const smtp = await startSmtpServer();
  try {
    const unsubscribe = { "List-Unsubscribe": "<https://www.example.com/newsletter/unsubscribe?s=1.x>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    await createSmtpTransport(smtp.url).send({ ...noteMail(), headers: unsubscribe });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(["asha@example.com"]);
    expect(smtp.received[0]?.from).toBe("info@kraftechnologies.com");
    // A message's own headers (a newsletter's one-click unsubscribe) travel with it.
    const headers = parseMail(smtp.received[0]!.raw).headers;
    expect([headers.get("list-unsubscribe"), headers.get("list-unsubscribe-post")]).toEqual(Object.values(unsubscribe));
  } finally {
    await smtp.stop();
  }
  await expect(createSmtpTransport(`smtp://127.0.0.1:${await closedPort()}`).send(noteMail())).rejects.toThrow(
    /^Could not reach the SMTP server: .*ECONNREFUSED/,
  );
});
