/**
 * Demo job openings for a new installation (marked is_demo in the database,
 * off with DEMO_CONTENT=false). Written for this company; replace them with
 * real openings, or delete the rows, before going live.
 */
export type DemoJob = {
  title: string;
  department: string;
  jobType: string;
  location: string;
  /** Days before the seed date that the job was posted. */
  postedDaysAgo: number;
  description: string;
};

export const demoJobs: DemoJob[] = [
  {
    title: "Senior Full-Stack Engineer (React, Node.js)",
    department: "Engineering",
    jobType: "full-time",
    location: "New Delhi (hybrid)",
    postedDaysAgo: 3,
    description: `<p>You will build and run the web platforms our clients use every day: customer portals, internal tools and SaaS products, from the first design review to production support.</p>
<h2>What you will do</h2>
<ul><li>Design and build features in React and Node.js with TypeScript, end to end.</li><li>Shape data models in PostgreSQL and APIs that other teams can rely on.</li><li>Review code, pair with newer engineers and keep quality high with tests that matter.</li><li>Work directly with client product owners to turn goals into shippable increments.</li></ul>
<h2>What you bring</h2>
<ul><li>5+ years building production web applications, at least 3 with React and Node.js.</li><li>Comfort with SQL, HTTP caching, authentication and accessibility basics.</li><li>Clear written English; you explain trade-offs to non-engineers.</li></ul>
<h2>What we offer</h2>
<p>Hybrid work from our New Delhi office, a yearly learning budget, health cover for you and your family, and real ownership of the products you build.</p>`,
  },
  {
    title: "DevOps Engineer (AWS, Kubernetes)",
    department: "Cloud & DevOps",
    jobType: "full-time",
    location: "Remote (India)",
    postedDaysAgo: 6,
    description: `<p>You will own the pipelines, infrastructure and observability behind our clients' applications, and help teams ship several times a day without fear.</p>
<h2>What you will do</h2>
<ul><li>Build and maintain infrastructure as code with Terraform on AWS.</li><li>Run containerised workloads on Kubernetes (EKS) with sensible defaults for security and cost.</li><li>Set up CI/CD, logging, metrics and alerting that engineers actually use.</li><li>Lead incident reviews and turn them into lasting fixes.</li></ul>
<h2>What you bring</h2>
<ul><li>3+ years in DevOps or SRE roles with AWS in production.</li><li>Hands-on Kubernetes, Terraform and one CI system (GitHub Actions, GitLab CI or Jenkins).</li><li>A habit of automating the second time you do something.</li></ul>`,
  },
  {
    title: "UI/UX Designer",
    department: "Design",
    jobType: "full-time",
    location: "New Delhi",
    postedDaysAgo: 10,
    description: `<p>You will design business software that people enjoy using: dashboards, workflows and mobile apps for operations teams, finance teams and their customers.</p>
<ul><li>Run discovery sessions and usability tests with real users.</li><li>Turn findings into flows, wireframes and polished interfaces in Figma.</li><li>Maintain design systems that meet WCAG 2.2 AA.</li><li>Work side by side with engineers through delivery.</li></ul>
<p>A portfolio showing your process, not only final screens, is the best way to apply.</p>`,
  },
  {
    title: "Business Analyst, ERP and CRM",
    department: "Consulting",
    jobType: "full-time",
    location: "New Delhi (hybrid)",
    postedDaysAgo: 14,
    description: `<p>You will be the bridge between our clients' teams and our engineers on ERP and CRM projects: finance, inventory, sales pipelines and service desks.</p>
<ul><li>Map current processes, find the pain and agree on what success looks like.</li><li>Write clear requirements, acceptance criteria and migration plans.</li><li>Configure platforms such as Odoo, ERPNext, Zoho or Salesforce with the team.</li><li>Train users and support them through go-live.</li></ul>
<p>Experience with GST invoicing, Tally migrations or multi-warehouse inventory is a strong plus.</p>`,
  },
  {
    title: "Machine Learning Engineer",
    department: "AI & Data",
    jobType: "contract",
    location: "Remote",
    postedDaysAgo: 20,
    description: `<p>A six-month contract, with the option to extend, building forecasting and document-understanding features for two client products.</p>
<ul><li>Build and evaluate models in Python (scikit-learn, PyTorch) on real business data.</li><li>Design retrieval-augmented assistants with proper evaluation, not demos.</li><li>Ship models behind APIs with monitoring for drift, cost and latency.</li></ul>
<p>You have shipped at least one ML system to production and can show how you measured it.</p>`,
  },
  {
    title: "Software Engineering Intern",
    department: "Engineering",
    jobType: "internship",
    location: "New Delhi",
    postedDaysAgo: 30,
    description: `<p>A six-month paid internship for final-year students or recent graduates who want to learn how real software is built and run.</p>
<ul><li>Work in a product team on features that reach production.</li><li>Get a mentor, weekly code reviews and a learning plan.</li><li>Most interns who do well receive a full-time offer.</li></ul>
<p>Tell us about something you built, for a course, a hackathon or yourself.</p>`,
  },
];
