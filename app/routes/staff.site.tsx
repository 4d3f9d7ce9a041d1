import { Form, Link } from "react-router";
import type { Route } from "./+types/staff.site";
import { defaultSiteFacts, navLabelEntries, type NavLabelEntry } from "#app/content/site-facts.ts";
import { Field } from "#app/features/forms/field.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import {
  BANNER_MESSAGE_MAX_LENGTH,
  bannerLinkField,
  bannerTextField,
  contactFields,
  MAX_BANNER_MESSAGES,
  MAX_SOCIAL_PROFILES,
  MAX_TRUST_POINTS,
  NAV_LABEL_MAX_LENGTH,
  navLabelField,
  readSiteFactsForm,
  siteFactsFields,
  siteFactsLabels,
  siteFactsValues,
  socialLinkField,
  socialNameField,
  TRUST_POINT_MAX_LENGTH,
  TRUST_POINTS_FIELD,
  type ContactField,
} from "#app/features/site-facts/site-facts-form.ts";
import { readSiteFacts, saveSiteFacts, SITE_FACTS_ID, siteFactsContent } from "#app/features/site-facts/site-facts.server.ts";
import { settleChanges, workingCopy } from "#app/features/staff/publishing/revisions.server.ts";
import { answerRejection, formError, readStaffForm, unknownIntent } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { FormNotice, PageHeading, buttonClass, linkClass, secondaryButtonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { useUnsavedChanges } from "#app/features/staff/unsaved-changes.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "siteFacts");
  const { db } = await servicesOf(context);
  const inForce = await readSiteFacts(db);
  // The form shows the working copy: a restored revision waits in it until an admin saves it.
  const working = await workingCopy(db, siteFactsContent, SITE_FACTS_ID, inForce);
  const pending = siteFactsContent.fields.filter((field) => working.pendingFields.includes(field.key)).map((field) => field.label);
  return { values: siteFactsValues(working.data), pending, revision: inForce.revision, changedAt: inForce.changedAt?.toISOString() ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "siteFacts");
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "site-facts",
      fields: siteFactsFields,
      labels: siteFactsLabels,
      multiline: [TRUST_POINTS_FIELD],
    });
    const shownRevision = Number(values.revision);
    if (!Number.isInteger(shownRevision) || shownRevision < 0) {
      return formError(400, "Reload the page and make your changes again: the form was incomplete.", undefined, values);
    }
    const actor = { id: user.id, email: user.email };
    if (values.intent === "discard-changes") {
      const discarded = await settleChanges(services.db, siteFactsContent, {
        id: SITE_FACTS_ID,
        action: "discard",
        actor,
        ipAddress: clientAddressOf(context),
      });
      if (!discarded.ok) return formError(discarded.status, discarded.message);
      return {
        status: "success",
        messages: ["The restored revision is put away: the form shows the site facts in force. It stays in the history."],
      } satisfies FormAnswer;
    }
    const reset = values.intent === "reset";
    if (!reset && values.intent !== "save") return unknownIntent();
    const read = reset ? ({ ok: true, facts: defaultSiteFacts } as const) : readSiteFactsForm(values);
    if (!read.ok) return formError(400, "Some fields need your attention; nothing was saved.", read.errors, values);
    const saved = await saveSiteFacts(services.db, {
      facts: read.facts,
      shownRevision,
      actor,
      ipAddress: clientAddressOf(context),
      reset,
    });
    if (!saved.ok) return formError(saved.status, saved.message, undefined, values);
    // This process shows the change at once; the others at their next look at the content version.
    services.content.nudge();
    return { status: "success", messages: [saved.message] } satisfies FormAnswer;
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("Site facts");

const fieldsetClass = "grid gap-5 rounded-xl border border-slate-300 bg-white p-5 sm:grid-cols-2";
const legendClass = "px-1 text-lg font-semibold text-ink";

/** The labels by where they are, in the order the site shows them. */
const navGroups = Object.entries(
  navLabelEntries.reduce<Record<string, NavLabelEntry[]>>((groups, entry) => {
    (groups[entry.place] ??= []).push(entry);
    return groups;
  }, {}),
);

export default function SiteFactsPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.status === "error" ? actionData.fields : undefined;
  const shown = actionData?.status === "error" && actionData.values ? actionData.values : loaderData.values;
  const unsaved = useUnsavedChanges(actionData);

  function text(name: ContactField, required = true) {
    const rule: { label: string; max: number; hint?: string } = contactFields[name];
    return (
      <Field key={name} name={name} label={rule.label} required={required} hint={rule.hint} error={errors?.[name]}>
        {(props) => <input {...props} defaultValue={shown[name]} maxLength={rule.max} autoComplete="off" />}
      </Field>
    );
  }

  return (
    <>
      <PageHeading title="Site facts">
        The announcement banner, the navigation&apos;s labels and the company&apos;s contact details and figures, as every public page shows them: the header,
        the footer, the consultation panel, the contact page, the search engines&apos; data and the consultation e-mails. A save shows on every page within
        seconds.{" "}
        {loaderData.changedAt ? (
          <>
            Last saved <LocalTime value={loaderData.changedAt} />.
          </>
        ) : (
          "Nobody has saved them yet: these are the defaults."
        )}
      </PageHeading>
      <FormNotice answer={actionData} />
      <p className="mb-6">
        <Link to="/staff/site/history" className={linkClass}>
          History
        </Link>{" "}
        lists every save, compares any two and restores one into this form.
      </p>
      {loaderData.pending.length > 0 ? (
        <div role="note" className="mb-6 max-w-3xl rounded-lg border border-amber-500 bg-amber-50 p-4 text-amber-950">
          <p>
            <strong>Not saved yet:</strong> the form holds a restored revision ({loaderData.pending.join(", ")} differ from what the pages show). The pages keep
            showing the facts in force until you press <em>Save site facts</em>.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="revision" value={loaderData.revision} />
            <button type="submit" name="intent" value="discard-changes" className={secondaryButtonClass}>
              Put the restored revision away
            </button>
          </Form>
        </div>
      ) : null}
      {/* Drawn anew at each saved revision, so what the server holds is what the form shows. */}
      <Form key={loaderData.revision} method="post" className="grid max-w-3xl gap-6" {...unsaved.form}>
        <input type="hidden" name="revision" value={loaderData.revision} />

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Announcement banner</legend>
          <p className="text-sm text-slate-700 sm:col-span-2">
            Up to {MAX_BANNER_MESSAGES} messages of at most {BANNER_MESSAGE_MAX_LENGTH} characters; the banner shows the next one every 5 seconds. Each links to
            a page of this site (such as /contact-us) or an https:// address. Leave a row empty to leave it out.
          </p>
          {Array.from({ length: MAX_BANNER_MESSAGES }, (_, index) => index + 1).map((row) => (
            <div key={row} className="contents">
              <Field name={bannerTextField(row)} label={`Message ${row}`} required={row === 1} wide error={errors?.[bannerTextField(row)]}>
                {(props) => <input {...props} defaultValue={shown[bannerTextField(row)]} maxLength={BANNER_MESSAGE_MAX_LENGTH} autoComplete="off" />}
              </Field>
              <Field name={bannerLinkField(row)} label={`Message ${row}'s link`} required={row === 1} wide error={errors?.[bannerLinkField(row)]}>
                {(props) => <input {...props} defaultValue={shown[bannerLinkField(row)]} maxLength={300} autoComplete="off" spellCheck={false} />}
              </Field>
            </div>
          ))}
        </fieldset>

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Phone, WhatsApp and e-mail</legend>
          {text("phone-display")}
          {text("phone-link")}
          {text("whatsapp-display")}
          {text("whatsapp-link")}
          {text("email-general")}
          {text("email-sales")}
          {text("email-careers")}
        </fieldset>

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Address</legend>
          {text("address-label")}
          {text("address-street")}
          {text("address-locality")}
          {text("address-postalCode")}
          {text("address-country")}
          {text("address-countryCode")}
        </fieldset>

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Social profiles</legend>
          <p className="text-sm text-slate-700 sm:col-span-2">
            Up to {MAX_SOCIAL_PROFILES}, each an https:// address. The footer draws the LinkedIn, Instagram, X and Facebook icons by these names.
          </p>
          {Array.from({ length: MAX_SOCIAL_PROFILES }, (_, index) => index + 1).map((row) => (
            <div key={row} className="contents">
              <Field name={socialNameField(row)} label={`Profile ${row}'s name`} error={errors?.[socialNameField(row)]}>
                {(props) => <input {...props} defaultValue={shown[socialNameField(row)]} maxLength={NAV_LABEL_MAX_LENGTH} autoComplete="off" />}
              </Field>
              <Field name={socialLinkField(row)} label={`Profile ${row}'s link`} error={errors?.[socialLinkField(row)]}>
                {(props) => <input {...props} type="url" defaultValue={shown[socialLinkField(row)]} maxLength={300} autoComplete="off" spellCheck={false} />}
              </Field>
            </div>
          ))}
        </fieldset>

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Trust figures</legend>
          {text("figures-years")}
          {text("figures-clients")}
          {text("figures-professionals")}
          <Field
            name={TRUST_POINTS_FIELD}
            label="Trust points"
            required
            wide
            hint={`The consultation panel's list: one a line, at most ${MAX_TRUST_POINTS}, each at most ${TRUST_POINT_MAX_LENGTH} characters.`}
            error={errors?.[TRUST_POINTS_FIELD]}
          >
            {(props) => <textarea {...props} rows={5} defaultValue={shown[TRUST_POINTS_FIELD]} />}
          </Field>
        </fieldset>

        {navGroups.map(([place, entries]) => (
          <fieldset key={place} className={fieldsetClass}>
            <legend className={legendClass}>Navigation labels: {place}</legend>
            {entries.map((entry) => (
              <Field
                key={entry.key}
                name={navLabelField(entry.key)}
                label={entry.label}
                required
                hint={entry.key.includes(":/") ? `Leads to ${entry.key.slice(entry.key.indexOf(":") + 1)}` : undefined}
                error={errors?.[navLabelField(entry.key)]}
              >
                {(props) => <input {...props} defaultValue={shown[navLabelField(entry.key)]} maxLength={NAV_LABEL_MAX_LENGTH} autoComplete="off" />}
              </Field>
            ))}
          </fieldset>
        ))}

        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className={buttonClass}>
            Save site facts
          </button>
          <button type="submit" name="intent" value="reset" formNoValidate className={secondaryButtonClass}>
            Reset to the defaults
          </button>
        </div>
      </Form>
    </>
  );
}
