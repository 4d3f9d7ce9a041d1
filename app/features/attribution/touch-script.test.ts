import { runInNewContext } from "node:vm";
import { expect, test } from "vitest";
import { ATTRIBUTION_VALUE_MAX_LENGTH } from "#app/features/attribution/attribution.ts";
import { FIRST_TOUCH_KEY, TOUCH_SCRIPT, VISIT_TOUCH_KEY } from "#app/features/attribution/touch-script.ts";

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

/** One page load in a browser that has `local` and `session` storage: the script runs, then the form is sent. */
function loadPage(address: string, referrer: string, local = memoryStorage(), session = memoryStorage()) {
  const url = new URL(address);
  let onSubmit: ((event: unknown) => void) | undefined;
  runInNewContext(TOUCH_SCRIPT, {
    URL,
    URLSearchParams,
    location: url,
    document: { referrer },
    localStorage: local,
    sessionStorage: session,
    addEventListener: (type: string, listener: (event: unknown) => void, capture: boolean) => {
      if (type === "submit" && capture) onSubmit = listener;
    },
  });
  const send = () => {
    const field = { value: "" };
    onSubmit?.({ target: { querySelector: (selector: string) => (selector === 'input[name="attribution"]' ? field : null) } });
    return field.value;
  };
  return { local, session, send };
}

test("the landing page and campaign of a visit reach the form sent from another page, and the first touch stays for the next visits", () => {
  const landing = loadPage("https://www.example.com/crm?utm_source=linkedin&utm_medium=paid&utm_campaign=q4", "https://www.linkedin.com/feed/");
  // Moving on in the same tab: a new page of the same visit.
  const contact = loadPage("https://www.example.com/contact-us", "https://www.example.com/crm", landing.local, landing.session);
  const sent = JSON.parse(contact.send()) as { firstTouch: Record<string, string>; lastTouch: Record<string, string> };
  expect(sent.lastTouch).toMatchObject({
    utm_source: "linkedin",
    utm_medium: "paid",
    utm_campaign: "q4",
    referrer: "https://www.linkedin.com",
    landingPage: "/crm?utm_source=linkedin&utm_medium=paid&utm_campaign=q4",
  });
  expect(sent.firstTouch).toEqual(sent.lastTouch);

  // A later visit, typed in: a new visit touch, the first touch unchanged.
  const later = loadPage("https://www.example.com/about", "", landing.local, memoryStorage());
  const again = JSON.parse(later.send()) as { firstTouch: Record<string, string>; lastTouch: Record<string, string> };
  expect(again.lastTouch).toMatchObject({ landingPage: "/about" });
  expect(again.lastTouch.utm_source).toBeUndefined();
  expect(again.firstTouch.utm_source).toBe("linkedin");
});

test("a first touch older than 90 days is forgotten; a visit from our own site is not from another one", () => {
  const old = JSON.stringify({ utm_source: "old", at: new Date(Date.now() - 91 * 24 * 3600_000).toISOString() });
  const page = loadPage("https://www.example.com/", "https://example.com/x", memoryStorage({ [FIRST_TOUCH_KEY]: old }));
  expect(page.local.map.has(FIRST_TOUCH_KEY)).toBe(false);
  expect(JSON.parse(page.session.map.get(VISIT_TOUCH_KEY)!)).not.toHaveProperty("referrer");
});

test("long and odd values are cut in the browser, and the field is ASCII whatever the address held", () => {
  const page = loadPage(`https://www.example.com/?utm_source=${"é".repeat(10_000)}&utm_term=%E2%80%AEx%0D%0Ay`, "");
  const value = page.send();
  expect(value).toMatch(/^[\x20-\x7e]*$/);
  const sent = JSON.parse(value) as { lastTouch: Record<string, string> };
  expect(sent.lastTouch.utm_source).toBe("é".repeat(ATTRIBUTION_VALUE_MAX_LENGTH));
  expect(sent.lastTouch.utm_term).toBe("\u202Ex\r\ny");
});

test("storage the browser refuses leaves the page and its forms working", () => {
  const refusing = {
    getItem: () => null,
    setItem: () => {
      throw new Error("QuotaExceededError");
    },
    removeItem: () => undefined,
  };
  expect(() => loadPage("https://www.example.com/?utm_source=x", "", refusing as never, refusing as never)).not.toThrow();
});
