import { caseStudyHref, type CaseStudy } from "#app/content/case-studies.ts";
import { telephoneOf, type SiteFacts } from "#app/content/site-facts.ts";
import { site } from "#app/content/site.ts";

/** schema.org Organization for the home page, with the site facts in force. */
export function organizationJsonLd(siteUrl: string, facts: SiteFacts) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/logo.png`,
    description: site.blurb,
    foundingDate: String(site.foundingYear),
    email: facts.emails.general,
    telephone: telephoneOf(facts),
    address: {
      "@type": "PostalAddress",
      streetAddress: facts.address.street,
      addressLocality: facts.address.locality,
      postalCode: facts.address.postalCode,
      addressCountry: facts.address.countryCode,
    },
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "sales",
        email: facts.emails.sales,
        telephone: telephoneOf(facts),
        areaServed: "Worldwide",
        availableLanguage: ["English", "Hindi"],
      },
    ],
    sameAs: facts.social.map((profile) => profile.href),
  };
}

/**
 * schema.org Article for a case study, with what Google lists for article rich
 * results: headline, image (its social image, else its cover, else the site's
 * card), datePublished, dateModified and author (the company writes them).
 */
export function caseStudyJsonLd(study: CaseStudy, siteUrl: string) {
  const url = `${siteUrl}${caseStudyHref(study)}`;
  const company = { "@type": "Organization", name: site.name, url: `${siteUrl}/` };
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: study.title,
    description: study.summary,
    image: [`${siteUrl}${study.socialImage ?? study.cover?.src ?? "/og-image.jpg"}`],
    datePublished: study.published,
    dateModified: study.published,
    author: company,
    publisher: { ...company, logo: { "@type": "ImageObject", url: `${siteUrl}/logo.png` } },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    articleSection: "Case studies",
    keywords: study.stack,
  };
}
