import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/cybersec-and-data-protection",
  title: "Cybersecurity & Data Protection",
  description:
    "Security audits, VAPT, cloud hardening and DPDP Act 2023 readiness for growing businesses, with fixes delivered by the engineers who find them.",
  sections: [
    {
      kind: "hero",
      eyebrow: "Cybersecurity & Data Protection",
      art: "solutions",
      title: "Security and data protection for growing businesses",
      lead: "We find and fix the weaknesses in your applications, cloud and processes, and help you meet your obligations under India's DPDP Act 2023 and the standards your customers ask about.",
    },
    {
      kind: "features",
      title: "What we cover",
      items: [
        {
          title: "Vulnerability assessment and penetration testing",
          body: "Testing of web apps, mobile apps, APIs and networks using recognised methods such as the OWASP testing guides, with clear, prioritised findings.",
        },
        {
          title: "Cloud and infrastructure hardening",
          body: "Reviews of AWS, Azure and Google Cloud configurations, identity and access, network exposure, logging and backups, followed by remediation.",
        },
        {
          title: "DPDP Act 2023 readiness",
          body: "Data mapping, consent and notice flows, retention rules, handling of data principal requests and breach response procedures, built into your systems.",
        },
        {
          title: "Secure development",
          body: "Threat modelling, code review, dependency and secret scanning in CI, and developer training so new issues are caught early.",
        },
        {
          title: "Audit and questionnaire support",
          body: "Gap assessments and evidence preparation for ISO 27001, SOC 2 or PCI DSS audits run by your chosen auditor, and help answering customer security questionnaires.",
        },
        {
          title: "Incident readiness",
          body: "Logging, alerting and incident response playbooks aligned with CERT-In reporting requirements, rehearsed through tabletop exercises.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How a security engagement runs",
      steps: [
        {
          title: "Scope and rules of engagement",
          body: "We agree what is in scope, your regulatory and customer obligations, and how testing will be carried out safely.",
        },
        {
          title: "Assess",
          body: "Testing, configuration reviews and interviews build a full picture of risk across technology and process.",
        },
        {
          title: "Report and prioritise",
          body: "A clear report ranks issues by business risk, with an executive summary for leadership and technical detail for engineers.",
        },
        {
          title: "Remediate",
          body: "Our engineers fix issues alongside your team, or guide your developers through each fix.",
        },
        {
          title: "Verify and monitor",
          body: "Retesting confirms the fixes, followed by ongoing monitoring, periodic testing and policy reviews under a support plan.",
        },
      ],
    },
    {
      kind: "faq",
      title: "Security questions we are often asked",
      items: [
        {
          question: "How is a security assessment priced?",
          answer:
            "Assessments are fixed-price, based on scope such as the number of applications, APIs and cloud accounts. Remediation and ongoing monitoring can be added as a project or a monthly plan.",
        },
        {
          question: "Does the DPDP Act 2023 apply to us?",
          answer:
            "If you process digital personal data of people in India, or offer goods or services to them from abroad, it very likely does. We help you work out which obligations apply and build them into your systems, working alongside your legal counsel where an opinion is needed.",
        },
        {
          question: "Will testing disrupt our live systems?",
          answer:
            "We agree testing windows and methods in advance, prefer staging environments that mirror production, and never run destructive tests on live systems without explicit approval.",
        },
        {
          question: "Can you certify us for ISO 27001 or SOC 2?",
          answer:
            "No. Certificates and attestation reports are issued by independent auditors. We prepare you with gap analysis, policies, technical controls and evidence, so the audit goes smoothly.",
        },
        {
          question: "How are our findings and data handled?",
          answer: `Findings are shared only with your named contacts, data collected during testing is kept to a minimum and deleted after the engagement, and ${site.name} will sign a non-disclosure agreement before any testing begins.`,
        },
      ],
    },
    {
      kind: "cta",
      title: "Not sure how exposed you are?",
      body: `Tell us about your applications, cloud setup and compliance deadlines, and we will propose a focused assessment. ${site.responsePromise}`,
    },
  ],
};
