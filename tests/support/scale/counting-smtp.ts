import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMail } from "#tests/support/mail.ts";

/*
 * The scale test's mail server: a real SMTP server (smtp-server) on 127.0.0.1
 * that records every message it accepts by its Message-ID, recipient and
 * subject, so a message delivered twice is seen as twice, and that can refuse
 * all mail for a while with a temporary error (451 at MAIL FROM), as a relay
 * that is overloaded or greylisting does.
 */

export type Delivery = { messageId: string; to: string[]; subject: string; at: number };

export type CountingSmtp = {
  url: string;
  deliveries: Delivery[];
  /** Transactions refused while refusing. */
  refusals(): number;
  /** Refuse every message with 451 from now until `stopRefusing()`. */
  startRefusing(): void;
  stopRefusing(): void;
  stop(): Promise<void>;
};

export async function startCountingSmtp(): Promise<CountingSmtp> {
  const deliveries: Delivery[] = [];
  let refusing = false;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // Three app processes keep pooled connections; more than enough room.
    maxClients: 200,
    // Pooled connections the app processes leave open must not hold the test up at the end.
    closeTimeout: 1_000,
    onMailFrom(_address, _session, callback) {
      if (!refusing) return callback();
      refused += 1;
      const error = Object.assign(new Error("Service busy, try again later"), { responseCode: 451 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { headers } = parseMail(Buffer.concat(chunks).toString("utf8"));
        deliveries.push({
          messageId: headers.get("message-id") ?? "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: headers.get("subject") ?? "",
          at: Date.now(),
        });
        callback();
      });
    },
  });
  server.on("error", () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    refusals: () => refused,
    startRefusing: () => void (refusing = true),
    stopRefusing: () => void (refusing = false),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
