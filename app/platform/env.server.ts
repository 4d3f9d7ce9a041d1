import { z } from "zod";
import { site } from "#app/content/site.ts";
import { toEmailAddress } from "#app/features/email-address-field.ts";

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

/** "true"/"1"/"yes" and friends; unset stays undefined so a default can depend on other settings. */
const optionalFlag = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === "") return undefined;
    const normalised = value.trim().toLowerCase();
    if (["1", "true", "yes", "on"].includes(normalised)) return true;
    if (["0", "false", "no", "off"].includes(normalised)) return false;
    ctx.addIssue({ code: "custom", message: `expected true or false, got "${value}"` });
    return z.NEVER;
  });

/** An inbox is one mailbox: a display name or a list would be read by the mail library as other recipients. */
const ONE_MAILBOX = "must be one email address, like sales@example.com, without a name or a list";

/**
 * Every setting the server reads, validated once at start. Defaults make
 * `npm start` work with nothing configured: embedded database, files and mail
 * under DATA_DIR. `.env.example` documents the same variables.
 */
const BaseSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin of the site, used for canonical URLs, sitemap and Open Graph. */
  SITE_URL: z
    .url()
    .default("http://localhost:3000")
    .transform((url) => url.replace(/\/+$/, "")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Where the embedded database, stored files and written mail live. */
  DATA_DIR: z.string().min(1).default("./data"),

  /** A PostgreSQL server; unset means the embedded PGlite database under DATA_DIR/db. */
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),

  /** `local` keeps uploads under DATA_DIR/files (never served directly); `s3` for any S3-compatible service. */
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  /** Unset for AWS S3; the service's endpoint for R2, MinIO, Supabase and the like. */
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET: z.string().min(1).default("consultation"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Defaults to true when S3_ENDPOINT is set: MinIO and Supabase need path-style addressing. */
  S3_FORCE_PATH_STYLE: optionalFlag,

  /** `file` writes each message as .eml under DATA_DIR/mail; `smtp` and `emailjs` really send. */
  MAIL_TRANSPORT: z.enum(["file", "smtp", "emailjs"]).default("file"),
  MAIL_FROM: z.string().min(1).default(`"${site.name}" <${site.emails.general}>`),
  /** Where staff notifications about new leads go. */
  SALES_INBOX: z.string().default(site.emails.sales).pipe(toEmailAddress(ONE_MAILBOX)),
  /** Where the hiring team is told about new job applications. */
  HIRING_INBOX: z.string().default(site.emails.careers).pipe(toEmailAddress(ONE_MAILBOX)),
  /** e.g. smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  EMAILJS_API_URL: z
    .url()
    .default("https://api.emailjs.com")
    .transform((url) => url.replace(/\/+$/, "")),
  EMAILJS_PUBLIC_KEY: optionalText,
  EMAILJS_PRIVATE_KEY: optionalText,
  EMAILJS_SERVICE_ID: optionalText,
  EMAILJS_TEMPLATE_ID: optionalText,
  EMAILJS_NOTIFY_TEMPLATE_ID: optionalText,
  /**
   * Job application mails on EmailJS. Optional so that a site without careers
   * mail still starts; unset, those messages fail and wait in the outbox for staff.
   */
  EMAILJS_APPLICATION_TEMPLATE_ID: optionalText,
  EMAILJS_APPLICATION_NOTIFY_TEMPLATE_ID: optionalText,
  /** Staff mail on EmailJS (invitations, password links): a template with subject and message. */
  EMAILJS_STAFF_TEMPLATE_ID: optionalText,
  /** Newsletter mail on EmailJS (the confirmation link): a template with subject and message. */
  EMAILJS_NEWSLETTER_TEMPLATE_ID: optionalText,
  /** Event mail on EmailJS (registration, next edition): a template with subject and message; EmailJS cannot attach the calendar file. */
  EMAILJS_EVENT_TEMPLATE_ID: optionalText,
  /**
   * Double opt-in: a new subscriber gets an email with a link to confirm, and
   * only confirmed addresses count as subscribed. `false` counts them at once.
   */
  NEWSLETTER_DOUBLE_OPT_IN: optionalFlag.transform((value) => value ?? true),
  /**
   * Newsletter campaigns go out at this many messages a second across all
   * processes (decision 075): 1 to 200, so the mail provider's limit and the
   * site's own pages are both kept.
   */
  NEWSLETTER_SEND_RATE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Express "trust proxy": unset trusts no proxy (the client address is the
   * socket's). Behind a load balancer set it (e.g. "1" or "loopback") so rate
   * limits see the visitor's address from X-Forwarded-For.
   */
  TRUST_PROXY: optionalText,
  /** Public form posts allowed per client address in each window (each public form counts on its own). */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  FORM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /**
   * Bounce and complaint webhooks at /webhooks/mail/<provider> (decision 072): each
   * provider's is open only once its secret is set; unset, its address answers 404.
   * SES: the SNS topic ARN whose signed messages are taken (and whose subscription is confirmed).
   */
  MAIL_WEBHOOK_SES_TOPIC_ARN: optionalText.pipe(
    z
      .string()
      .regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/, "must be an SNS topic ARN, like arn:aws:sns:eu-west-1:123456789012:ses-bounces")
      .optional(),
  ),
  /** Postmark: the password of the basic auth in the webhook URL (https://postmark:SECRET@site/webhooks/mail/postmark). */
  MAIL_WEBHOOK_POSTMARK_SECRET: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /** Mailgun: the HTTP webhook signing key from Mailgun's webhook settings. */
  MAIL_WEBHOOK_MAILGUN_SIGNING_KEY: optionalText,
  /** SendGrid: the verification key of the signed event webhook (base64, as SendGrid shows it, or PEM). */
  MAIL_WEBHOOK_SENDGRID_PUBLIC_KEY: optionalText,
  /** Any other provider or relay: the shared secret of the HMAC-SHA256 of the body in X-Mail-Webhook-Signature. */
  MAIL_WEBHOOK_SECRET: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /** Demo jobs and insights in a new database (marked is_demo); false for none. */
  DEMO_CONTENT: optionalFlag.transform((value) => value ?? true),
  /** Rendered pages that are the same for everyone kept in memory; 0 turns the page cache off. */
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(500),
  /**
   * Writes (form posts, sign-ins, beacons) one process works on at once, started one per turn
   * of the event loop; up to 32 more wait at most 2 s, and the rest get 503 with Retry-After,
   * so a flood of posts cannot stall health checks and cached pages (decision 016). 0 turns load shedding off.
   */
  POSTS_IN_FLIGHT: z.coerce.number().int().min(0).default(8),
  /**
   * Signs staff session cookies. Unset, a secret is generated once and kept in
   * the database, which every process of the site shares.
   */
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  /**
   * The share of page views that load the web-vitals reporter and send their
   * vitals (0 to 1); 0 turns reporting off: no script is fetched and the
   * endpoint takes nothing (decision 015).
   */
  VITALS_SAMPLE_RATE: optionalText.pipe(z.coerce.number<string | undefined>().min(0).max(1).default(0.1)),
  /** Delivery attempts before an outbox message is marked failed for staff. */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /**
   * On SIGTERM, how long requests already running may take to finish before
   * their connections are cut; then the mail worker stops and the database
   * closes. Keep it below the orchestrator's kill timeout (Docker: 10 s).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
});

/** Settings that only matter together: a transport or driver chosen without its keys must stop the start. */
const EnvSchema = BaseSchema.superRefine((value, ctx) => {
  const requireAll = (reason: string, keys: (keyof typeof value)[]) => {
    for (const key of keys) {
      if (value[key] === undefined) {
        ctx.addIssue({ code: "custom", path: [key], message: `is required when ${reason}` });
      }
    }
  };
  if (value.MAIL_TRANSPORT === "smtp") requireAll("MAIL_TRANSPORT=smtp", ["SMTP_URL"]);
  if (value.MAIL_TRANSPORT === "emailjs") {
    requireAll("MAIL_TRANSPORT=emailjs", [
      "EMAILJS_PUBLIC_KEY",
      "EMAILJS_PRIVATE_KEY",
      "EMAILJS_SERVICE_ID",
      "EMAILJS_TEMPLATE_ID",
      "EMAILJS_NOTIFY_TEMPLATE_ID",
    ]);
  }
  if (value.STORAGE_DRIVER === "s3") {
    requireAll("STORAGE_DRIVER=s3", ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]);
  }
}).transform((value) => ({
  ...value,
  S3_FORCE_PATH_STYLE: value.S3_FORCE_PATH_STYLE ?? value.S3_ENDPOINT !== undefined,
}));

export type Env = z.infer<typeof EnvSchema>;

/** The names of every setting the server reads (deployment files are checked against them). */
export const ENV_VARIABLES: readonly string[] = Object.keys(BaseSchema.shape);

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${problems.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated environment of this process (parsed on first use). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
