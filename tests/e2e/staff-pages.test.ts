import sharp from "sharp";
import { expect, test } from "vitest";
import { setupBrowser, waitForStaffHydration } from "#tests/support/browser.ts";
import { isPostgresReachable } from "#tests/support/databases.ts";
import { expectAccessible, gotoContentForm, notice, setupServerPair, timeUntil, VISIBLE_WITHIN_MS } from "#tests/support/publishing.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * Pages as blocks (decision 061), on two processes over one PostgreSQL: an
 * editor adds a cards block to /crm; the draft is invisible to
 * visitors and the preview shows it; publishing shows it on both processes;
 * restoring the first revision and publishing brings the page as written back.
 */
const { newPage } = setupBrowser();
const reachable = await isPostgresReachable();

const pair = setupServerPair(reachable);

const CARD = "Live in six weeks";
const TEXT = "Asha Rao's sales team had their pipeline live in six weeks, with every enquiry answered within the hour.";

test.skipIf(!reachable)(
  "an editor adds a cards block to /crm: invisible as a draft, in the preview, then on both processes once published; restoring the first revision brings the old page back",
  { timeout: 180_000 },
  async () => {
    const { first, second, postgres } = pair;
    const editor = await newPage({ baseURL: first.baseURL, allowConsoleErrors: /status of (400|409)/ });
    await signInAs(editor, first, "editor", { name: "Pia Pages" });
    await editor.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Pages" }).click();
    await editor.getByRole("heading", { name: "Pages", level: 1 }).waitFor();
    await expectAccessible(editor);
    await editor.getByRole("link", { name: "CRM Solutions" }).click();
    await editor.getByRole("heading", { level: 1, name: "CRM Solutions" }).waitFor();
    await gotoContentForm(editor, editor.url());

    // A cards block, added at the end as a draft, then filled in; a card without its text is refused beside the text.
    const blocksBefore = await editor.getByRole("list", { name: "Blocks" }).getByRole("listitem").count();
    await editor.getByLabel("Block to add").selectOption({ label: "Cards" });
    await editor.getByRole("button", { name: "Add the block at the end" }).click();
    await notice(editor, "A cards block is added at the end, as a draft.");
    const block = editor.getByRole("group", { name: `Block ${blocksBefore + 1}: Cards` });
    await block.getByLabel("Heading").fill("What our clients say");
    await block.getByLabel("Title").fill(CARD);
    await editor.getByRole("button", { name: "Save as draft" }).click();
    await editor.getByText("Fill in text, or remove it.").waitFor();
    // The title is kept as typed; an empty card under it is there to add another.
    const card = block.getByRole("group", { name: "Card 1" });
    expect(await card.getByLabel("Title").inputValue()).toBe(CARD);
    await block.getByRole("group", { name: "New card (fill it in to add it)" }).waitFor();
    await card.getByLabel("Text").fill(TEXT);
    await editor.getByRole("button", { name: "Save as draft" }).click();
    await notice(editor, "Your changes are saved as a draft.");
    await editor.getByText("Changes not published yet:").waitFor();
    await expectAccessible(editor);

    // Visitors do not see the draft; the preview draws the page with it.
    for (const server of [first, second]) expect(await (await fetch(`${server.baseURL}/crm`)).text()).not.toContain("Asha Rao");
    await editor.getByRole("link", { name: "Preview" }).click();
    await editor.getByRole("heading", { name: "What our clients say" }).waitFor();
    await editor.getByText(TEXT).waitFor();
    await editor.getByRole("link", { name: "Back to editing" }).click();
    await waitForStaffHydration(editor);

    // Published: both processes show it.
    const since = Date.now();
    await editor.getByRole("button", { name: "Publish changes" }).click();
    await notice(editor, "The changes are published");
    // Drawn in the page's HTML, not only in its data.
    const showsQuote = (status: number, body: string) =>
      status === 200 && body.includes("What our clients say") && body.includes("had their pipeline live in six weeks");
    const [onFirst, onSecond] = await Promise.all([timeUntil(first, "/crm", showsQuote, since), timeUntil(second, "/crm", showsQuote, since)]);
    console.log(`Page publish to visible (ms): ${JSON.stringify({ first: onFirst, second: onSecond })}`);
    expect(onFirst).toBeLessThan(VISIBLE_WITHIN_MS);
    expect(onSecond).toBeLessThan(VISIBLE_WITHIN_MS);
    const visitor = await newPage({ baseURL: second.baseURL });
    await visitor.goto("/crm");
    await visitor.getByRole("heading", { name: CARD }).waitFor();
    await visitor.getByText(TEXT).waitFor();
    await expectAccessible(visitor);

    // The history names the block's words; restoring revision 1 (the page as written) and publishing brings the old page back.
    await editor.getByRole("link", { name: "History" }).click();
    await editor
      .getByTestId("revision-differences")
      .getByText(/What our clients say/)
      .first()
      .waitFor();
    await editor.getByRole("button", { name: "Restore revision 1" }).click();
    await notice(editor, "Revision 1 is restored");
    expect(await (await fetch(`${second.baseURL}/crm`)).text()).toContain("Asha Rao");
    await editor.getByRole("link", { name: "Back to editing" }).click();
    await waitForStaffHydration(editor);
    const restoredAt = Date.now();
    await editor.getByRole("button", { name: "Publish changes" }).click();
    await notice(editor, "The changes are published");
    const withoutQuote = (status: number, body: string) => status === 200 && !body.includes("Asha Rao") && body.includes("A CRM your sales and service teams");
    expect(await timeUntil(second, "/crm", withoutQuote, restoredAt)).toBeLessThan(VISIBLE_WITHIN_MS);

    // A new title scheduled for tomorrow waits, and the schedule can be cancelled; a time already past publishes now.
    await gotoContentForm(editor, editor.url());
    await editor.getByLabel("Page title").fill("CRM that your sales team will use");
    await editor.getByRole("button", { name: "Save as draft" }).click();
    await notice(editor, "Your changes are saved as a draft.");
    const day = 24 * 60 * 60_000;
    const wall = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 16);
    await editor.getByLabel("Publish the changes at").fill(wall(day));
    await editor.getByRole("button", { name: "Schedule" }).click();
    await notice(editor, "The changes are scheduled");
    await editor.getByText(/Scheduled:.*\(scheduled by Pia Pages\)/).waitFor();
    expect(await (await fetch(`${second.baseURL}/crm`)).text()).not.toContain("CRM that your sales team will use");
    await editor.getByRole("button", { name: "Cancel the schedule" }).click();
    await notice(editor, "The schedule is cancelled");
    await editor.getByLabel("Publish the changes at").fill(wall(-day));
    const scheduledAt = Date.now();
    await editor.getByRole("button", { name: "Schedule" }).click();
    await notice(editor, "That time has passed, so the changes are published now");
    const withTitle = (status: number, body: string) => status === 200 && body.includes("<title>CRM that your sales team will use");
    expect(await timeUntil(second, "/crm", withTitle, scheduledAt)).toBeLessThan(VISIBLE_WITHIN_MS);

    const audit = await postgres.pool.query("select action from audit_log where target_type = 'page' order by id");
    expect(audit.rows.map((row) => row.action)).toEqual([
      "page-edited",
      "page-edited",
      "changes-published",
      "revision-restored",
      "changes-published",
      "page-edited",
      "changes-scheduled",
      "schedule-cancelled",
      "changes-published",
    ]);
  },
);

test.skipIf(!reachable)(
  "without JavaScript: an editor adds a badges block to /about with an uploaded badge, moves it up and publishes it; visitors see the badge by its name",
  { timeout: 180_000 },
  async () => {
    const { first, second } = pair;
    const editor = await newPage({ baseURL: first.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of (400|409)/ });
    await signInAs(editor, first, "editor", { name: "Noa Nojs", at: "/staff/pages" });
    await editor.getByRole("link", { name: "About Us" }).click();
    const blocksBefore = await editor.getByRole("list", { name: "Blocks" }).getByRole("listitem").count();

    await editor.getByLabel("Block to add").selectOption({ label: "Certifications and partner badges" });
    await editor.getByRole("button", { name: "Add the block at the end" }).click();
    await editor.getByText("A certifications and partner badges block is added at the end, as a draft.").waitFor();
    const block = editor.getByRole("group", { name: `Block ${blocksBefore + 1}: Certifications and partner badges` });
    await block.getByLabel("Heading").fill("Clients who trust us");
    const logo = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#1f4e7a" } })
      .png()
      .toBuffer();
    const newBadge = block.getByRole("group", { name: "New badge (fill it in to add it)" });
    await newBadge.getByLabel(/^Badge/).setInputFiles({ name: "iso.png", mimeType: "image/png", buffer: logo });
    await newBadge.getByLabel("Name").fill("Northwind Traders");
    await editor.getByRole("button", { name: "Save as draft" }).click();
    await editor.getByText("Your changes are saved as a draft.").waitFor();
    await editor.getByRole("img", { name: "The current badge" }).waitFor();

    // Moved above the block before it: the whole form is posted, the badge kept.
    await editor.getByRole("button", { name: `Move up block ${blocksBefore + 1}, Certifications and partner badges` }).click();
    await editor.getByText("The certifications and partner badges block is moved up, as a draft.").waitFor();
    await editor
      .getByRole("group", { name: `Block ${blocksBefore}: Certifications and partner badges` })
      .getByRole("img", { name: "The current badge" })
      .waitFor();

    await editor.getByRole("button", { name: "Publish changes" }).click();
    await editor.getByText("The changes are published").waitFor();
    const visitor = await newPage({ baseURL: second.baseURL });
    await expect.poll(async () => (await (await fetch(`${second.baseURL}/about`)).text()).includes('alt="Northwind Traders"'), { timeout: 10_000 }).toBe(true);
    await visitor.goto("/about");
    const image = visitor.getByRole("img", { name: "Northwind Traders" });
    expect(await image.getAttribute("srcset")).toMatch(/\/media\/[\w-]+\/320\.webp 320w/);
    expect((await fetch(`${second.baseURL}${await image.getAttribute("src")}`)).status).toBe(200);
    await expectAccessible(visitor);
  },
);
