import sharp from "sharp";
import { expect, test } from "vitest";
import { setupBrowser, waitForStaffHydration } from "#tests/support/browser.ts";
import { expectAccessible, gotoContentForm, notice, setupServerPair, timeUntil, VISIBLE_WITHIN_MS } from "#tests/support/publishing.ts";
import { isPostgresReachable } from "#tests/support/databases.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * People, testimonials and client logos as their own types, picked into
 * pages (decision 064): an editor writes a testimonial with a photo and a
 * client logo, publishes both, and picks them into /crm with a testimonials
 * block and a logos block; a visitor sees them, the logo named by its alt
 * text; unpublishing the testimonial takes it, and its block, off the page.
 * Two server processes over one PostgreSQL: the editor works on one, and the
 * page follows on both.
 */

const { newPage } = setupBrowser();
const reachable = await isPostgresReachable();
const pair = setupServerPair(reachable);

const QUOTE = "Our sales team finally trusts the pipeline: every enquiry is answered within the hour.";

const picture = (background: string) =>
  sharp({ create: { width: 400, height: 200, channels: 3, background } })
    .png()
    .toBuffer();

test.skipIf(!reachable)(
  "an editor publishes a testimonial and a client logo, picks them into /crm on both processes, and unpublishing the testimonial takes it off the page",
  { timeout: 180_000 },
  async () => {
    const { first: server, second } = pair;
    const editor = await newPage({ baseURL: server.baseURL, allowConsoleErrors: /status of (400|409)/ });
    await signInAs(editor, server, "editor", { name: "Tara Testimonials" });

    // A testimonial with a photo, about a case study and the CRM page, saved as a draft and published.
    await editor.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Testimonials" }).click();
    await editor.getByRole("heading", { name: "Testimonials", level: 1 }).waitFor();
    await editor.getByRole("link", { name: "New testimonial" }).click();
    await editor.getByRole("heading", { name: "New testimonial", level: 1 }).waitFor();
    await waitForStaffHydration(editor);
    await expectAccessible(editor);
    await editor.getByLabel("Quote").fill(QUOTE);
    await editor.getByLabel(/^Name/).fill("Asha Rao");
    await editor.getByLabel("Role").fill("Head of Sales");
    await editor.getByLabel("Company").fill("Northwind Traders");
    await editor.getByLabel("Photo").setInputFiles({ name: "asha.png", mimeType: "image/png", buffer: await picture("#7a3e1f") });
    await editor.getByRole("checkbox", { name: "CRM Solutions" }).check();
    await editor.getByLabel("Case study it is about").selectOption("distributor-erp-month-end");
    await editor.getByRole("button", { name: "Save draft" }).click();
    await editor.getByText("The draft is saved.").first().waitFor();
    const testimonialPath = new URL(editor.url()).pathname;
    await editor.getByRole("img", { name: "The current photo" }).waitFor();
    await expectAccessible(editor);
    await editor.getByRole("button", { name: "Publish now" }).click();
    await notice(editor, "“Asha Rao” is published");

    // A client logo, published.
    await editor.goto("/staff/logos/new");
    await waitForStaffHydration(editor);
    await expectAccessible(editor);
    await editor.getByLabel("Client’s name").fill("Northwind Traders");
    await editor.getByLabel("Logo").setInputFiles({ name: "northwind.png", mimeType: "image/png", buffer: await picture("#1f4e7a") });
    await editor.getByLabel("Client’s site").fill("https://northwind.example");
    await editor.getByRole("button", { name: "Save draft" }).click();
    await editor.getByText("The draft is saved.").first().waitFor();
    await editor.getByRole("button", { name: "Publish now" }).click();
    await notice(editor, "“Northwind Traders” is published");

    // /crm gets a testimonials block that picks the testimonial, and a logos block that shows every published logo.
    await editor.goto("/staff/pages");
    await editor.getByRole("link", { name: "CRM Solutions" }).click();
    await editor.getByRole("heading", { level: 1, name: "CRM Solutions" }).waitFor();
    await gotoContentForm(editor, editor.url());
    const pagePath = new URL(editor.url()).pathname;
    await editor.getByLabel("Block to add").selectOption({ label: "Testimonials" });
    await editor.getByRole("button", { name: "Add the block at the end" }).click();
    await notice(editor, "A testimonials block is added at the end, as a draft.");
    const quotes = editor.getByRole("group", { name: /^Block \d+: Testimonials$/ });
    await quotes.getByLabel("Heading").fill("What our clients say");
    await quotes.getByLabel("Which to show").selectOption("chosen");
    await quotes.getByRole("checkbox", { name: "Asha Rao" }).check();
    await quotes.getByLabel("Place of Asha Rao").fill("1");
    await editor.getByLabel("Block to add").selectOption({ label: "Client logos" });
    await editor.getByRole("button", { name: "Add the block at the end" }).click();
    await notice(editor, "A client logos block is added at the end, as a draft.");
    const logos = editor.getByRole("group", { name: /^Block \d+: Client logos$/ });
    expect(await quotes.getByRole("checkbox", { name: "Asha Rao" }).isChecked()).toBe(true);
    await logos.getByLabel("Heading").fill("Clients who trust us");
    await expectAccessible(editor);
    const since = Date.now();
    await editor.getByRole("button", { name: "Save and publish" }).click();
    await notice(editor, "Saved and published");

    const showsBoth = (status: number, body: string) =>
      status === 200 && body.includes("every enquiry is answered within the hour") && body.includes('alt="Northwind Traders"');
    for (const process of [server, second]) expect(await timeUntil(process, "/crm", showsBoth, since)).toBeLessThan(VISIBLE_WITHIN_MS);
    const visitor = await newPage({ baseURL: server.baseURL });
    await visitor.goto("/crm");
    const quote = visitor.getByRole("figure").filter({ hasText: QUOTE });
    await quote.getByText("Asha Rao").waitFor();
    await quote.getByText("Demo example").waitFor();
    expect(await quote.getByRole("link", { name: /^Read the case study/ }).getAttribute("href")).toBe("/portfolio/distributor-erp-month-end");
    const logo = visitor.getByRole("img", { name: "Northwind Traders" });
    expect(await logo.getAttribute("srcset")).toMatch(/\/media\/[\w-]+\/320\.webp 320w/);
    expect(await visitor.getByRole("link", { name: "Northwind Traders" }).getAttribute("href")).toBe("https://northwind.example");
    await expectAccessible(visitor);

    // Unpublished, the testimonial leaves /crm within 2 seconds, and its block with it: no heading over nothing.
    await editor.goto(testimonialPath);
    await waitForStaffHydration(editor);
    const unpublishedAt = Date.now();
    await editor.getByRole("button", { name: "Unpublish" }).click();
    await notice(editor, "it has left every page");
    const withoutQuote = (status: number, body: string) =>
      status === 200 && !body.includes("every enquiry is answered within the hour") && body.includes('alt="Northwind Traders"');
    for (const process of [server, second]) expect(await timeUntil(process, "/crm", withoutQuote, unpublishedAt)).toBeLessThan(2_000);
    await visitor.reload();
    await visitor.getByRole("heading", { name: "Clients who trust us" }).waitFor();
    expect(await visitor.getByRole("heading", { name: "What our clients say" }).count()).toBe(0);

    // The page's form still offers the unpublished testimonial as picked, marked as not shown.
    await gotoContentForm(editor, pagePath);
    expect(await editor.getByRole("checkbox", { name: "Asha Rao (not published: not shown)" }).isChecked()).toBe(true);
  },
);
