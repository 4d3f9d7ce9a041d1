import type { Database } from "#app/platform/db/client.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import type { SenderKey } from "#app/platform/email/mail-brand.server.ts";

/*
 * Rendering by name. The outbox stores a template's name and its params; the
 * templates themselves belong to the features that send them and reach the
 * platform as a registry handed to openServices, so nothing here knows them.
 */

/**
 * A message's own words. The outbox worker frames them in the one branded
 * layout (branded-layout.server.tsx): logo, button, signature and footer.
 */
export type RenderedMail = {
  subject: string;
  /** The plain-text body; the layout adds the signature and the footer. */
  text: string;
  /** The HTML body: paragraphs and tables of our making, every visitor value escaped. */
  html: string;
  /** The main action, drawn as the button (the text body carries its link in words). */
  action?: MailAction;
  /** HTML after the button, by the same rules as `html`. */
  htmlAfterAction?: string;
  /** The line mail programs show after the subject in a list. */
  preheader?: string;
  /** Whose mailbox sends it; MAIL_FROM unless a team answers the recipient's own request. */
  sender?: SenderKey;
  /** Sign with the sender's name and address, then these lines (e.g. a phone number); staff mail is unsigned. */
  signature?: readonly string[];
  /** For staff mail: answering goes straight to the visitor. */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on newsletter mail. */
  headers?: Record<string, string>;
  /** An iCalendar invitation (.ics), attached so mail programs offer "Add to calendar" (SMTP and .eml files; EmailJS cannot). */
  calendar?: CalendarAttachment;
};

export type CalendarAttachment = { filename: string; content: string };

export type MailAction = { label: string; url: string };

/** The settings that hold an EmailJS template id. */
type EmailJsTemplateSetting = Extract<keyof Env, `EMAILJS_${string}TEMPLATE_ID`>;

export type MailTemplate<Params> = {
  render(params: Params): RenderedMail;
  /** Which setting names the EmailJS template for this message (MAIL_TRANSPORT=emailjs). */
  emailjsTemplateSetting: EmailJsTemplateSetting;
  /** The parameters an EmailJS template receives for this message. */
  emailjsParams(params: Params, to: string): Record<string, string | number>;
  /**
   * Params that are keys (a private link's token): the outbox clears them from
   * its row once the message is sent, so only the recipient keeps them.
   */
  secretParams?: readonly (keyof Params & string)[];
  /**
   * Params that differ per recipient of a message thousands get alike (a
   * campaign's unsubscribe link): the worker frames the message once and writes
   * each recipient's values into a copy (alike-frames.server.ts). Each must
   * reach the HTML only through `escapeHtml`.
   */
  recipientParams?: readonly (keyof Params & string)[];
  /**
   * Params kept once elsewhere rather than in every row (a campaign's body,
   * the same for thousands of messages), read as the message goes out. Null:
   * the message is no longer to be sent (its recipient left the list).
   */
  load?(db: Database, params: Params): Promise<object | null>;
};

/** Fixes the params type once, so both functions of a template get it. */
export function defineMailTemplate<Params>(template: MailTemplate<Params>): MailTemplate<Params> {
  return template;
}

/** Templates by the name stored in `outbox.template`. */
export type MailTemplates = Readonly<Record<string, MailTemplate<never>>>;

export type MailTemplateName<Templates extends MailTemplates> = keyof Templates & string;

/** A template's params; for a union of names, the union of their params. */
export type MailTemplateParams<Templates extends MailTemplates, Name extends MailTemplateName<Templates>> = Name extends unknown
  ? Templates[Name] extends MailTemplate<infer Params>
    ? Params
    : never
  : never;

/**
 * The app declares the type of the registry it passes to openServices here,
 * so code that takes plain `Services` gets each template's params checked by
 * name without the platform importing a feature:
 *
 *   declare module "#app/platform/email/templates.server.ts" {
 *     interface Register { mailTemplates: typeof mailTemplates }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the app's declaration merging
export interface Register {}

export type RegisteredMailTemplates = Register extends { mailTemplates: infer Templates extends MailTemplates } ? Templates : MailTemplates;

export class UnknownMailTemplateError extends Error {
  constructor(readonly template: string) {
    super(`Unknown email template "${template}": no template by that name is registered on this server`);
    this.name = "UnknownMailTemplateError";
  }
}

export function renderTemplate(templates: MailTemplates, name: string, params: unknown, to: string) {
  if (!Object.hasOwn(templates, name)) throw new UnknownMailTemplateError(name);
  // Params come from the outbox row, written by enqueue for this same name.
  const template = templates[name] as MailTemplate<unknown>;
  return { ...template.render(params), emailjsParams: template.emailjsParams(params, to) };
}

/** The params a message goes out with: its row's, completed by the template's `load`; null when it is no longer to be sent. */
export async function paramsToSend(templates: MailTemplates, name: string, db: Database, params: Record<string, unknown>): Promise<unknown> {
  if (!Object.hasOwn(templates, name)) return params;
  const template = templates[name] as MailTemplate<unknown>;
  return template.load ? template.load(db, params) : params;
}

/** The params to keep once the message is sent: the template's secret ones are blanked. */
export function paramsAfterSending(templates: MailTemplates, name: string, params: Record<string, unknown>) {
  const secret: readonly string[] | undefined = Object.hasOwn(templates, name)
    ? (templates[name] as MailTemplate<Record<string, unknown>>).secretParams
    : undefined;
  if (!secret?.length) return params;
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, secret.includes(key) ? "" : value]));
}
