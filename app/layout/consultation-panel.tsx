import { site } from "#app/content/site.ts";
import { ConsultationForm } from "#app/features/consultation/consultation-form.tsx";
import type { ConsultationField, ConsultationResult } from "#app/features/consultation/consultation-schema.ts";
import { useSiteFacts } from "#app/layout/site-data.ts";

const NEW_TAB = "(opens in a new tab)";

/** Spec §2: on every page between the content and the footer. Left: direct contact and trust points; right: the form. */
export function ConsultationPanel({
  result,
  defaultValues,
}: {
  /** The answer to a post made without JavaScript, and the values to keep after a failure. */
  result?: ConsultationResult;
  defaultValues?: Partial<Record<ConsultationField, string>>;
} = {}) {
  // Drawn in the layout's shared region (once per page): a fixed id.
  const headingId = "consultation-heading";
  const facts = useSiteFacts();
  return (
    <section id="consultation" data-testid="consultation-panel" aria-labelledby={headingId} className="scroll-mt-20 border-t border-slate-200 bg-slate-50">
      <div className="container-page grid grid-cols-1 gap-8 py-14 sm:py-16 lg:grid-cols-5 lg:gap-12">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            Book a Free Consultation
          </h2>
          <p className="mt-2 mb-6 text-slate-700">
            Share a few details about your project and a solution consultant will get back to you. No cost, no obligation.
          </p>
          <ConsultationForm labelledBy={headingId} result={result} defaultValues={defaultValues} />
        </div>
        {/* Second in reading order, so the heading leads the section; drawn on the left from lg up. */}
        <div className="flex flex-col rounded-2xl bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 p-6 text-white shadow-sm sm:p-8 lg:order-first lg:col-span-2">
          <p className="text-sm font-semibold tracking-wider text-brand-100 uppercase">Prefer to talk?</p>
          <p className="mt-2 text-2xl font-bold tracking-tight text-balance">Reach a solution consultant directly.</p>

          <ul aria-label="Contact us directly" className="mt-6 space-y-3">
            <li>
              <ContactLink href={facts.phone.href} icon={<PhoneIcon />} title="Call us" detail={facts.phone.display} />
            </li>
            <li>
              <ContactLink href={facts.whatsapp.href} newTab icon={<WhatsAppIcon />} title="WhatsApp" detail="Chat with our team" />
            </li>
            <li>
              <ContactLink href={`mailto:${facts.emails.general}`} icon={<MailIcon />} title="Email us" detail={facts.emails.general} />
            </li>
          </ul>

          <ul aria-label={`Why clients choose ${site.shortName}`} className="mt-8 space-y-2.5 border-t border-white/20 pt-6 lg:mb-8">
            {facts.trustPoints.map((point, index) => (
              <li key={index} className="flex items-center gap-3 font-medium">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-400 text-brand-900">
                  <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" fill="currentColor">
                    <path
                      fillRule="evenodd"
                      d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z"
                      clipRule="evenodd"
                    />
                  </svg>
                </span>
                {point}
              </li>
            ))}
          </ul>

          <p className="mt-8 flex items-center gap-2 rounded-lg lg:mt-auto bg-white/10 px-4 py-3 text-sm font-medium text-brand-50">
            <svg viewBox="0 0 24 24" className="size-5 shrink-0" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
              <circle cx="12" cy="12" r="9" />
              <path strokeLinecap="round" d="M12 7v5l3 2" />
            </svg>
            {site.responsePromise}
          </p>
        </div>
      </div>
    </section>
  );
}

function ContactLink({ href, icon, title, detail, newTab = false }: { href: string; icon: React.ReactNode; title: string; detail: string; newTab?: boolean }) {
  return (
    <a
      href={href}
      {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className="group flex min-h-14 items-center gap-3 rounded-xl bg-white/10 px-4 py-2.5 ring-1 ring-white/15 transition-colors hover:bg-white/20"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand-800">{icon}</span>
      <span className="min-w-0">
        <span className="block font-semibold">{title}</span>
        <span className="block truncate text-sm text-brand-100">{detail}</span>
      </span>
      {newTab ? <span className="sr-only"> {NEW_TAB}</span> : null}
    </a>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path strokeLinejoin="round" d="M5 4h3.5l1.5 4-2 1.5a11 11 0 0 0 6.5 6.5L16 14l4 1.5V19a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1Z" />
    </svg>
  );
}

function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="currentColor">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.1-1.2l-.5-.2Z" />
    </svg>
  );
}

function MailIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path strokeLinejoin="round" d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </svg>
  );
}
