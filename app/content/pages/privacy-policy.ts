import type { PageContent } from "#app/content/page-types.ts";
import { fact } from "#app/content/site-facts.ts";
import { site } from "#app/content/site.ts";

const address = `${fact.address.street}, ${fact.address.locality} ${fact.address.postalCode}, ${fact.address.country}`;

export const page: PageContent = {
  path: "/privacy-policy",
  title: "Privacy Policy",
  description: `How ${site.name} collects, uses, shares and protects personal data on this website, how long we keep it and the rights you have.`,
  sections: [
    {
      kind: "hero",
      eyebrow: "Legal",
      title: "Privacy Policy",
      lead: `This policy explains what personal data ${site.name} collects through this website, why, and what control you have over it. Last updated: November 2026.`,
      style: "document",
    },
    {
      kind: "prose",
      title: "Who we are",
      blocks: [
        {
          p: `This website is operated by ${site.name}, ${address}. We decide how and why the personal data described in this policy is processed, which makes us the Data Fiduciary under India's Digital Personal Data Protection Act, 2023 (DPDP Act) and the controller under the EU General Data Protection Regulation (GDPR).`,
        },
        {
          p: `If you have any question about this policy or about your personal data, write to ${fact.emails.general}.`,
        },
      ],
    },
    {
      kind: "prose",
      title: "What we collect",
      blocks: [
        { p: "We collect only what you give us through the forms on this site, plus the technical records every web server keeps." },
        { p: "Newsletter subscriptions, through the form in the footer:" },
        {
          list: [
            "your e-mail address",
            "the date and time you subscribed",
            "a record that you ticked the consent box and accepted this policy",
            "the date and time you confirmed the subscription with the link we e-mail you; until you do, we send that address nothing else",
          ],
        },
        { p: "Job alerts, through the form on our careers page:" },
        {
          list: [
            "your e-mail address, and the departments and workplaces you chose",
            "the date and time you subscribed, and a record that you ticked the consent box and accepted this policy",
            "the date and time you confirmed the alert with the link we e-mail you; until you do, we send that address nothing else",
          ],
        },
        { p: "Consultation requests, through the consultation form shown on every page:" },
        {
          list: [
            "your full name, e-mail address, country and phone number",
            "your project brief",
            "any files you choose to attach",
            "the date and time you submitted the request",
          ],
        },
        { p: "Job applications, through our careers pages:" },
        {
          list: [
            "your name, e-mail address and phone number",
            "the position you are applying for",
            "your resume file",
            "your LinkedIn or portfolio URL, if you provide one",
            "your years of experience",
            "your cover letter",
            "whether you asked us to keep you in mind for future roles",
          ],
        },
        { p: "Event registrations, through the form on our event page:" },
        {
          list: [
            "your full name and e-mail address",
            "your company and role, if you give them",
            "whether you hold a place, are on the waiting list, or asked to hear about the next edition",
            "the date and time you registered, and a record that you ticked the consent box",
          ],
        },
        { p: "Server logs, created automatically when you visit:" },
        { list: ["your IP address", "your browser and device type (user agent)", "the pages requested, the date and time, and the response given"] },
        {
          p: "Please do not include sensitive personal data, such as health or financial details, in a project brief, attachment or cover letter unless it is genuinely needed.",
        },
      ],
    },
    {
      kind: "prose",
      title: "How you found us",
      blocks: [
        {
          p: "When you send one of our forms, we also keep how you reached our website, so we know which of our campaigns, listings and articles bring us enquiries, applications and sign-ups:",
        },
        {
          list: [
            "the page of our site you were on when you sent the form",
            "the first page of ours you opened on that visit, with the campaign labels in its address (such as utm_source=linkedin) and the ad click numbers some ad platforms add to it",
            "the name of the website that linked you to us, such as www.google.com, but never which of its pages",
            "the same details for your first visit that came from a campaign or another website, with its date",
          ],
        },
        {
          p: "To do this, a small script of our own notes these details in your browser as you arrive. The first visit's details stay in your browser's storage for up to 90 days and are then deleted; the current visit's are deleted when you close the tab. Nothing is sent to us, or to anyone else, unless you send a form, and then only with that form. We do not use third-party tracking scripts, do not follow you across other websites, and do not try to recognise your device. Without JavaScript, we keep only the page you sent the form from and the website that linked to it, as your browser tells us with the form.",
        },
        {
          p: "We keep these details with your request, application, subscription or registration, for as long as we keep it (see \"How long we keep it\"). You can delete the details kept in your browser at any time by clearing this site's data in your browser's settings.",
        },
      ],
    },
    {
      kind: "prose",
      title: "Why we use it and our legal basis",
      blocks: [
        {
          list: [
            "Newsletter: to send you our newsletter and occasional news about our services and events. Legal basis: your consent.",
            "Job alerts: to e-mail you, at most once a day, the new jobs we publish in the departments and workplaces you chose. Legal basis: your consent.",
            "Consultation requests: to reply to your enquiry, send you a confirmation e-mail, prepare a proposal and keep a record of our conversation. Legal basis: your consent when you submit the form, and our legitimate interest in responding to business enquiries and taking the steps you ask for before a contract.",
            "Job applications: to assess your application, contact you about it and run our recruitment process. Legal basis: your consent when you apply, and the steps needed before a possible employment contract.",
            "Event registrations: to manage the places and the waiting list, send you the confirmation with its calendar invitation and news about that event (a change of time or venue, a place that opens), or the one e-mail announcing the next edition you asked for. Legal basis: your consent.",
            "Server logs: to keep the website secure and working, detect abuse and fix errors. Legal basis: our legitimate interest in operating a safe and reliable website.",
            "How you found us: to learn which of our campaigns and listings bring us enquiries, and spend less on those that do not. Legal basis: our legitimate interest in measuring our own marketing, limited to visitors who send us a form.",
          ],
        },
        {
          p: "Under the DPDP Act we process personal data on the basis of your consent or for the legitimate uses the Act permits. For visitors in the European Union, the GDPR legal bases are consent (Article 6(1)(a)), steps taken at your request before entering into a contract (Article 6(1)(b)) and legitimate interests (Article 6(1)(f)).",
        },
        { p: "We do not use your personal data for automated decision-making or profiling, and we never sell it." },
      ],
    },
    {
      kind: "prose",
      title: "Who we share it with",
      blocks: [
        { p: "Your data is seen only by our staff who need it, and by service providers who process it on our behalf and under our instructions:" },
        {
          list: [
            "our hosting and storage provider, which runs the servers and databases this site uses and stores uploaded files",
            "our e-mail delivery provider, which sends confirmation e-mails and newsletters",
          ],
        },
        {
          p: "These providers act as data processors. They may use your data only to provide their service to us and must keep it secure. We do not sell, rent or trade personal data, and we do not share it with advertisers. We may disclose data where the law requires it, for example in response to a valid order from a court or public authority.",
        },
        {
          p: "Some providers may process data outside India or the European Union. Where that happens, we only use providers bound by contract to protect it to the standard this policy describes, and for EU visitors we rely on the safeguards the GDPR requires for such transfers.",
        },
      ],
    },
    {
      kind: "prose",
      title: "How long we keep it",
      blocks: [
        {
          list: [
            "Newsletter subscriptions: until you unsubscribe. Unsubscribing removes your address from our list at once; we keep no copy of it.",
            "Job alerts: until you unsubscribe. Unsubscribing removes your address and your choices at once; we keep no copy of them.",
            "Consultation requests, including attached files: 24 months after our last contact with you.",
            `Consultation requests we closed without going further, or as spam: ${fact.retention.consultations} after we closed them.`,
            `Job applications, including resumes: ${fact.retention.applications} after the job closes (or after you apply, when you apply for no particular job), unless you are hired, in which case the application becomes part of your employment record.`,
            `If you ticked "Keep me in mind for future roles" when you applied, we e-mail you 30 days before that period ends. The e-mail's link lets you keep your application, which we then keep for another ${fact.retention.applications} from that day (and e-mail you again before it ends); you can also sign up for job alerts instead, or do nothing and let it be deleted.`,
            "Event registrations: 12 months after the event; a request to hear about the next edition, until we have sent that announcement.",
            "Server logs: 30 days.",
          ],
        },
        {
          p: "When a retention period ends, we delete the data or make it anonymous, unless the law requires us to keep it for longer. Making an application or request anonymous removes your name, contact details, answers, messages and files; we keep only its stage, its dates and how it reached us, which no longer identify you, for our own figures.",
        },
      ],
    },
    {
      kind: "prose",
      title: "How we protect it",
      blocks: [
        {
          list: [
            "Files you upload, such as project attachments and resumes, are stored privately. They are never published at a public address.",
            "Access to submitted data is limited to staff who need it for their work and who must sign in to reach it.",
            "Data travels between your browser and our website over an encrypted connection.",
            "We review our safeguards regularly and will notify you and the authorities of a personal data breach where the law requires it.",
          ],
        },
      ],
    },
    {
      kind: "prose",
      title: "Your rights",
      blocks: [
        { p: "You have the right to:" },
        {
          list: [
            "access the personal data we hold about you and get a summary of how we use it",
            "correct, complete or update data that is inaccurate or incomplete",
            "have your data erased when it is no longer needed, or when you withdraw consent",
            "withdraw your consent at any time, which does not affect processing that took place before",
            "have a grievance about our handling of your data addressed by us",
            "nominate another person to exercise your rights on your behalf in the event of death or incapacity, as the DPDP Act provides",
          ],
        },
        {
          p: "If you are in the European Union, you also have the right to restrict or object to processing, to receive your data in a portable format, and to complain to your local data protection authority. In India, if you are not satisfied with our response to a grievance, you may complain to the Data Protection Board of India.",
        },
      ],
    },
    {
      kind: "prose",
      title: "How to exercise your rights",
      blocks: [
        {
          p: `Write to ${fact.emails.general} with the subject "Privacy request", say which right you want to exercise, and use the e-mail address you gave us so we can find your data. We may ask you to confirm your identity before acting on the request.`,
        },
        {
          p: "You can also unsubscribe from the newsletter or from job alerts at any time with the link in any of their e-mails, including the confirmation e-mail, or with your e-mail program's own Unsubscribe button, without signing in. We will respond to every request without undue delay and within the time the applicable law allows.",
        },
      ],
    },
    {
      kind: "prose",
      title: "Cookies",
      blocks: [
        { p: "This website uses only cookies that are strictly necessary for it to work:" },
        {
          list: [
            "a session cookie that remembers you closed the announcement banner, so it stays closed until you close your browser",
            'no cookie for how you found us: those details stay in your browser\'s own storage, as described under "How you found us", and are never sent with your page visits',
            "for our staff only, a sign-in cookie that keeps them signed in to the administration area",
          ],
        },
        {
          p: "We do not use advertising cookies or third-party tracking. Because these cookies are strictly necessary, we do not ask for consent to set them.",
        },
      ],
    },
    {
      kind: "prose",
      title: "Children",
      blocks: [
        {
          p: "This website is intended for businesses and job seekers aged 18 or over. We do not knowingly collect personal data from children. If you believe a child has sent us their data, contact us and we will delete it.",
        },
      ],
    },
    {
      kind: "prose",
      title: "Changes to this policy",
      blocks: [
        {
          p: "We may update this policy when our website, our service providers or the law change. The date at the top of this page shows when it was last revised. If a change significantly affects how we use data you have already given us, we will tell you by e-mail or with a notice on this site before it takes effect.",
        },
      ],
    },
    {
      kind: "prose",
      title: "Contact",
      blocks: [{ p: `${site.name}, ${address}` }, { list: [`E-mail: ${fact.emails.general}`, `Phone: ${fact.phone.display}`] }],
    },
  ],
};
