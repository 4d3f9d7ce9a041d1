import { singleLine } from "#app/features/forms/text-rules.ts";
import { instantFromLocalField, localFieldValue } from "#app/features/zoned-time.ts";
import { currentTimeZoneName } from "#app/features/zoned-time.ts";
import type { EventAgendaItem, EventPhoto, EventSpeaker, EventVenue } from "#app/platform/db/schema.server.ts";

/*
 * What an event edition may hold, for the staff form and the server that
 * checks it: one source for the limits, the field names and the sentences.
 */

export const EDITION_LIMITS = {
  title: 120,
  slug: 80,
  summary: 500,
  venueText: 160,
  postalCode: 20,
  mapUrl: 500,
  capacity: 100_000,
  agendaItems: 40,
  agendaTitle: 160,
  agendaSpeaker: 120,
  speakers: 12,
  speakerText: 120,
  speakerBio: 600,
  recap: 10_000,
  recapPhotos: 12,
  photoAlt: 200,
} as const;

/**
 * Addresses an edition's page may not take: the editions' own staff words,
 * and the site's sections and spec addresses, so `/events/{slug}` never
 * reads as one of them.
 */
export const RESERVED_EDITION_SLUGS: ReadonlySet<string> = new Set([
  "new",
  "edit",
  "editions",
  "preview",
  "calendar",
  "staff",
  "media",
  "assets",
  "images",
  "events",
  "careers",
  "featured-insights",
  "newsletter",
  "consultation",
  "contact-us",
  "portfolio",
]);

/** The form fields of speaker `index` (0-based): name, role, organisation, bio, the photo kept, its removal, a new photo. */
export const speakerField = (index: number, part: "Name" | "Role" | "Organisation" | "Bio" | "Photo" | "RemovePhoto" | "PhotoFile") => `speaker${index}${part}`;
/** The form fields of recap photo `index`: the picture kept, its alternative text, its removal. */
export const recapPhotoField = (index: number, part: "Src" | "Alt" | "Remove") => `recapPhoto${index}${part}`;
export const NEW_RECAP_PHOTO_FILE = "recapPhotoFile";
export const NEW_RECAP_PHOTO_ALT = "recapPhotoAlt";

const range = (n: number) => Array.from({ length: n }, (_, index) => index);
const SPEAKER_PARTS = ["Name", "Role", "Organisation", "Bio", "Photo", "RemovePhoto"] as const;

/** The files the form may carry: one photo per speaker and one new recap photo. */
export const EDITION_IMAGE_FIELDS = [...range(EDITION_LIMITS.speakers).map((index) => speakerField(index, "PhotoFile")), NEW_RECAP_PHOTO_FILE];

export const EDITION_TEXT_FIELDS = [
  "title",
  "slug",
  "summary",
  "timeZone",
  "startsAt",
  "endsAt",
  "venueName",
  "venueStreet",
  "venueLocality",
  "venueRegion",
  "venuePostalCode",
  "venueCountry",
  "venueMapUrl",
  "capacity",
  "registrationOpensAt",
  "registrationClosesAt",
  "agenda",
  "recap",
] as const;

/** Every text field the form posts (the speaker and photo slots included). */
export const EDITION_FORM_FIELDS: readonly string[] = [
  ...EDITION_TEXT_FIELDS,
  ...range(EDITION_LIMITS.speakers).flatMap((index) => SPEAKER_PARTS.map((part) => speakerField(index, part))),
  ...range(EDITION_LIMITS.recapPhotos).flatMap((index) => (["Src", "Alt", "Remove"] as const).map((part) => recapPhotoField(index, part))),
  NEW_RECAP_PHOTO_ALT,
];

/** Twelve speaker photos and a recap photo at the image limit, with the text around them. */
export const EDITION_FORM_MAX_BYTES = 14 * 11 * 1024 * 1024;

export type EditionInput = {
  title: string;
  slug: string;
  summary: string;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  venue: EventVenue;
  capacity: number;
  registrationOpensAt: Date | null;
  registrationClosesAt: Date | null;
  agenda: EventAgendaItem[];
  /** Each speaker with the photo kept (or none); a new upload replaces it (`newPhotos`). */
  speakers: EventSpeaker[];
  /** The form slot each speaker came from, so a photo uploaded in a slot goes to its speaker. */
  speakerSlots: number[];
  recap: string[];
  recapPhotos: EventPhoto[];
  /** The alternative text of the recap photo uploaded with this save, if one is. */
  newRecapPhotoAlt: string;
};

export type EditionErrors = Record<string, string>;

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const AGENDA_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Media addresses the image pipeline gives; a kept photo must be one of them. */
const MEDIA_SRC = /^\/media\/[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+$/;

/** Why the slug cannot be an edition's address, or null when it can. */
export function slugProblem(slug: string): string | null {
  if (!slug) return "Enter the address: lowercase letters, digits and hyphens, e.g. kraf-think-2026.";
  if (slug.length > EDITION_LIMITS.slug) return `Keep the address to ${EDITION_LIMITS.slug} characters.`;
  if (!SLUG_PATTERN.test(slug)) return "Use only lowercase letters a to z, digits and single hyphens between them, e.g. kraf-think-2026.";
  if (RESERVED_EDITION_SLUGS.has(slug)) return `"${slug}" is an address the site uses itself; choose another.`;
  return null;
}

/** "09:30-10:15 | Opening keynote | Asha Rao", one slot a line; the speaker is optional. */
export function agendaFrom(text: string): { ok: true; items: EventAgendaItem[] } | { ok: false; message: string } {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > EDITION_LIMITS.agendaItems) return { ok: false, message: `Keep the agenda to ${EDITION_LIMITS.agendaItems} lines.` };
  const items: EventAgendaItem[] = [];
  for (const [index, line] of lines.entries()) {
    const [times = "", title = "", speaker = "", ...extra] = line.split("|").map((part) => singleLine(part));
    const [starts = "", ends = ""] = times.split(/\s*[-–]\s*/);
    const where = `Line ${index + 1} of the agenda`;
    if (extra.length > 0 || !AGENDA_TIME.test(starts) || !AGENDA_TIME.test(ends) || !title)
      return { ok: false, message: `${where} must read like "09:30-10:15 | Opening keynote | Asha Rao" (the speaker may be left out).` };
    if (ends <= starts) return { ok: false, message: `${where} ends before it starts.` };
    if (title.length > EDITION_LIMITS.agendaTitle) return { ok: false, message: `${where}: keep the title to ${EDITION_LIMITS.agendaTitle} characters.` };
    if (speaker.length > EDITION_LIMITS.agendaSpeaker)
      return { ok: false, message: `${where}: keep the speaker to ${EDITION_LIMITS.agendaSpeaker} characters.` };
    items.push({ starts, ends, title, ...(speaker ? { speaker } : {}) });
  }
  return { ok: true, items };
}

/** The agenda as the form's text area shows it. */
export const agendaText = (agenda: readonly EventAgendaItem[]) =>
  agenda.map((item) => [`${item.starts}-${item.ends}`, item.title, ...(item.speaker ? [item.speaker] : [])].join(" | ")).join("\n");

/** Paragraphs are separated by an empty line. */
export const recapFrom = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter(Boolean);
export const recapText = (recap: readonly string[]) => recap.join("\n\n");

/** A stored instant as the form's datetime-local field shows it, in the edition's time zone. */
export const localTimeValue = (at: Date | null, timeZone: string) => (at ? localFieldValue(at, timeZone) : "");

/** The form's values as an edition, or a sentence beside each field that is wrong. */
export function readEditionInput(values: Record<string, string>): { ok: true; input: EditionInput } | { ok: false; errors: EditionErrors } {
  const errors: EditionErrors = {};
  const text = (name: string, label: string, max: number, required = false) => {
    const value = singleLine(values[name]);
    if (required && !value) errors[name] = `Enter the ${label}.`;
    else if (value.length > max) errors[name] = `Keep the ${label} to ${max} characters.`;
    return value;
  };

  const title = text("title", "title", EDITION_LIMITS.title, true);
  const slug = singleLine(values.slug);
  const slugError = slugProblem(slug);
  if (slugError) errors.slug = slugError;
  const summary = text("summary", "summary", EDITION_LIMITS.summary, true);

  const timeZone = currentTimeZoneName(values.timeZone ?? "");
  if (!timeZone) errors.timeZone = 'Enter a time zone by its IANA name, e.g. "Asia/Kolkata" or "Europe/London".';
  const zone = timeZone ?? "UTC";
  const instant = (name: string, label: string, required: boolean): Date | null => {
    const raw = (values[name] ?? "").trim();
    if (!raw) {
      if (required) errors[name] = `Enter the ${label}.`;
      return null;
    }
    const at = instantFromLocalField(raw, zone);
    if (at === "invalid") {
      errors[name] = `Enter the ${label} as a date and a time.`;
      return null;
    }
    return at;
  };
  const startsAt = instant("startsAt", "start", true);
  const endsAt = instant("endsAt", "end", true);
  if (startsAt && endsAt && endsAt <= startsAt) errors.endsAt = "The end must come after the start.";
  const registrationOpensAt = instant("registrationOpensAt", "opening of registration", false);
  const registrationClosesAt = instant("registrationClosesAt", "closing of registration", false);
  if (registrationOpensAt && registrationClosesAt && registrationClosesAt <= registrationOpensAt)
    errors.registrationClosesAt = "Registration must close after it opens.";

  const venue: EventVenue = {
    name: text("venueName", "venue's name", EDITION_LIMITS.venueText, true),
    streetAddress: text("venueStreet", "street address", EDITION_LIMITS.venueText),
    locality: text("venueLocality", "city", EDITION_LIMITS.venueText),
    region: text("venueRegion", "region", EDITION_LIMITS.venueText),
    postalCode: text("venuePostalCode", "postal code", EDITION_LIMITS.postalCode),
    countryCode: singleLine(values.venueCountry).toUpperCase(),
    mapUrl: singleLine(values.venueMapUrl),
  };
  if (!/^[A-Z]{2}$/.test(venue.countryCode)) errors.venueCountry = 'Enter the country as its two-letter code, e.g. "IN".';
  if (venue.mapUrl && (venue.mapUrl.length > EDITION_LIMITS.mapUrl || !/^https:\/\/[^\s]+$/.test(venue.mapUrl)))
    errors.venueMapUrl = `Enter a map link starting with https:// (at most ${EDITION_LIMITS.mapUrl} characters), or leave it empty.`;

  const capacityText = singleLine(values.capacity);
  const capacity = /^\d{1,6}$/.test(capacityText) ? Number(capacityText) : NaN;
  if (!(capacity >= 0 && capacity <= EDITION_LIMITS.capacity))
    errors.capacity = `Enter the number of places as a whole number from 0 to ${EDITION_LIMITS.capacity.toLocaleString("en-US")}.`;

  const agenda = agendaFrom(values.agenda ?? "");
  if (!agenda.ok) errors.agenda = agenda.message;

  const speakers: EventSpeaker[] = [];
  const speakerSlots: number[] = [];
  for (const index of range(EDITION_LIMITS.speakers)) {
    const field = (part: (typeof SPEAKER_PARTS)[number]) => speakerField(index, part);
    const name = text(field("Name"), "speaker's name", EDITION_LIMITS.speakerText);
    const role = text(field("Role"), "speaker's role", EDITION_LIMITS.speakerText);
    const organisation = text(field("Organisation"), "speaker's organisation", EDITION_LIMITS.speakerText);
    const bio = text(field("Bio"), "speaker's bio", EDITION_LIMITS.speakerBio);
    const kept = values[field("RemovePhoto")] === "on" ? "" : (values[field("Photo")] ?? "");
    if (!name) {
      if (role || organisation || bio) errors[field("Name")] = "Enter the speaker's name, or clear the speaker's other fields.";
      continue;
    }
    speakers.push({ name, role, organisation, bio, ...(MEDIA_SRC.test(kept) ? { photo: kept } : {}) });
    speakerSlots.push(index);
  }

  const recapRaw = (values.recap ?? "").trim();
  if (recapRaw.length > EDITION_LIMITS.recap) errors.recap = `Keep the recap to ${EDITION_LIMITS.recap.toLocaleString("en-US")} characters.`;
  const recapPhotos: EventPhoto[] = [];
  for (const index of range(EDITION_LIMITS.recapPhotos)) {
    const src = values[recapPhotoField(index, "Src")] ?? "";
    if (!MEDIA_SRC.test(src) || values[recapPhotoField(index, "Remove")] === "on") continue;
    const alt = text(recapPhotoField(index, "Alt"), "photo's description", EDITION_LIMITS.photoAlt, true);
    recapPhotos.push({ src, alt });
  }
  const newRecapPhotoAlt = text(NEW_RECAP_PHOTO_ALT, "new photo's description", EDITION_LIMITS.photoAlt);

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      title,
      slug,
      summary,
      timeZone: zone,
      startsAt: startsAt!,
      endsAt: endsAt!,
      venue,
      capacity,
      registrationOpensAt,
      registrationClosesAt,
      agenda: agenda.ok ? agenda.items : [],
      speakers,
      speakerSlots,
      recap: recapFrom(recapRaw),
      recapPhotos,
      newRecapPhotoAlt,
    },
  };
}

/** A stored edition as the form shows it. */
export function editionFormValues(edition: Omit<EditionInput, "speakerSlots" | "newRecapPhotoAlt">): Record<string, string> {
  const zone = edition.timeZone;
  const values: Record<string, string> = {
    title: edition.title,
    slug: edition.slug,
    summary: edition.summary,
    timeZone: zone,
    startsAt: localTimeValue(edition.startsAt, zone),
    endsAt: localTimeValue(edition.endsAt, zone),
    venueName: edition.venue.name,
    venueStreet: edition.venue.streetAddress,
    venueLocality: edition.venue.locality,
    venueRegion: edition.venue.region,
    venuePostalCode: edition.venue.postalCode,
    venueCountry: edition.venue.countryCode,
    venueMapUrl: edition.venue.mapUrl,
    capacity: String(edition.capacity),
    registrationOpensAt: localTimeValue(edition.registrationOpensAt, zone),
    registrationClosesAt: localTimeValue(edition.registrationClosesAt, zone),
    agenda: agendaText(edition.agenda),
    recap: recapText(edition.recap),
  };
  edition.speakers.forEach((speaker, index) => {
    values[speakerField(index, "Name")] = speaker.name;
    values[speakerField(index, "Role")] = speaker.role;
    values[speakerField(index, "Organisation")] = speaker.organisation;
    values[speakerField(index, "Bio")] = speaker.bio;
    values[speakerField(index, "Photo")] = speaker.photo ?? "";
  });
  edition.recapPhotos.forEach((photo, index) => {
    values[recapPhotoField(index, "Src")] = photo.src;
    values[recapPhotoField(index, "Alt")] = photo.alt;
  });
  return values;
}
