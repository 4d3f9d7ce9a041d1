/**
 * Demo insights for a new installation (marked is_demo in the database, off
 * with DEMO_CONTENT=false). Replace them with real articles before going live.
 * They have no read time of their own: the site estimates it from the text.
 */
export type DemoInsight = {
  slug: string;
  title: string;
  category: string;
  authorName: string;
  authorBio: string;
  /** Days before the seed date that the insight was published. */
  publishedDaysAgo: number;
  tags: string[];
  description: string;
};

export const demoInsights: DemoInsight[] = [
  {
    slug: "choosing-an-erp-for-a-growing-business",
    title: "Choosing an ERP for a growing business: five questions to ask first",
    category: "ERP",
    authorName: "Neha Kapoor",
    authorBio: "Leads ERP consulting, with a background in finance operations.",
    publishedDaysAgo: 4,
    tags: ["ERP", "Finance", "Operations"],
    description: `<p>Most ERP projects that disappoint do so for reasons that were visible before any software was chosen. Before you compare vendors, answer these five questions with your team.</p>
<h2>1. Which processes must change, and which must not?</h2>
<p>Write down the processes that give you an edge and the ones that are simply habit. The first should shape the system; the second should adopt its standard flow.</p>
<h2>2. Where does your data live today?</h2>
<p>Spreadsheets, Tally, a legacy system: list every source, who owns it and how clean it is. Migration is usually the longest part of the plan.</p>
<h2>3. What must integrate on day one?</h2>
<p>GST e-invoicing, payment gateways, e-commerce stores and banks are common. Each integration is a project of its own; phase the rest.</p>
<h2>4. Who will own the system after go-live?</h2>
<p>An ERP without an internal owner drifts. Name the person before you start.</p>
<h2>5. How will you know it worked?</h2>
<p>Pick three measures, such as days to close the month, stock accuracy and order-to-cash time, and record them now.</p>`,
  },
  {
    slug: "upi-autopay-for-subscription-billing",
    title: "UPI AutoPay for subscription billing: what product teams need to know",
    category: "Fintech",
    authorName: "Arjun Mehta",
    authorBio: "Builds payment and billing systems for SaaS and e-commerce clients.",
    publishedDaysAgo: 11,
    tags: ["Payments", "UPI", "Billing"],
    description: `<p>Recurring payments in India have changed: customers expect to pay subscriptions with UPI AutoPay, and mandates come with rules your product must respect.</p>
<ul><li><strong>Mandates need consent.</strong> The customer approves a mandate in their UPI app; design the flow so they understand the amount and frequency.</li><li><strong>Pre-debit notifications are required.</strong> Customers must be notified before each debit; plan the timing into your billing cycle.</li><li><strong>Failures happen.</strong> Build retries, dunning emails and a clear way to update the payment method.</li></ul>
<p>Work with your payment gateway's sandbox early, and test cancellations from the customer's side as carefully as sign-ups.</p>`,
  },
  {
    slug: "retrieval-augmented-assistants-that-staff-trust",
    title: "Building AI assistants your staff will trust",
    category: "AI & Automation",
    authorName: "Priya Raman",
    authorBio: "Heads AI engineering and evaluation.",
    publishedDaysAgo: 18,
    tags: ["AI", "Chatbots", "Knowledge management"],
    description: `<p>An assistant that answers from your own documents can save hours every week, or quietly spread wrong answers. The difference is in the engineering around the model.</p>
<h2>Start from real questions</h2>
<p>Collect a hundred questions staff actually ask, with the correct answers. This becomes your test set.</p>
<h2>Retrieve well before you generate</h2>
<p>Most wrong answers come from fetching the wrong passage. Measure retrieval on its own.</p>
<h2>Show sources, and say "I don't know"</h2>
<p>Every answer should link to where it came from, and the assistant should decline when the documents do not cover a question.</p>`,
  },
  {
    slug: "cloud-costs-five-quick-wins",
    title: "Cutting cloud costs without slowing your team down",
    category: "Cloud",
    authorName: "Vikram Singh",
    authorBio: "Runs our cloud and DevOps practice.",
    publishedDaysAgo: 25,
    tags: ["Cloud", "AWS", "FinOps"],
    description: `<p>Cloud bills grow quietly. These five changes usually pay for themselves within a month:</p>
<ol><li>Turn off non-production environments at night and at weekends.</li><li>Right-size databases and instances from real utilisation, not guesses.</li><li>Move steady workloads to savings plans or reserved capacity.</li><li>Set lifecycle rules on storage buckets and old snapshots.</li><li>Tag everything by team and product, and review the bill together monthly.</li></ol>`,
  },
  {
    slug: "dpdp-act-checklist-for-web-forms",
    title: "The DPDP Act and your website forms: a practical checklist",
    category: "Security",
    authorName: "Sana Qureshi",
    authorBio: "Security and data protection consultant.",
    publishedDaysAgo: 33,
    tags: ["Data protection", "DPDP", "Compliance"],
    description: `<p>India's Digital Personal Data Protection Act applies to the contact, newsletter and job application forms on your website. A practical checklist:</p>
<ul><li>Collect only what you need for the stated purpose.</li><li>Ask for consent in clear words, and record when and to which wording it was given.</li><li>Keep uploaded files private, and limit who can open them.</li><li>Set and honour retention periods.</li><li>Give people a simple way to ask for access, correction or erasure.</li></ul>
<p>This is not legal advice; review your policy with your counsel.</p>`,
  },
  {
    slug: "from-spreadsheets-to-dashboards",
    title: "From spreadsheets to dashboards your managers will open every morning",
    category: "Analytics",
    authorName: "Rohan Das",
    authorBio: "Data engineer and analytics lead.",
    publishedDaysAgo: 41,
    tags: ["Analytics", "Business intelligence"],
    description: `<p>Good dashboards answer a few questions well. Start with the decisions managers make each week, find the data behind them, and build one trusted source before any charts.</p>
<p>Automate the refresh, show when data was last updated, and retire spreadsheets once the dashboard has earned trust.</p>`,
  },
];
