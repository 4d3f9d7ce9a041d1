import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeViolations, setupBrowser } from "#tests/support/browser.ts";
import { expectAccessible, notice } from "#tests/support/publishing.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * The rich-text editor: a recruiter writes a job description with
 * the keyboard (toolbar and shortcuts), pastes from Word and Google Docs,
 * and what is saved (and previewed) is the structure without the styles;
 * an editor inserts a picture into an article, keeps typing, undoes, gives
 * the picture a caption and links in and out of the site.
 * The editor is staff-only code: a visitor's pages never fetch it.
 */
const { newPage } = setupBrowser();
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ FORM_RATE_LIMIT: "1000" });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/** What Word (desktop) puts on the clipboard: mso styles, classes, spans, <o:p>, lists as styled paragraphs with a bullet as text. */
const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head><meta name=Generator content="Microsoft Word 15"><style><!-- p.MsoNormal {mso-style-parent:""; font-family:"Calibri",sans-serif;} --></style></head><body lang=EN-GB style='tab-interval:36.0pt'><!--StartFragment-->
<h1 style='mso-margin-top-alt:auto'><span style='font-size:16.0pt;font-family:"Calibri Light";color:#2F5496'>Benefits from Word<o:p></o:p></span></h1>
<p class=MsoNormal style='margin-bottom:0cm;line-height:normal'><span style='font-family:"Calibri",sans-serif;mso-fareast-language:EN-GB'>We offer <b style='mso-bidi-font-weight:normal'><span style='color:red'>private health</span></b> and <i>flexible</i> hours, see <a href="https://example.com/benefits" target="_blank" class=MsoHyperlink><span style='color:#0563C1'>our benefits</span></a>.<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Pension plan<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Learning budget<o:p></o:p></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<!--EndFragment--></body></html>`;

/** What Google Docs puts on the clipboard: everything inside <b style="font-weight:normal">, weights and slants as styles on spans. */
const SPAN =
  "font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre-wrap;";
const GOOGLE_DOCS_HTML = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-3f1c2a7e-7fff-5b1e-9a41-0c6d2f8e4b10"><h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="${SPAN}font-size:16pt;font-weight:400;font-style:normal;">How we work (Docs)</span></h2><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="${SPAN}font-weight:400;font-style:normal;">Plain words, </span><span style="${SPAN}font-weight:700;font-style:normal;">strong words</span><span style="${SPAN}font-weight:400;font-style:italic;">, leaning words</span><span style="${SPAN}font-weight:400;"> and </span><a href="https://docs.example.com/handbook" style="text-decoration:none;"><span style="${SPAN}color:#1155cc;font-weight:400;text-decoration:underline;-webkit-text-decoration-skip:none;text-decoration-skip-ink:none;">the handbook</span></a></p><ol style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:decimal;font-size:11pt;font-family:Arial,sans-serif;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="${SPAN}font-weight:400;">Remote first</span></p></li><li dir="ltr" style="list-style-type:decimal;font-size:11pt;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="${SPAN}font-weight:400;">Async by default</span></p></li></ol><br></b>`;

async function paste(editor: Locator, html: string) {
  await editor.evaluate((element, clipboardHtml) => {
    const data = new DataTransfer();
    data.setData("text/html", clipboardHtml);
    data.setData("text/plain", "(plain text version)");
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

/** ProseMirror takes a selection made with the keyboard from the browser's next selectionchange event; a person is never faster. */
async function letSelectionSettle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The editor takes focus back from a toolbar form in an animation frame of its own; a person's next key lands there. */
async function backInTheText(page: Page) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("contenteditable"))).toBe("true");
}

/** From the text back to the toolbar (one Tab stop, the button last used), then to `name` with the arrow keys, and press it. */
async function useToolbar(page: Page, name: string, toolbarName = "Format description") {
  await letSelectionSettle(page);
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  const toolbar = page.getByRole("toolbar", { name: toolbarName });
  const names = await toolbar.getByRole("button").allTextContents();
  const from = names.indexOf((await page.evaluate(() => document.activeElement?.textContent)) ?? "");
  expect(from, "focus is on a toolbar button").toBeGreaterThanOrEqual(0);
  const to = names.indexOf(name);
  for (let step = from; step !== to; step += to > from ? 1 : -1) await page.keyboard.press(to > from ? "ArrowRight" : "ArrowLeft");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(name);
  await page.keyboard.press("Enter");
  // The editor takes focus back in an animation frame of its own (TipTap's focus command): keys pressed
  // before then would land on the toolbar. The link and image buttons open their forms instead.
  if (!["Link", "Insert image", "Alt text and caption"].includes(name)) await backInTheText(page);
}

/** The sanitiser writes void elements as `<br />` and a no-break space as the character; the browser as `<br>` and `&nbsp;`. */
const sameMarkup = (html: string) => html.replace(/\s*\/>/g, ">").replace(/&nbsp;/g, "\u00a0");

// Retried: on a busy 2-core machine about 1 run in 3 loses a keyboard step to ProseMirror's asynchronous
// selection reading, a race between the typing and the editor that is not found yet.
test(
  "a recruiter writes a description with the keyboard, pastes from Word and Google Docs, and the saved page has the structure without the styles",
  { timeout: 90_000, retry: 2 },
  async () => {
    // A visitor's pages never fetch the editor.
    const visitor = await newPage({ baseURL: server.baseURL });
    const scripts: string[] = [];
    visitor.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.url());
    });
    for (const path of ["/", "/crm"]) await visitor.goto(path, { waitUntil: "networkidle" });
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) expect(await (await fetch(url)).text(), url).not.toMatch(/ProseMirror|tiptap/i);

    const page = await newPage({ baseURL: server.baseURL });
    const editorChunks: string[] = [];
    page.on("request", (request) => {
      if (/rich-text-editor/.test(request.url())) editorChunks.push(request.url());
    });
    await signInAs(page, server, "recruiter", { name: "Rina Rich", at: "/staff/jobs/new" });
    // Named by the field's label, "Description (optional)", as the text area is without JavaScript.
    const editor = page.getByRole("textbox", { name: "Description" }).and(page.locator("[contenteditable]"));
    await editor.waitFor();
    expect(editorChunks.length, "the editor's chunk is fetched in the staff area").toBeGreaterThan(0);
    const field = page.locator('textarea[name="description"]');
    expect(await field.isHidden()).toBe(true);
    expect(await editor.getAttribute("aria-describedby")).toBeTruthy();
    expect(await editor.evaluate((element) => element.classList.contains("rich-text")), "styled as the public page").toBe(true);

    await page.getByLabel("Job title").fill("Platform Engineer (rich text)");
    await page.getByLabel("Job type").selectOption("full-time");

    // Keyboard only: the toolbar is one Tab stop, then the HTML switch, then the text.
    await page.getByRole("button", { name: "Heading 2" }).focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Edit HTML");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("textbox");
    await page.keyboard.type("What you will do");
    await useToolbar(page, "Heading 2");
    expect(await page.getByRole("button", { name: "Heading 2" }).getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Keep the platform up");
    await useToolbar(page, "Bulleted list");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Own ");
    await useToolbar(page, "Bold");
    expect(await page.getByRole("button", { name: "Bold", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.type("uptime");
    await page.keyboard.press("Control+B");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter"); // out of the list
    await page.keyboard.type("Read the ");
    await page.keyboard.press("Control+I");
    await page.keyboard.type("status page");
    await page.keyboard.press("Control+I");
    await page.keyboard.type(":");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Service status pages say what is down.");
    await page.keyboard.press("Home");
    await page.keyboard.press("Control+Shift+ArrowRight");
    await page.keyboard.press("Control+Shift+ArrowRight");
    await useToolbar(page, "Link");
    const address = page.getByLabel("Link address");
    expect(await address.evaluate((element) => element === document.activeElement)).toBe(true);
    await address.fill("javascript:alert(1)");
    await address.press("Enter");
    await page.getByRole("alert").filter({ hasText: "Enter a web address" }).waitFor();
    await address.fill("status.example.com");
    await address.press("Enter");
    expect(await address.count()).toBe(0);
    expect(await editor.evaluate((element) => element === document.activeElement), "focus is back in the text").toBe(true);

    // The editor keeps an empty paragraph at the end to type in; a paste there replaces it.
    await page.keyboard.press("Control+End");
    await letSelectionSettle(page);
    await paste(editor, WORD_HTML);
    await page.keyboard.press("Control+End");
    await letSelectionSettle(page);
    await paste(editor, GOOGLE_DOCS_HTML);

    const written = await field.inputValue();
    expect(written).toContain("<h2>What you will do</h2>");
    expect(written).toContain("<ul><li><p>Keep the platform up</p></li><li><p>Own <strong>uptime</strong></p></li></ul>");
    expect(written).toContain('<p>Read the <em>status page</em>:</p><p><a href="https://status.example.com">Service status</a> pages say what is down.</p>');
    // Word: the heading 1 is a heading 2, the list paragraphs a list, bold, italic and the link kept; the empty spacer gone.
    expect(written).toContain("<h2>Benefits from Word</h2>");
    expect(written).toContain(
      '<p>We offer <strong>private health</strong> and <em>flexible</em> hours, see <a href="https://example.com/benefits">our benefits</a>.</p>',
    );
    expect(written).toContain("<ul><li><p>Pension plan</p></li><li><p>Learning budget</p></li></ul>");
    // Google Docs: its bold-looking wrapper makes nothing bold; weights and slants written as styles are kept as marks.
    expect(written).toContain("<h2>How we work (Docs)</h2>");
    expect(written).toContain(
      '<p>Plain words, <strong>strong words</strong><em>, leaning words</em> and <a href="https://docs.example.com/handbook">the handbook</a></p>',
    );
    expect(written).toContain("<ol><li><p>Remote first</p></li><li><p>Async by default</p></li></ol>");
    expect(written).not.toMatch(/style=|class=|<span|<font|<b[ >]|<o:p|mso-|docs-internal|target=|<p><\/p>|<br>/);

    await expectAccessible(page);
    // With the link form open as well.
    await editor.click();
    await page.keyboard.press("Control+K");
    await page.getByLabel("Link address").waitFor();
    await expectAccessible(page);
    await page.getByLabel("Link address").press("Escape");

    // Leaving with the editor's changes unsaved asks first.
    const dialogs: string[] = [];
    page.once("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("link", { name: "Back to all jobs" }).click();
    await expect.poll(() => dialogs).toEqual(["You have changes that are not saved. Leave this page and lose them?"]);
    expect(new URL(page.url()).pathname).toBe("/staff/jobs/new");

    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(/\/staff\/jobs\/\d+\?done=created$/);
    const id = Number(/\/staff\/jobs\/(\d+)/.exec(page.url())![1]);
    await notice(page, "The draft is saved.");
    // What the server stored (sanitised) is what the editor wrote; the editor shows it again.
    await editor.getByText("Async by default").waitFor();
    expect(sameMarkup(await field.inputValue())).toBe(written);

    // The HTML switch shows the stored HTML in the text area, and back.
    await page.getByRole("button", { name: "Edit HTML" }).click();
    expect(await page.getByLabel(/^Description/).inputValue()).toBe(await field.inputValue());
    await page.getByRole("button", { name: "Edit HTML" }).click();
    await editor.waitFor();

    await page.goto(`/staff/jobs/${id}/preview`);
    const description = page.getByTestId("job-description");
    expect(await description.locator("h2").allTextContents()).toEqual(["What you will do", "Benefits from Word", "How we work (Docs)"]);
    expect(await description.locator("ul > li").allTextContents()).toEqual(["Keep the platform up", "Own uptime", "Pension plan", "Learning budget"]);
    expect(await description.locator("ol > li").allTextContents()).toEqual(["Remote first", "Async by default"]);
    expect(await description.locator("strong").allTextContents()).toEqual(["uptime", "private health", "strong words"]);
    expect(await description.locator("em").allTextContents()).toEqual(["status page", "flexible", ", leaning words"]);
    expect(await description.locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "https://status.example.com",
      "https://example.com/benefits",
      "https://docs.example.com/handbook",
    ]);
    expect(await description.locator("[style], [class], span, font, b").count()).toBe(0);
  },
);

test("without JavaScript the description is the plain HTML text area", async () => {
  const page = await newPage({ baseURL: server.baseURL, javaScriptEnabled: false });
  await signInAs(page, server, "recruiter", { name: "Nia NoScript", at: "/staff/jobs/new" });
  const field = page.getByLabel(/^Description/);
  expect(await field.evaluate((element) => element.tagName)).toBe("TEXTAREA");
  expect(await field.isVisible()).toBe(true);
  expect(await page.getByRole("toolbar").count()).toBe(0);
});

test(
  "an editor inserts a picture and keeps typing, undoes and redoes, changes its alt text, gives it a caption, and links in and out of the site",
  { timeout: 90_000 },
  async () => {
    const page = await newPage({ baseURL: server.baseURL });
    await signInAs(page, server, "editor", { name: "Ida Image", at: "/staff/insights/new" });
    const editor = page.getByRole("textbox", { name: "Article" }).and(page.locator("[contenteditable]"));
    await editor.waitFor();
    const field = page.locator('textarea[name="description"]');
    await page.getByLabel(/^Title/).fill("Pictures that stay");

    await editor.click();
    await page.keyboard.type("Before the picture.");
    await page.keyboard.press("Enter");
    await useToolbar(page, "Insert image", "Format article");
    const picture = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#1f4e79" } })
      .png()
      .toBuffer();
    await page.getByLabel("Image (PNG, JPEG, WebP or AVIF)").setInputFiles({ name: "square.png", mimeType: "image/png", buffer: picture });
    await page.getByRole("textbox", { name: "Alt text" }).fill("A blue square");
    await page.getByRole("button", { name: "Upload and insert" }).click();
    const image = editor.locator('img[alt="A blue square"]');
    await image.waitFor();
    await backInTheText(page);
    // Typed at once, as a person carries on: the words go after the picture, which stays.
    await page.keyboard.type("After the picture.");
    expect(await editor.locator("p").allTextContents()).toEqual(["Before the picture.", "After the picture."]);
    expect(await image.isVisible(), "the picture stays through typing").toBe(true);
    expect(await field.inputValue()).toMatch(
      /^<p>Before the picture\.<\/p><img src="\/media\/[0-9a-f-]{36}\/800\.webp" alt="A blue square" width="800" height="450"><p>After the picture\.<\/p>$/,
    );

    // Ctrl+Z takes back the words, then the picture; Redo brings the picture back.
    await page.keyboard.press("Control+Z");
    await expect.poll(() => editor.getByText("After the picture.").count()).toBe(0);
    expect(await image.isVisible(), "the first undo takes back only the typing").toBe(true);
    await page.keyboard.press("Control+Z");
    await expect.poll(() => image.count()).toBe(0);
    await useToolbar(page, "Redo", "Format article");
    await image.waitFor();
    expect(await field.inputValue()).toContain('alt="A blue square"');

    // The picture, reached with the arrow keys, gets new alt text and a caption from the toolbar.
    await editor.click();
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("End");
    await letSelectionSettle(page);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => image.evaluate((element) => element.closest(".ProseMirror-selectednode") !== null)).toBe(true);
    await useToolbar(page, "Alt text and caption", "Format article");
    const alt = page.getByRole("textbox", { name: "Alt text" });
    expect(await alt.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await alt.inputValue()).toBe("A blue square");
    await expectAccessible(page);
    await alt.fill("");
    await alt.press("Enter");
    await page.getByRole("alert").filter({ hasText: "Describe the image" }).waitFor();
    await alt.fill("A dark blue square on a white page");
    await page.getByRole("textbox", { name: "Caption (optional)" }).fill("Figure 1: the square & its <colour>");
    await page.getByRole("textbox", { name: "Caption (optional)" }).press("Enter");
    const captioned = editor.locator('figure:has(img[alt="A dark blue square on a white page"]) figcaption');
    await captioned.waitFor();
    expect(await captioned.textContent()).toBe("Figure 1: the square & its <colour>");
    await backInTheText(page);

    // One link within the site and one out of it; the editor writes no rel on either.
    await page.keyboard.press("Control+End");
    // ProseMirror reads the caret's move from the browser's selectionchange event; words typed before it
    // would replace the picture, which is still the selection it holds.
    await letSelectionSettle(page);
    for (const [words, address] of [
      ["our careers", "/careers"],
      ["the partner's report", "https://partner.example/report"],
    ] as const) {
      await page.keyboard.type(words);
      await page.keyboard.press("Shift+Home");
      await letSelectionSettle(page);
      await page.keyboard.press("Control+K");
      await page.getByLabel("Link address").fill(address);
      await page.getByLabel("Link address").press("Enter");
      await backInTheText(page);
      await page.keyboard.press("End");
      await letSelectionSettle(page);
      await page.keyboard.press("Enter");
    }
    const written = await field.inputValue();
    expect(written, written).toContain('<p><a href="/careers">our careers</a></p><p><a href="https://partner.example/report">the partner\'s report</a></p>');
    expect(written).not.toContain("rel=");
    expect(written, "the picture stays through the links").toContain("<figcaption>");

    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(/\/staff\/insights\/\d+\?done=created$/);
    const id = Number(/\/staff\/insights\/(\d+)/.exec(page.url())![1]);
    // Stored through the sanitiser with its caption, and shown again as it was written.
    await captioned.waitFor();
    expect(await field.inputValue()).toMatch(
      /<figure><img src="\/media\/[0-9a-f-]{36}\/800\.webp" alt="A dark blue square on a white page" width="800" height="450" ?\/?><figcaption>Figure 1: the square &amp; its &lt;colour&gt;<\/figcaption><\/figure>/,
    );
    await page.getByRole("button", { name: "Publish now" }).click();
    await notice(page, "is published");

    // The public page: the picture with its alt text and caption, nofollow only on the link that leaves the site.
    const visitor = await newPage({ baseURL: server.baseURL });
    await visitor.goto(`/featured-insights/${id}`);
    const article = visitor.getByTestId("insight-article");
    const figure = article.locator("figure", { has: visitor.getByRole("img", { name: "A dark blue square on a white page" }) });
    expect(await figure.locator("figcaption").textContent()).toBe("Figure 1: the square & its <colour>");
    expect(await figure.isVisible()).toBe(true);
    expect(await article.getByRole("link", { name: "our careers" }).getAttribute("rel")).toBeNull();
    expect(await article.getByRole("link", { name: "the partner's report" }).getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(await axeViolations(visitor)).toEqual([]);
  },
);
