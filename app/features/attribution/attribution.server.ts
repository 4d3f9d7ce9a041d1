import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  ATTRIBUTION_FIELD,
  ATTRIBUTION_VALUE_MAX_LENGTH,
  cleanValue,
  FORM_PAGE_FIELD,
  summariseTouches,
  TOUCH_PARAMETERS,
  touchLabels,
  touchParametersOf,
  type Attribution,
  type Touch,
} from "#app/features/attribution/attribution.ts";
import type { CsvColumn } from "#app/features/staff/csv.server.ts";

/** The touches' hidden field: two touches at their limits fit in a fraction of this; anything longer is not our script's. */
const MAX_TOUCHES_JSON_LENGTH = 16 * 1024;

/**
 * What a form post tells of where its sender came from: the touches the
 * page's script kept in the browser (when it ran), the form's page, and the
 * Referer header. Every value is checked and bounded here; whatever cannot be
 * one of ours is dropped, never refused: a form is never lost over its source.
 */
export function readAttribution(values: Record<string, string | undefined>, request: Request, siteUrl: string): Attribution {
  const ownHosts = new Set([siteHost(new URL(siteUrl).hostname), siteHost(new URL(request.url).hostname)]);
  const touches = parseTouches(values[ATTRIBUTION_FIELD]);
  const firstTouch = touchOf(touches?.firstTouch, ownHosts);
  const scriptTouch = touchOf(touches?.lastTouch, ownHosts);
  const referer = request.headers.get("referer") ?? "";
  const formPage =
    pathOf(values[FORM_PAGE_FIELD]) ?? (isOwnAddress(referer, ownHosts) ? pathOf(new URL(referer).pathname + new URL(referer).search) : undefined);
  // Without the script, the post's own address and Referer are all there is: the form's page carries a shared
  // link's campaign (a job opened from "/careers/12?utm_source=linkedin"), the Referer a form on another site's page.
  const lastTouch = scriptTouch ?? nonEmpty({ ...touchParametersOf(queryOf(formPage)), ...optional("referrer", externalOrigin(referer, ownHosts)) });
  return {
    ...optional("formPage", formPage),
    ...optional("firstTouch", firstTouch),
    ...optional("lastTouch", lastTouch),
    ...summariseTouches(lastTouch, firstTouch),
  };
}

function parseTouches(text: string | undefined): { firstTouch?: unknown; lastTouch?: unknown } | undefined {
  if (!text || text.length > MAX_TOUCHES_JSON_LENGTH) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A touch from the browser, keeping only known keys with values of their kind. */
function touchOf(value: unknown, ownHosts: Set<string>): Touch | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const raw = value as Record<string, unknown>;
  const touch: Touch = {};
  for (const name of TOUCH_PARAMETERS) {
    const text = cleanValue(raw[name]);
    if (text) touch[name] = text;
  }
  const landingPage = pathOf(raw.landingPage);
  if (landingPage) touch.landingPage = landingPage;
  const referrer = externalOrigin(raw.referrer, ownHosts);
  if (referrer) touch.referrer = referrer;
  const at = typeof raw.at === "string" && raw.at.length <= 40 ? new Date(raw.at) : null;
  if (at && !Number.isNaN(at.getTime())) touch.at = at.toISOString();
  return nonEmpty(touch);
}

/** A path of this site with its query ("/careers/12?utm_source=linkedin"); never an address of another site. */
function pathOf(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  // Only the start is kept: parsing the rest of a long address would be work for nothing.
  const path = value.slice(0, ATTRIBUTION_VALUE_MAX_LENGTH * 4);
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return undefined;
  if (!URL.canParse(path, "http://site.invalid")) return undefined;
  const url = new URL(path, "http://site.invalid");
  return cleanValue(url.pathname + url.search);
}

function queryOf(path: string | undefined): URLSearchParams {
  return new URLSearchParams(path?.split("?")[1] ?? "");
}

/** A host without its "www.": example.com and www.example.com are one site. */
function siteHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\./, "");
}

function isOwnAddress(value: string, ownHosts: Set<string>): boolean {
  return URL.canParse(value) && ownHosts.has(siteHost(new URL(value).hostname));
}

/** The origin of another site's web address ("https://www.google.com"); nothing for this site, other schemes or what is not an address. */
function externalOrigin(value: unknown, ownHosts: Set<string>): string | undefined {
  if (typeof value !== "string" || value.length > ATTRIBUTION_VALUE_MAX_LENGTH * 4 || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  if ((url.protocol !== "https:" && url.protocol !== "http:") || ownHosts.has(siteHost(url.hostname))) return undefined;
  return cleanValue(url.origin);
}

function optional<Key extends string, Value>(key: Key, value: Value | undefined): Partial<Record<Key, Value>> {
  return value === undefined ? {} : ({ [key]: value } as Record<Key, Value>);
}

function nonEmpty(touch: Touch): Touch | undefined {
  return Object.keys(touch).length > 0 ? touch : undefined;
}

/** A list's condition for one source (as summariseTouches lower-cases it). */
export function attributionSourceIs(column: AnyPgColumn, source: string | null): SQL | undefined {
  return source ? sql`(${column} ->> 'source') = ${source.toLowerCase()}` : undefined;
}

/** The columns every export of leads adds, after its own. */
export function attributionCsvColumns<Row extends { attribution: Attribution | null }>(): CsvColumn<Row>[] {
  const touchColumns = (name: "lastTouch" | "firstTouch", heading: string): CsvColumn<Row>[] =>
    touchLabels.map(([key, label]) => ({ header: `${heading}: ${label}`, value: (row) => row.attribution?.[name]?.[key] }));
  return [
    { header: "Source", value: (row) => row.attribution?.source },
    { header: "Medium", value: (row) => row.attribution?.medium },
    { header: "Campaign", value: (row) => row.attribution?.campaign },
    { header: "Form page", value: (row) => row.attribution?.formPage },
    ...touchColumns("lastTouch", "Last touch"),
    ...touchColumns("firstTouch", "First touch"),
  ];
}
