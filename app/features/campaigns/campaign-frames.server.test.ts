import { describe, expect, it } from "vitest";
import { campaignEmails, type CampaignMailParams } from "#app/features/campaigns/campaign-emails.server.ts";
import { createAlikeFrames } from "#app/platform/email/alike-frames.server.ts";
import { frameMail, renderFrame, type FrameHtml } from "#app/platform/email/branded-layout.server.tsx";
import { defaultMailCompany } from "#app/platform/email/mail-brand.server.ts";
import { renderTemplate } from "#app/platform/email/templates.server.ts";

const siteUrl = "https://kraf.example";
const context = { from: "Kraf Technologies <info@kraf.example>", brand: { siteUrl, company: defaultMailCompany } };
const body = '<h2>This month</h2><p>We shipped a CRM. <a href="https://kraf.example/portfolio">Read it</a> &amp; <a href="/consultation">book</a>.</p>';

function recipient(n: number, tracked: boolean): CampaignMailParams {
  return {
    campaign_id: 7,
    site_url: siteUrl,
    subscription_id: n,
    // An ampersand and a quote, so a copy that skipped escaping would differ from the message framed whole.
    unsubscribe_url: `${siteUrl}/newsletter/unsubscribe?s=token${n}&x="${n}"`,
    tracking_token: `tok${n}.sig${n}`,
    subject: "What we shipped",
    preheader: "Notes from the delivery teams",
    body_html: body,
    counting: tracked,
    tracked,
  };
}

describe("a campaign's messages framed once and copied per recipient", () => {
  for (const tracked of [false, true]) {
    it(`are each byte for byte the message framed whole, ${tracked ? "with" : "without"} opens and clicks counted, from one drawing of the frame`, async () => {
      const drawings: string[] = [];
      const countingRender: FrameHtml = async (mail, sender, brand) => {
        drawings.push(mail.html);
        return renderFrame(mail, sender, brand);
      };
      const alikeFrame = createAlikeFrames(countingRender);
      for (const n of [1, 2, 3]) {
        const params = recipient(n, tracked);
        const rendered = renderTemplate(campaignEmails, "newsletter-campaign", params, `reader${n}@example.com`);
        const copied = await frameMail(rendered, context, alikeFrame(campaignEmails, "newsletter-campaign", params));
        const whole = await frameMail(rendered, context);
        expect(copied).toEqual(whole);
        expect(copied.html).toContain(`s=token${n}&amp;x=&quot;${n}&quot;`);
        if (tracked) expect(copied.html).toContain(`/newsletter/click/tok${n}.sig${n}/0`);
      }
      expect(drawings).toHaveLength(1);
    });
  }

  it("are framed whole when a recipient's param is missing (a test to staff has no tracking token)", () => {
    const alikeFrame = createAlikeFrames();
    const { tracking_token: _none, ...untracked } = recipient(1, false);
    expect(alikeFrame(campaignEmails, "newsletter-campaign", untracked)).toBeUndefined();
    expect(alikeFrame(campaignEmails, "newsletter-campaign", recipient(1, false))).toBeTypeOf("function");
  });
});
