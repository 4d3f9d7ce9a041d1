import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { render } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { formatMailbox, MAIL_LOGO_PATH, parseMailbox, type MailBrand, type MailSenders, type Sender } from "#app/platform/email/mail-brand.server.ts";
import type { RenderedMail } from "#app/platform/email/templates.server.ts";

/*
 * The one frame every message goes out in (decision 067): React Email's
 * table-based components with inline styles, 600 px wide at most and fluid
 * below, the site's brand colours (app/app.css), the logo the site serves,
 * the main action as a button, the sender's signature and the company's
 * address. Rendered by the outbox worker only, never while a page or a form
 * post is answered.
 */

/** The site's brand colours (app/app.css) and the slate greys of its text. */
export const mailColours = {
  brand: "#2751d9",
  brandDark: "#172a66",
  ink: "#0f172a",
  muted: "#475569",
  page: "#f1f5f9",
  card: "#ffffff",
  footer: "#f8fafc",
  rule: "#e2e8f0",
} as const;

const fontFamily = '-apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const paragraphStyle = `margin:0 0 16px;font-size:16px;line-height:24px;color:${mailColours.ink}`;
const linkStyle = `color:${mailColours.brand};text-decoration:underline`;

/*
 * Clients that honour the colour-scheme meta get a dark frame of the same
 * layout; the header band and the logo (an opaque tile) read on either.
 */
const darkModeCss = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-page, .mail-page > table > tbody > tr > td { background-color: #0b1120 !important; }
  .mail-card { background-color: #111827 !important; }
  .mail-card p, .mail-card td, .mail-card th, .mail-card li { color: #e5e7eb !important; }
  .mail-card a.mail-link { color: #9db7ff !important; }
  .mail-footer { background-color: #0f172a !important; border-top-color: #1e293b !important; }
  .mail-footer p { color: #cbd5e1 !important; }
}`;

/**
 * Inline styles on the tags of a template's HTML body. Every visitor value in
 * it is escaped, so each tag found here is one a template wrote.
 */
export function styleBody(html: string): string {
  return (
    html
      .replace(/<p>/g, `<p style="${paragraphStyle}">`)
      .replace(/<a href=/g, `<a class="mail-link" style="${linkStyle}" href=`)
      .replace(/<ul>/g, `<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:24px;color:${mailColours.ink}">`)
      .replace(/<li>/g, '<li style="margin:0 0 4px">')
      // A picture shrinks to the column on a phone, whatever its width attribute says.
      .replace(/<img /g, '<img style="display:block;max-width:100%;height:auto;border:0" ')
  );
}

/** "4th Floor, Connaught Place, New Delhi 110001, India" */
export function addressLine(brand: MailBrand): string {
  const { street, locality, postalCode, country } = brand.company.address;
  return [street, [locality, postalCode].filter(Boolean).join(" "), country].filter(Boolean).join(", ");
}

function signatureLines(mail: RenderedMail, sender: Sender): string[] | null {
  if (!mail.signature) return null;
  return [sender.name, [...mail.signature, sender.address].join(" · ")];
}

type FrameProps = { mail: RenderedMail; brand: MailBrand; sender: Sender };

function BrandedMail({ mail, brand, sender }: FrameProps) {
  const signature = signatureLines(mail, sender);
  const host = new URL(brand.siteUrl).host;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{mail.subject}</title>
        <style>{darkModeCss}</style>
      </Head>
      {mail.preheader ? <Preview>{mail.preheader}</Preview> : null}
      <Body className="mail-page" style={{ backgroundColor: mailColours.page, margin: 0, padding: "24px 0", fontFamily }}>
        <Container className="mail-card" width="100%" style={{ maxWidth: "600px", width: "100%", backgroundColor: mailColours.card }}>
          <Section style={{ backgroundColor: mailColours.brandDark, padding: "16px 24px" }}>
            <Img
              src={`${brand.siteUrl}${MAIL_LOGO_PATH}`}
              width="40"
              height="40"
              alt=""
              style={{ display: "inline-block", verticalAlign: "middle", borderRadius: "8px" }}
            />
            <span style={{ display: "inline-block", verticalAlign: "middle", marginLeft: "12px", color: "#ffffff", fontSize: "18px", fontWeight: 700 }}>
              {brand.company.name}
            </span>
          </Section>
          <Section style={{ padding: "24px", fontFamily }}>
            <div style={{ overflowWrap: "anywhere", wordBreak: "break-word" }} dangerouslySetInnerHTML={{ __html: styleBody(mail.html) }} />
            {mail.action ? (
              <Section style={{ padding: "8px 0 24px" }}>
                <Button
                  href={mail.action.url}
                  style={{
                    backgroundColor: mailColours.brand,
                    borderRadius: "6px",
                    color: "#ffffff",
                    fontSize: "16px",
                    fontWeight: 600,
                    lineHeight: "24px",
                    padding: "12px 20px",
                    textDecoration: "none",
                  }}
                >
                  {mail.action.label}
                </Button>
              </Section>
            ) : null}
            {mail.htmlAfterAction ? <div dangerouslySetInnerHTML={{ __html: styleBody(mail.htmlAfterAction) }} /> : null}
            {signature ? (
              <Text style={{ margin: 0, fontSize: "16px", lineHeight: "24px", color: mailColours.ink }}>
                <strong>{signature[0]}</strong>
                <br />
                {signature[1]}
              </Text>
            ) : null}
          </Section>
          <Section className="mail-footer" style={{ backgroundColor: mailColours.footer, borderTop: `1px solid ${mailColours.rule}`, padding: "16px 24px" }}>
            <Text style={{ margin: 0, fontSize: "13px", lineHeight: "20px", color: mailColours.muted }}>
              {`${brand.company.name} · ${addressLine(brand)}`}
              <br />
              <Link className="mail-link" href={brand.siteUrl} style={{ color: mailColours.muted, textDecoration: "underline" }}>
                {host}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML part of a message in the frame: React Email's render, about a millisecond of CPU. */
export type FrameHtml = (mail: RenderedMail, sender: Sender, brand: MailBrand) => Promise<string>;

export const renderFrame: FrameHtml = (mail, sender, brand) => render(<BrandedMail mail={mail} brand={brand} sender={sender} />);

/** The text part: the template's words, the signature, then the footer. */
function framedText({ mail, brand, sender }: FrameProps): string {
  const signature = signatureLines(mail, sender);
  return [mail.text, ...(signature ? ["", ...signature] : []), "", "--", `${brand.company.name} · ${addressLine(brand)}`, brand.siteUrl].join("\n");
}

export type SendingContext = {
  /** MAIL_FROM, as written in the setting. */
  from: string;
  /** The team inboxes; without them, MAIL_FROM sends the teams' messages too. */
  senders?: Pick<MailSenders, "sales" | "hiring">;
  brand: MailBrand;
};

/**
 * A rendered message as it goes out: its From (the sending team's inbox, or
 * MAIL_FROM) and its HTML and plain-text parts in the branded frame, signed by
 * that same sender.
 */
export async function frameMail(
  mail: RenderedMail,
  { from, senders, brand }: SendingContext,
  frameHtml: FrameHtml = renderFrame,
): Promise<{ from: string; html: string; text: string }> {
  const team = mail.sender && mail.sender !== "general" ? senders?.[mail.sender] : undefined;
  const sender = team ?? parseMailbox(from);
  const html = await frameHtml(mail, sender, brand);
  return { from: team ? formatMailbox(team) : from, html, text: framedText({ mail, brand, sender }) };
}
