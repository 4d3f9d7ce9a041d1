import type { PageContent } from "#app/content/page-types.ts";
import { fact } from "#app/content/site-facts.ts";
import { site } from "#app/content/site.ts";

const address = `${fact.address.street}, ${fact.address.locality} ${fact.address.postalCode}, ${fact.address.country}`;

export const page: PageContent = {
  path: "/contact-us",
  title: "Contact Us",
  description: `Contact ${site.name} by form, phone, e-mail or WhatsApp, or visit our ${fact.address.locality} office. ${site.responsePromise}`,
  sections: [
    {
      kind: "hero",
      eyebrow: "Contact us",
      art: "company",
      title: "Talk to our team",
      lead: `Whether you have a project in mind, a question about our products or want to partner with us, we would like to hear from you. ${site.responsePromise}`,
    },
    {
      kind: "features",
      title: "How to reach us",
      items: [
        {
          title: "Consultation form",
          body: "The quickest way to start. The form at the top of this page (and at the bottom of every other page) takes a minute to fill in, and you can attach a brief, deck or requirements document.",
        },
        {
          title: "Phone",
          body: `Call us on ${fact.phone.display} to speak to someone straight away.`,
        },
        {
          title: "WhatsApp",
          body: `Message us on WhatsApp at ${fact.whatsapp.display} if that is easier for you.`,
        },
        {
          title: "E-mail",
          body: `For new projects, quotes and demos write to ${fact.emails.sales}. For everything else, including partnerships and general questions, write to ${fact.emails.general}.`,
        },
        {
          title: fact.address.label,
          body: `${site.name}, ${address}. Visits are by appointment, so please get in touch first and we will make sure the right people are there to meet you.`,
        },
      ],
    },
    {
      kind: "steps",
      title: "What happens after you enquire",
      steps: [
        {
          title: "We confirm receipt",
          body: "When you submit the consultation form you receive a confirmation e-mail with a copy of the details you sent.",
        },
        {
          title: "A specialist responds",
          body: `Someone who understands your kind of project replies within ${site.responseWindow} on business days, by e-mail or phone as you prefer.`,
        },
        {
          title: "Free consultation",
          body: "We arrange a call to understand your goals, constraints and timeline. There is no charge and no obligation.",
        },
        {
          title: "Proposal",
          body: "If we are a good fit, you receive a written proposal with scope, approach, timeline and cost.",
        },
      ],
    },
    {
      kind: "faq",
      title: "Frequently asked questions",
      items: [
        {
          question: "What should I include in my project brief?",
          answer:
            "What you want to achieve, who will use the software, any systems it must work with, and your timeline and budget range if you have them. Rough notes are fine.",
        },
        {
          question: "What if I contact you outside business hours?",
          answer: `Your message is waiting for us when the next business day starts, and the ${site.responseWindow} response time counts from then.`,
        },
        {
          question: "Will you sign a non-disclosure agreement?",
          answer: "Yes. If your idea is confidential, mention it in your enquiry and we will sign an NDA before you share the details.",
        },
        {
          question: "I am applying for a job. Should I use this form?",
          answer: "Please apply through our careers page instead, so your application reaches the hiring team directly.",
        },
      ],
    },
  ],
};
