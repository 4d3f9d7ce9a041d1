import { ListSignUpForm, type ListSignUpField } from "#app/features/mail-lists/list-sign-up-form.tsx";
import type { ClientProblem } from "#app/features/forms/use-form-submission.ts";
import { NEWSLETTER_FAILURE_MESSAGE, validateNewsletter, type NewsletterResult } from "#app/features/newsletter/newsletter-schema.ts";

export const NEWSLETTER_ACTION = "/newsletter";

type NewsletterFormProps = {
  /** For a server render after a post without JavaScript: the key to reuse, the email to keep, the answer to show. */
  idempotencyKey?: string;
  defaultEmail?: string;
  result?: NewsletterResult;
};

function checkNewsletter(data: FormData): ClientProblem<ListSignUpField> | null {
  const issue = validateNewsletter({ consent: data.get("consent"), email: data.get("email") });
  return issue ? { message: issue.message, fields: { [issue.field]: issue.message } } : null;
}

/** The footer's newsletter sign-up, drawn once per page (fixed ids), on a dark background. */
export function NewsletterForm({ idempotencyKey, defaultEmail, result }: NewsletterFormProps) {
  return (
    <ListSignUpForm
      id="newsletter"
      action={NEWSLETTER_ACTION}
      label="Newsletter sign-up"
      theme="dark"
      check={checkNewsletter}
      fallbackMessage={NEWSLETTER_FAILURE_MESSAGE}
      submitLabel="Subscribe"
      busyLabel="Subscribe…"
      placeholder="you@company.com"
      idempotencyKey={idempotencyKey}
      defaultEmail={defaultEmail}
      result={result}
    />
  );
}
