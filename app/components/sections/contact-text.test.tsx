import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { ContactText } from "#app/components/sections/contact-text.tsx";
import { site } from "#app/content/site.ts";

test("the company's e-mail addresses, phone number and WhatsApp link in copy become links; other text stays text", () => {
  const html = renderToStaticMarkup(
    <ContactText
      text={`Write to ${site.emails.sales} or ${site.emails.general}, call ${site.phone.display}, or use ${site.whatsapp.display}. Not a <b>tag</b>.`}
    />,
  );
  expect(html).toContain(`<a href="mailto:${site.emails.sales}"`);
  expect(html).toContain(`<a href="mailto:${site.emails.general}"`);
  expect(html).toContain(`<a href="${site.phone.href}"`);
  expect(html).toContain(`<a href="${site.whatsapp.href}"`);
  expect(html.match(/<a /g)).toHaveLength(4);
  expect(html).toContain("Not a &lt;b&gt;tag&lt;/b&gt;.");
  expect(renderToStaticMarkup(<ContactText text="Nothing to link here." />)).toBe("Nothing to link here.");
});
