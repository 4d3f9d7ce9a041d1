import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { Field } from "#app/features/forms/field.tsx";
import {
  EDITION_FORM_FIELDS,
  EDITION_FORM_MAX_BYTES,
  EDITION_LIMITS,
  NEW_RECAP_PHOTO_ALT,
  NEW_RECAP_PHOTO_FILE,
  recapPhotoField,
  speakerField,
} from "#app/features/staff/events/edition-rules.ts";
import { ContentForm } from "#app/features/staff/publishing/content-form.tsx";
import { ImageFileField, imageFileHint } from "#app/features/staff/publishing/image-file-field.tsx";

/** The edition's fields as the form shows them (strings, as typed), the speaker and photo slots included. */
export type EditionFormValues = Record<string, string>;

export const emptyEditionForm: EditionFormValues = {
  title: "",
  slug: "",
  summary: "",
  timeZone: "Asia/Kolkata",
  startsAt: "",
  endsAt: "",
  venueName: "",
  venueStreet: "",
  venueLocality: "",
  venueRegion: "",
  venuePostalCode: "",
  venueCountry: "IN",
  venueMapUrl: "",
  capacity: "",
  registrationOpensAt: "",
  registrationClosesAt: "",
  agenda: "",
  recap: "",
};

const labels: Record<string, string> = {
  title: "Title",
  slug: "Address",
  summary: "Summary",
  timeZone: "Time zone",
  startsAt: "Starts",
  endsAt: "Ends",
  venueName: "Venue",
  venueStreet: "Street address",
  venueLocality: "City",
  venueRegion: "Region",
  venuePostalCode: "Postal code",
  venueCountry: "Country code",
  venueMapUrl: "Map link",
  capacity: "Places",
  registrationOpensAt: "Registration opens",
  registrationClosesAt: "Registration closes",
  agenda: "Agenda",
  recap: "Recap",
  [NEW_RECAP_PHOTO_ALT]: "Description of the new photo",
  intent: "Action",
  revision: "Revision",
};

/** How the server reads this form (the staff form pipeline's rules); the editor adds the photos. */
export const editionFormRules = {
  name: "staff-edition",
  fields: [...EDITION_FORM_FIELDS, "intent", "revision"],
  labels,
  multiline: ["summary", "agenda", "recap", ...Array.from({ length: EDITION_LIMITS.speakers }, (_, index) => speakerField(index, "Bio"))],
  maxBytes: EDITION_FORM_MAX_BYTES,
};

/** The speaker slots to draw: every one that holds something, and two empty ones for new speakers. */
function speakerSlots(values: EditionFormValues): number[] {
  let last = -1;
  for (let index = 0; index < EDITION_LIMITS.speakers; index++) {
    if ((["Name", "Role", "Organisation", "Bio", "Photo"] as const).some((part) => values[speakerField(index, part)])) last = index;
  }
  return Array.from({ length: Math.min(EDITION_LIMITS.speakers, last + 3) }, (_, index) => index);
}

function recapSlots(values: EditionFormValues): number[] {
  return Array.from({ length: EDITION_LIMITS.recapPhotos }, (_, index) => index).filter((index) => values[recapPhotoField(index, "Src")]);
}

const zoneHint = 'Its IANA name, e.g. "Asia/Kolkata". The dates below, the page and the emails use it.';

/**
 * Create and edit an event edition: when and where, places and the
 * registration window, agenda, speakers with photos, and the recap with
 * photos for once it is over. Works as a plain form without JavaScript.
 */
export function EditionForm({
  values,
  revision,
  answer,
  submitLabel,
  draftLabel,
}: {
  values: EditionFormValues;
  revision?: number;
  answer?: FormAnswer | null;
  submitLabel: string;
  /** For a published edition: the button that keeps the changes as a draft. */
  draftLabel?: string;
}) {
  return (
    <ContentForm values={values} revision={revision} answer={answer} submitLabel={submitLabel} draftLabel={draftLabel} multipart>
      {(shown, errors) => {
        const text = (name: string, props: { required?: boolean; wide?: boolean; hint?: string; max: number; type?: string }) => (
          <Field name={name} label={labels[name]!} required={props.required} wide={props.wide} hint={props.hint} error={errors?.[name]}>
            {(control) => <input {...control} type={props.type ?? "text"} defaultValue={shown[name]} maxLength={props.max} autoComplete="off" />}
          </Field>
        );
        const moment = (name: string, required: boolean, hint?: string) => (
          <Field name={name} label={labels[name]!} required={required} hint={hint} error={errors?.[name]}>
            {(control) => <input {...control} type="datetime-local" defaultValue={shown[name]} />}
          </Field>
        );
        return (
          <>
            {text("title", { required: true, wide: true, max: EDITION_LIMITS.title })}
            {text("slug", {
              required: true,
              max: EDITION_LIMITS.slug,
              hint: "The edition's own page is /events/ followed by this: lowercase letters, digits and hyphens, e.g. kraf-think-2026.",
            })}
            {text("timeZone", { required: true, max: 64, hint: zoneHint })}
            <Field
              name="summary"
              label={labels.summary!}
              required
              wide
              hint="One or two sentences for search engines and the event's card."
              error={errors?.summary}
            >
              {(control) => <textarea {...control} defaultValue={shown.summary} maxLength={EDITION_LIMITS.summary} rows={2} />}
            </Field>
            {moment("startsAt", true)}
            {moment("endsAt", true)}
            <fieldset className="grid gap-5 sm:col-span-2 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold text-ink">Venue</legend>
              {text("venueName", { required: true, max: EDITION_LIMITS.venueText })}
              {text("venueStreet", { max: EDITION_LIMITS.venueText })}
              {text("venueLocality", { max: EDITION_LIMITS.venueText })}
              {text("venueRegion", { max: EDITION_LIMITS.venueText })}
              {text("venuePostalCode", { max: EDITION_LIMITS.postalCode })}
              {text("venueCountry", { required: true, max: 2, hint: 'Two letters, e.g. "IN".' })}
              {text("venueMapUrl", {
                wide: true,
                max: EDITION_LIMITS.mapUrl,
                type: "url",
                hint: "A link that opens the venue on a map, starting with https://.",
              })}
            </fieldset>
            <fieldset className="grid gap-5 sm:col-span-2 sm:grid-cols-3">
              <legend className="mb-2 text-sm font-semibold text-ink">Places and registration</legend>
              {text("capacity", { required: true, max: 6, hint: "Once they are taken, registering joins the waiting list." })}
              {moment("registrationOpensAt", false, "Before this, the page says when registration opens. Empty: open now.")}
              {moment("registrationClosesAt", false, "From this, the page says registration has closed. Empty: until the start.")}
            </fieldset>
            <Field
              name="agenda"
              label={labels.agenda!}
              wide
              hint='One slot a line, in the edition&apos;s time zone: "09:30-10:15 | Opening keynote | Asha Rao" (the speaker may be left out).'
              error={errors?.agenda}
            >
              {(control) => <textarea {...control} defaultValue={shown.agenda} rows={8} className={`${control.className} font-mono text-sm`} />}
            </Field>
            {speakerSlots(shown).map((index) => (
              <fieldset key={index} className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-3">
                <legend className="px-1 text-sm font-semibold text-ink">Speaker {index + 1}</legend>
                <Field name={speakerField(index, "Name")} label="Name" error={errors?.[speakerField(index, "Name")]}>
                  {(control) => (
                    <input {...control} defaultValue={shown[speakerField(index, "Name")]} maxLength={EDITION_LIMITS.speakerText} autoComplete="off" />
                  )}
                </Field>
                <Field name={speakerField(index, "Role")} label="Role" error={errors?.[speakerField(index, "Role")]}>
                  {(control) => (
                    <input {...control} defaultValue={shown[speakerField(index, "Role")]} maxLength={EDITION_LIMITS.speakerText} autoComplete="off" />
                  )}
                </Field>
                <Field name={speakerField(index, "Organisation")} label="Organisation" error={errors?.[speakerField(index, "Organisation")]}>
                  {(control) => (
                    <input {...control} defaultValue={shown[speakerField(index, "Organisation")]} maxLength={EDITION_LIMITS.speakerText} autoComplete="off" />
                  )}
                </Field>
                <Field name={speakerField(index, "Bio")} label="Short bio" wide error={errors?.[speakerField(index, "Bio")]}>
                  {(control) => <textarea {...control} defaultValue={shown[speakerField(index, "Bio")]} maxLength={EDITION_LIMITS.speakerBio} rows={2} />}
                </Field>
                <input type="hidden" name={speakerField(index, "Photo")} value={shown[speakerField(index, "Photo")] ?? ""} />
                <ImageFileField
                  name={speakerField(index, "PhotoFile")}
                  label="Photo"
                  replaceLabel="Replace the photo"
                  hint={imageFileHint("shown square beside the speaker.")}
                  error={errors?.[speakerField(index, "PhotoFile")]}
                  current={shown[speakerField(index, "Photo")] || null}
                  currentAlt={`The current photo of ${shown[speakerField(index, "Name")] || `speaker ${index + 1}`}`}
                  remove={{ name: speakerField(index, "RemovePhoto"), label: "Remove the photo" }}
                  shape="aspect-square w-32"
                />
              </fieldset>
            ))}
            <Field
              name="recap"
              label={labels.recap!}
              wide
              hint="How the day went, shown once the edition is over. Separate paragraphs with an empty line."
              error={errors?.recap}
            >
              {(control) => <textarea {...control} defaultValue={shown.recap} maxLength={EDITION_LIMITS.recap} rows={6} />}
            </Field>
            {recapSlots(shown).map((index) => (
              <fieldset key={index} className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-[10rem_1fr]">
                <legend className="px-1 text-sm font-semibold text-ink">Recap photo {index + 1}</legend>
                <img
                  src={shown[recapPhotoField(index, "Src")]}
                  alt=""
                  width={160}
                  height={107}
                  className="aspect-[3/2] w-40 rounded-lg bg-slate-100 object-cover"
                />
                <input type="hidden" name={recapPhotoField(index, "Src")} value={shown[recapPhotoField(index, "Src")]} />
                <div>
                  <Field name={recapPhotoField(index, "Alt")} label="Description" required error={errors?.[recapPhotoField(index, "Alt")]}>
                    {(control) => <input {...control} defaultValue={shown[recapPhotoField(index, "Alt")]} maxLength={EDITION_LIMITS.photoAlt} />}
                  </Field>
                  <label className="mt-3 flex min-h-6 items-center gap-2 text-sm text-ink">
                    <input type="checkbox" name={recapPhotoField(index, "Remove")} className="size-5" />
                    Remove this photo
                  </label>
                </div>
              </fieldset>
            ))}
            {recapSlots(shown).length < EDITION_LIMITS.recapPhotos ? (
              <>
                <ImageFileField
                  name={NEW_RECAP_PHOTO_FILE}
                  label="Add a recap photo"
                  replaceLabel="Add a recap photo"
                  hint={imageFileHint("shown under the recap, 3:2.")}
                  error={errors?.[NEW_RECAP_PHOTO_FILE]}
                  current={null}
                  currentAlt=""
                  remove={{ name: "", label: "" }}
                />
                {text(NEW_RECAP_PHOTO_ALT, { max: EDITION_LIMITS.photoAlt, hint: "What the photo shows, for people who cannot see it." })}
              </>
            ) : null}
          </>
        );
      }}
    </ContentForm>
  );
}
