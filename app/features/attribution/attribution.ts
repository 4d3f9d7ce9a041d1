/*
 * Where a lead came from (decision 037): the shape kept with every record the
 * public forms create, the hidden fields that carry it, and the words staff
 * read. Shared by the browser (the forms' hidden fields) and the server.
 */

/** The address parameters a campaign link carries, as marketing tools name them. */
export const CAMPAIGN_PARAMETERS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
/** Ad platforms' click ids: they say which platform's ad was clicked. */
export const CLICK_ID_PARAMETERS = ["gclid", "msclkid", "fbclid", "li_fat_id"] as const;
export const TOUCH_PARAMETERS = [...CAMPAIGN_PARAMETERS, ...CLICK_ID_PARAMETERS] as const;
export type TouchParameter = (typeof TOUCH_PARAMETERS)[number];

/** Every kept value is at most this many characters. */
export const ATTRIBUTION_VALUE_MAX_LENGTH = 200;
/** How long the browser keeps the first touch. */
export const FIRST_TOUCH_DAYS = 90;

/**
 * One visit as the browser saw it when it began: the page it landed on (path
 * and query), the other site that linked to it (its origin only), the
 * campaign parameters and click ids of that address, and when it was.
 */
export type Touch = Partial<Record<TouchParameter, string>> & { landingPage?: string; referrer?: string; at?: string };

/**
 * What a record keeps. `source`, `medium` and `campaign` are read from the
 * touches once, when the record is stored (see summariseTouches), so lists
 * filter on one key whatever the touches hold.
 */
export type Attribution = {
  /** The page the form was sent from (path and query). */
  formPage?: string;
  /** The first visit that came from a campaign or another site, within FIRST_TOUCH_DAYS. */
  firstTouch?: Touch;
  /** The visit the form was sent in. Without JavaScript: what the post itself tells. */
  lastTouch?: Touch;
  source?: string;
  medium?: string;
  campaign?: string;
};

/** The hidden fields every public form carries: the touches (filled by the page's script) and the form's page (drawn by the server). */
export const ATTRIBUTION_FIELD = "attribution";
export const FORM_PAGE_FIELD = "attribution_page";
export const ATTRIBUTION_FIELDS = [ATTRIBUTION_FIELD, FORM_PAGE_FIELD] as const;

/** What a page's address says of a campaign: its parameters, each bounded. */
export function touchParametersOf(search: URLSearchParams): Touch {
  const touch: Touch = {};
  for (const name of TOUCH_PARAMETERS) {
    const value = cleanValue(search.get(name));
    if (value) touch[name] = value;
  }
  return touch;
}

/**
 * A link to another page of this site that carries on the campaign parameters
 * and click ids of the page it is on, ahead of its own query: without
 * JavaScript no script keeps the visit's touch, and the next page's form can
 * only tell the campaign by its own address (a job shared on LinkedIn, then
 * "Apply"). Ahead, because a form page is kept to its first
 * ATTRIBUTION_VALUE_MAX_LENGTH characters and a job's base64 title can be longer.
 */
export function carryingCampaign(href: string, pageSearch: string): string {
  const touch = touchParametersOf(new URLSearchParams(pageSearch));
  const campaign = new URLSearchParams();
  for (const name of TOUCH_PARAMETERS) if (touch[name]) campaign.set(name, touch[name]);
  if (campaign.size === 0) return href;
  const [path, query = ""] = href.split("?");
  for (const [name, value] of new URLSearchParams(query)) if (!campaign.has(name)) campaign.append(name, value);
  return `${path}?${campaign}`;
}

/** Characters no address parameter needs: controls, format marks (bidirectional overrides, zero widths), lone surrogates, private use. */
const UNWANTED_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/gu;

/** A value as kept: text on one line without invisible characters, trimmed, at most ATTRIBUTION_VALUE_MAX_LENGTH characters; undefined when nothing is left. */
export function cleanValue(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = Array.from(value.slice(0, ATTRIBUTION_VALUE_MAX_LENGTH * 4).replace(UNWANTED_CHARACTERS, ""))
    .slice(0, ATTRIBUTION_VALUE_MAX_LENGTH)
    .join("")
    .trim();
  return text === "" ? undefined : text;
}

/** Platforms a click id names, for a visit that carried one but no utm_source. */
const CLICK_ID_SOURCES: Record<(typeof CLICK_ID_PARAMETERS)[number], string> = {
  gclid: "google",
  msclkid: "bing",
  fbclid: "facebook",
  li_fat_id: "linkedin",
};

/** True when a touch says where the visit came from (a campaign, a click id or another site). */
export function isMarkedTouch(touch: Touch | undefined): touch is Touch {
  return touch !== undefined && (TOUCH_PARAMETERS.some((name) => touch[name]) || touch.referrer !== undefined);
}

/**
 * Source, medium and campaign of a record: those of the visit the form was
 * sent in when it came from somewhere, else those of the first touch (a
 * visitor who came back by typing the address is still the campaign's).
 * Without utm_source: the click id's platform ("cpc"), else the linking
 * site's host ("referral"). Source and medium in lower case, so one filter
 * finds "LinkedIn" and "linkedin" alike.
 */
export function summariseTouches(lastTouch: Touch | undefined, firstTouch: Touch | undefined): Pick<Attribution, "source" | "medium" | "campaign"> {
  const touch = isMarkedTouch(lastTouch) ? lastTouch : isMarkedTouch(firstTouch) ? firstTouch : undefined;
  if (!touch) return {};
  const clickId = CLICK_ID_PARAMETERS.find((name) => touch[name]);
  const referrerHost = touch.referrer && URL.canParse(touch.referrer) ? new URL(touch.referrer).hostname : undefined;
  const source = touch.utm_source ?? (clickId ? CLICK_ID_SOURCES[clickId] : referrerHost);
  const medium = touch.utm_medium ?? (touch.utm_source ? undefined : clickId ? "cpc" : referrerHost ? "referral" : undefined);
  return {
    ...(source ? { source: source.toLowerCase() } : {}),
    ...(medium ? { medium: medium.toLowerCase() } : {}),
    ...(touch.utm_campaign ? { campaign: touch.utm_campaign } : {}),
  };
}

/** Names staff read beside each value of a touch, in the order they are shown. */
export const touchLabels: ReadonlyArray<readonly [keyof Touch, string]> = [
  ["landingPage", "Landing page"],
  ["referrer", "Referred by"],
  ["utm_source", "utm_source"],
  ["utm_medium", "utm_medium"],
  ["utm_campaign", "utm_campaign"],
  ["utm_term", "utm_term"],
  ["utm_content", "utm_content"],
  ["gclid", "Google click id (gclid)"],
  ["msclkid", "Microsoft click id (msclkid)"],
  ["fbclid", "Facebook click id (fbclid)"],
  ["li_fat_id", "LinkedIn click id (li_fat_id)"],
  ["at", "When"],
];

/** What a record without a source shows: typed address, bookmark, or a browser that kept no trace. */
export const NO_SOURCE_LABEL = "Direct or unknown";

/**
 * The filter value that picks the records without a source. Kept sources are
 * utm_source values, click-id platforms and referring hosts; "(direct)" is the
 * label analytics reports print for these visits, not a value links carry.
 */
export const NO_SOURCE_FILTER = "(direct)";
