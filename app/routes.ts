import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { contentPages } from "./content/pages/index.ts";

export default [
  index("routes/home.tsx"),
  // One route module draws every content page from its data.
  ...contentPages.map((page) => route(page.path, "routes/content-page.tsx", { id: `content${page.path}` })),
  route("careers", "routes/careers.tsx"),
  route("careers/registration", "routes/careers.registration.tsx"),
  route("careers/:id", "routes/careers.$id.tsx"),
  route("featured-insights", "routes/featured-insights.tsx"),
  route("featured-insights/rss.xml", "routes/featured-insights.rss[.]xml.ts"),
  route("featured-insights/:id", "routes/featured-insights.$id.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("consultation", "routes/consultation.tsx"),
  route("staff", "routes/staff.tsx", [
    index("routes/staff._index.tsx"),
    route("sign-in", "routes/staff.sign-in.tsx"),
    route("sign-out", "routes/staff.sign-out.ts"),
    route("forgot-password", "routes/staff.forgot-password.tsx"),
    route("set-password", "routes/staff.set-password.tsx"),
    route("files/*", "routes/staff.files.$.ts"),
    route("applications", "routes/staff.applications._index.tsx"),
    route("applications/export.csv", "routes/staff.applications.export[.]csv.ts"),
    route("applications/:id", "routes/staff.applications.$id.tsx"),
  ]),
  route("applications/status/:token", "routes/applications.status.$token.tsx"),
  route("banner", "routes/banner.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
