import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/*
 * Test support: a real SMTP server (the `smtp-server` package) on 127.0.0.1
 * that keeps what it receives, and can be stopped and started again on the
 * same port to play "mail server down, then back".
 */

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type TestSmtpServer = {
  port: number;
  url: string;
  received: ReceivedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
};

export async function startSmtpServer(
  options: {
    delayMs?: number;
    port?: number;
    /** Recipients refused for good, as a mail server answers a mailbox that does not exist: 550 5.1.1 to RCPT TO. */
    refuseRecipients?: readonly string[];
  } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (!options.refuseRecipients?.includes(address.address.toLowerCase())) return callback();
        callback(Object.assign(new Error("5.1.1 <" + address.address + ">: Recipient address rejected: User unknown"), { responseCode: 550 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const finish = () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString("utf8"),
            });
            callback();
          };
          if (options.delayMs) setTimeout(finish, options.delayMs);
          else finish();
        });
      },
    });
    server.on("error", () => undefined);
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.server.once("error", reject);
      listening.listen(port, "127.0.0.1", () => resolve());
    });
    port = (listening.server.address() as AddressInfo).port;
  };

  await start();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    start,
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A port nothing listens on: bound once, then released. */
export async function closedPort(): Promise<number> {
  const { createServer } = await import("node:net");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ParsedMail = { headers: Map<string, string>; text: string; html: string };

/**
 * Just enough of RFC 822/2045/2047 to read what nodemailer writes: unfolded
 * headers with encoded words decoded, and the text and HTML parts of a
 * multipart body (nested ones too), quoted-printable or base64 decoded.
 */
export function parseMail(raw: string): ParsedMail {
  const normalised = raw.replace(/\r\n/g, "\n");
  const { headers, body } = splitEntity(normalised);
  const parts = leafParts({ headers, body });
  const decoded = (type: string) => {
    const part = parts.find((p) => (p.headers.get("content-type") ?? "text/plain").startsWith(type));
    if (!part) return "";
    const encoding = (part.headers.get("content-transfer-encoding") ?? "").toLowerCase();
    if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
    if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
    return part.body;
  };
  return { headers, text: decoded("text/plain").trimEnd(), html: decoded("text/html").trimEnd() };
}

/** The leaves of a MIME tree: a message with an attachment nests its alternatives in multipart/mixed. */
function leafParts(entity: { headers: Map<string, string>; body: string }): { headers: Map<string, string>; body: string }[] {
  const boundary = /boundary="?([^";]+)"?/.exec(entity.headers.get("content-type") ?? "")?.[1];
  if (!boundary) return [entity];
  const parts: { headers: Map<string, string>; body: string }[] = [];
  for (const chunk of entity.body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith("--")) break;
    parts.push(...leafParts(splitEntity(chunk.replace(/^\n/, ""))));
  }
  return parts;
}

function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const end = entity.indexOf("\n\n");
  const head = end === -1 ? entity : entity.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), decodeEncodedWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: end === -1 ? "" : entity.slice(end + 2) };
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/gi, "%25");
  return decodeURIComponent(bytes.replace(/[\u0080-\uffff]/g, (c) => encodeURIComponent(c)));
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/** The first message to `to` whose subject passes `match`, once the SMTP server has it. */
export async function firstMailTo(smtp: TestSmtpServer, to: string, match: (subject: string) => boolean): Promise<ParsedMail> {
  const found = () =>
    smtp.received
      .filter((mail) => mail.to.includes(to))
      .map((mail) => parseMail(mail.raw))
      .find((mail) => match(mail.headers.get("subject") ?? ""));
  await waitUntil(() => found() !== undefined, 15_000);
  return found()!;
}
