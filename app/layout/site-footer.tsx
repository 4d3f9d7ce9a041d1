import { Link, useLocation } from "react-router";
import { LogoMark } from "#app/layout/logo.tsx";
import { site } from "#app/content/site.ts";
import { NEWSLETTER_ACTION, NewsletterForm } from "#app/features/newsletter/newsletter-form.tsx";
import { useNavigation, useSiteData, useSiteFacts } from "#app/layout/site-data.ts";

const headingClass = "text-sm font-semibold tracking-wider text-white uppercase";
const linkClass = "rounded-sm text-slate-300 underline-offset-4 transition-colors hover:text-white hover:underline";

/** Spec §2 Footer: newsletter, links, social links, blurb, contact details and the copyright line. */
export function SiteFooter() {
  // Undefined while an error boundary renders without the root's data.
  const year = useSiteData()?.year ?? new Date().getFullYear();
  const facts = useSiteFacts();
  const { footerLinks } = useNavigation();
  // The newsletter page holds the form itself (with the answer to a post made without JavaScript).
  const onNewsletterPage = useLocation().pathname === NEWSLETTER_ACTION;
  return (
    <footer id="site-footer" data-testid="site-footer" className="bg-ink text-slate-300">
      <div className="container-page py-14">
        <div className="grid grid-cols-1 gap-10 sm:grid-cols-2 lg:grid-cols-12 lg:gap-8">
          <div className="sm:col-span-2 lg:col-span-4">
            <Link to="/" className="inline-flex items-center gap-2 rounded-md">
              <LogoMark />
              <span className="text-lg font-bold tracking-tight text-white">{site.name}</span>
              <span className="sr-only">, home</span>
            </Link>
            <p className="mt-4 max-w-md text-sm leading-6">{site.blurb}</p>
            <ul aria-label="Social media" className="mt-6 flex flex-wrap gap-2">
              {facts.social.map((profile) => (
                <li key={profile.href}>
                  <a
                    href={profile.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex size-11 items-center justify-center rounded-lg bg-white/10 text-white transition-colors hover:bg-white/20"
                  >
                    <SocialIcon name={profile.name} />
                    <span className="sr-only">{`${profile.name} (opens in a new tab)`}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>

          <nav aria-labelledby="footer-links-heading" className="lg:col-span-2">
            <h2 id="footer-links-heading" className={headingClass}>
              Company
            </h2>
            <ul className="mt-4 space-y-1">
              {footerLinks.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} className={`inline-flex min-h-9 items-center gap-2 ${linkClass}`}>
                    {link.label}
                    {link.badge ? (
                      <span className="rounded-full bg-accent-400 px-2 py-0.5 whitespace-nowrap text-[0.6875rem] leading-4 font-bold tracking-wide text-ink no-underline">
                        {link.badge}
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <div className="lg:col-span-3">
            <h2 className={headingClass}>Get in touch</h2>
            <address className="mt-4 space-y-4 text-sm not-italic">
              <ul className="space-y-1">
                <li>
                  <span className="block text-slate-400">General enquiries</span>
                  <a href={`mailto:${facts.emails.general}`} className={`inline-flex min-h-6 items-center break-all ${linkClass}`}>
                    {facts.emails.general}
                  </a>
                </li>
                <li>
                  <span className="block text-slate-400">Sales</span>
                  <a href={`mailto:${facts.emails.sales}`} className={`inline-flex min-h-6 items-center break-all ${linkClass}`}>
                    {facts.emails.sales}
                  </a>
                </li>
                <li>
                  <span className="block text-slate-400">Phone</span>
                  <a href={facts.phone.href} className={`inline-flex min-h-6 items-center ${linkClass}`}>
                    {facts.phone.display}
                  </a>
                </li>
              </ul>
              <p data-testid="head-office">
                <span className="block text-slate-400">{facts.address.label}</span>
                {facts.address.street}
                <br />
                {facts.address.locality} {facts.address.postalCode}
                <br />
                {facts.address.country}
              </p>
            </address>
          </div>

          <div className="sm:col-span-2 lg:col-span-3">
            <h2 className={headingClass}>Newsletter</h2>
            <p className="mt-4 mb-4 text-sm leading-6">
              Practical notes on software, cloud and AI for growing businesses. One email a month, unsubscribe any time.
            </p>
            {onNewsletterPage ? <p className="text-sm leading-6">Use the form on this page to subscribe.</p> : <NewsletterForm />}
          </div>
        </div>

        <div className="mt-12 flex flex-col gap-3 border-t border-white/15 pt-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {site.name}. All rights reserved.
          </p>
          <Link to="/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
        </div>
      </div>
    </footer>
  );
}

const socialPaths: Record<string, string> = {
  LinkedIn:
    "M20.45 20.45h-3.55v-5.57c0-1.33-.03-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.12 2.06 2.06 0 0 1 0 4.12ZM7.12 20.45H3.55V9h3.57v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z",
  X: "M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.41l-5.8-7.59-6.64 7.59H.47l8.6-9.83L0 1.15h7.59l5.24 6.93 6.07-6.93Zm-1.29 19.5h2.04L6.49 3.24H4.3l13.31 17.41Z",
  Facebook:
    "M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07Z",
};

function SocialIcon({ name }: { name: string }) {
  if (name === "Instagram") {
    return (
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false" fill="currentColor">
      <path d={socialPaths[name] ?? ""} />
    </svg>
  );
}
