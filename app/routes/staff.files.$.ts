import { data } from "react-router";

/**
 * Attachments of consultation requests: `file_url` points here. Files are
 * private; until staff can sign in, nobody may download them.
 */
export function loader() {
  return data("Sign in as staff to download attachments.", {
    status: 401,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
