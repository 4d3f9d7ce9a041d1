import { Form } from "react-router";
import { Field } from "#app/features/forms/field.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { MAX_CAMPAIGN_BODY_LENGTH, MAX_CAMPAIGN_PREHEADER_LENGTH, MAX_CAMPAIGN_SUBJECT_LENGTH } from "#app/features/campaigns/campaign-rules.ts";
import { RichTextField } from "#app/features/staff/rich-text/rich-text-field.tsx";
import { buttonClass } from "#app/features/staff/staff-ui.tsx";

export type CampaignFormValues = { subject: string; preheader: string; body: string };

/** Where the editor uploads a picture for the body: the insights' image pipeline (app/routes/staff.media.ts). */
const MEDIA_UPLOAD_PATH = "/staff/media";

/**
 * A campaign's words. Without JavaScript the body is HTML in a text area;
 * with it, the insights' rich-text editor, which uploads pictures too. The
 * server sanitises the HTML on save either way.
 */
export function CampaignForm({ values, answer, submitLabel }: { values: CampaignFormValues; answer?: FormAnswer; submitLabel: string }) {
  const errors = answer?.status === "error" ? answer.fields : undefined;
  // After a refused post, the words as typed, not as last saved.
  const shown = answer?.status === "error" && answer.values ? { ...values, ...answer.values } : values;
  return (
    <Form method="post" className="grid gap-5 rounded-xl border border-slate-300 bg-white p-5" noValidate>
      <input type="hidden" name="intent" value="save" />
      <Field name="subject" label="Subject" required wide error={errors?.subject}>
        {(props) => <input {...props} defaultValue={shown.subject} maxLength={MAX_CAMPAIGN_SUBJECT_LENGTH} autoComplete="off" />}
      </Field>
      <Field name="preheader" label="Preheader" wide hint="The line mail programs show after the subject in the inbox. Optional." error={errors?.preheader}>
        {(props) => <input {...props} defaultValue={shown.preheader} maxLength={MAX_CAMPAIGN_PREHEADER_LENGTH} autoComplete="off" />}
      </Field>
      <RichTextField
        name="body"
        label="Body"
        hint="Headings, paragraphs, lists, links, bold, italic and images. Anything else in the HTML is removed when you save. The unsubscribe line is added below it."
        error={errors?.body}
        defaultValue={shown.body}
        maxLength={MAX_CAMPAIGN_BODY_LENGTH}
        imageUploadUrl={MEDIA_UPLOAD_PATH}
      />
      <div>
        <button type="submit" className={buttonClass}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

export const campaignFormLabels = { intent: "Action", subject: "Subject", preheader: "Preheader", body: "Body", publishAt: "Send at", timeZone: "Time zone" };

/** How the server reads the campaign forms (the staff form pipeline's rules). */
export const campaignFormRules = {
  name: "staff-campaign",
  fields: Object.keys(campaignFormLabels),
  labels: campaignFormLabels,
  multiline: ["body"],
  maxBytes: MAX_CAMPAIGN_BODY_LENGTH * 2 + 16 * 1024,
};
