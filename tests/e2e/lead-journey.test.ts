import { afterAll, beforeAll, expect, test } from "vitest";
import { setupBrowser, waitForHydration, waitForStaffHydration } from "#tests/support/browser.ts";
import { consultationValues, freshPostgres, type FreshPostgres } from "#tests/support/forms.ts";
import { parseMail, startSmtpServer, waitUntil, type TestSmtpServer } from "#tests/support/mail.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { choosePassword, addStaffAccount } from "#tests/support/staff.ts";

/*
 * A lead's whole loop on two server processes over one PostgreSQL, with a
 * real SMTP server: a visitor comes from a LinkedIn campaign and sends a
 * consultation through one process; the owner the routing rule picks gets the
 * alert, opens the lead through the other process, sees where it came from
 * and when it is due, and replies; the visitor's mail holds the reply, the
 * clock stops and the figures count the lead as answered in time.
 */

const { newPage } = setupBrowser();
let database: FreshPostgres;
let smtp: TestSmtpServer;
let visitorSide: RunningServer;
let staffSide: RunningServer;

beforeAll(async () => {
  database = await freshPostgres();
  smtp = await startSmtpServer();
  const shared = { DATABASE_URL: database.url, MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, FORM_RATE_LIMIT: "1000" };
  // Two processes on one database, as two replicas behind a load balancer.
  visitorSide = await startServer(shared);
  staffSide = await startServer(shared);
});

afterAll(async () => {
  await Promise.all([visitorSide?.stop(), staffSide?.stop()]);
  await smtp?.stop();
  await database?.dispose();
});

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => parseMail(mail.raw));

test(
  "a LinkedIn lead reaches the owner the rule picks, who sees its source and due time, replies, the clock stops and the figures count it",
  { timeout: 180_000 },
  async () => {
    // Two sales colleagues; the rule sends LinkedIn leads to Priya's team, so rotation in the default team would not pick her.
    await addStaffAccount(staffSide, { name: "Omar Default", email: "omar@example.com", role: "sales" });
    const { link: passwordLink } = await addStaffAccount(staffSide, { name: "Priya Linkedin", email: "priya@example.com", role: "sales" });
    await database.pool.query(`
    with team as (insert into teams (name) values ('Social') returning id)
    insert into team_members (team_id, user_id) select team.id, u.id from team, staff_user u where u.email = 'priya@example.com'`);
    await database.pool.query(`insert into routing_rules (position, source, team_id) select 1, 'linkedin', id from teams where name = 'Social'`);

    const visitor = await newPage({ baseURL: visitorSide.baseURL });
    await visitor.goto("/crm?utm_source=linkedin&utm_medium=paid&utm_campaign=crm-q4");
    await visitor.goto("/contact-us");
    await waitForHydration(visitor);
    const form = visitor.locator("#consultation form[novalidate]");
    const values = consultationValues({ fullName: "Lena Journey", email: "lena@example.com", country: "Germany" });
    for (const [name, value] of Object.entries(values)) await form.locator(`[name="${name}"]`).fill(value);
    await form.getByRole("button", { name: "Enquire Now" }).click();
    await visitor.getByTestId("toast-text").getByText("Consultation request submitted successfully!", { exact: true }).waitFor();

    // The owner's alert names the lead and links straight to it.
    await waitUntil(() => mailsTo("priya@example.com").some((mail) => mail.text.includes("Lena Journey")), 15_000);
    expect(mailsTo("omar@example.com").filter((mail) => mail.text.includes("Lena Journey"))).toEqual([]);
    const alert = mailsTo("priya@example.com").find((mail) => mail.text.includes("Lena Journey"))!;
    const link = /https?:\/\/\S+\/staff\/consultations\/\d+/.exec(alert.text)?.[0];
    expect(link).toBeDefined();
    const leadPath = new URL(link!).pathname;

    // Choosing her password signs her in; she follows the link on the other process.
    const owner = await newPage({ baseURL: staffSide.baseURL });
    await choosePassword(owner, passwordLink);
    await owner.goto(leadPath);
    expect(new URL(owner.url()).pathname).toBe(leadPath);
    // React's hydration puts a textarea's server-rendered text back, so a message typed before it would be lost.
    await waitForStaffHydration(owner);
    expect(await owner.locator("#owner-heading + p").textContent()).toBe("Owned by Priya Linkedin · Team: Social");
    const source = owner.locator('section[aria-labelledby="source-heading"]');
    const terms = await source.locator("dt").allTextContents();
    const shown = Object.fromEntries(terms.map((term, i) => [term, i]));
    const described = await source.locator("dd").allTextContents();
    const valueOf = (term: string) => described[shown[term]!];
    expect(valueOf("Source")).toBe("linkedin");
    expect(valueOf("Medium")).toBe("paid");
    expect(valueOf("Campaign")).toBe("crm-q4");
    expect(valueOf("Landing page")).toContain("/crm");
    await expect.poll(() => owner.getByText(/due in \d+|overdue by/).count()).toBeGreaterThan(0);

    // The reply goes to the visitor, answers come back to her, and the clock stops.
    const reply = owner.getByRole("region", { name: "Reply to Lena Journey" });
    await reply.getByLabel("Message").fill("Dear Lena,\n\nThank you. Could we talk tomorrow at 11?\n\nPriya");
    await Promise.all([owner.waitForURL(/\?done=reply-(sent|queued)$/), reply.getByRole("button", { name: "Send reply" }).click()]);
    await owner.getByText("Status: Contacted").waitFor();
    // Through the outbox, whose retry after a failed attempt comes 5 s and then 30 s later: one transient
    // failure on a busy machine still delivers within the minute. If it never arrives, the outbox says why.
    await waitUntil(() => mailsTo("lena@example.com").some((mail) => mail.text.includes("Could we talk tomorrow")), 60_000).catch(async (error: Error) => {
      const { rows } = await database.pool.query("select subject, status, attempts, last_error from outbox where to_address = 'lena@example.com'");
      throw new Error(`${error.message}; the outbox holds ${JSON.stringify(rows)}`);
    });
    const sent = mailsTo("lena@example.com").find((mail) => mail.text.includes("Could we talk tomorrow"))!;
    expect(sent.headers.get("reply-to")).toBe("priya@example.com");
    const {
      rows: [lead],
    } = await database.pool.query<{ answered: boolean; status: string }>(
      "select first_response_at is not null as answered, status from consultations where email = 'lena@example.com'",
    );
    expect(lead).toEqual({ answered: true, status: "contacted" });
    await owner.reload();
    await owner
      .getByText(/Answered .* after arrival/)
      .first()
      .waitFor();

    // The figures count it: one lead, from LinkedIn, answered within the promise.
    await owner.goto("/staff/figures");
    const figure = (label: string) => owner.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");
    expect(await figure("Leads").textContent()).toBe("1");
    expect(await figure("Within the promise").textContent()).toBe("100%");
    const bySource = owner.getByRole("region", { name: "Leads by source", exact: true });
    expect(
      await bySource
        .getByRole("row", { name: /linkedin/ })
        .getByRole("cell")
        .textContent(),
    ).toBe("1");
  },
);
