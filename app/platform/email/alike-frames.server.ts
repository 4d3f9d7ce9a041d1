import { randomBytes } from "node:crypto";
import { renderFrame, type FrameHtml } from "#app/platform/email/branded-layout.server.tsx";
import { escapeHtml } from "#app/platform/email/layout.server.ts";
import type { MailTemplate, MailTemplates } from "#app/platform/email/templates.server.ts";

/*
 * A campaign's messages are alike but for a few params per recipient (the
 * unsubscribe link, the tracking token). Framing one costs about a millisecond
 * of CPU on the event loop that also answers pages, so at 200 a second the
 * sending slowed the pages (decision 075's bench): such a message is framed
 * once, with a stand-in for each of those params, and each recipient gets a
 * copy with their own values written in.
 */

/** Letters and digits only, so escaping leaves a stand-in as it is; random, so no campaign's words hold one. */
const STAND_IN = `recipient${randomBytes(8).toString("hex")}param`;

/** Frames kept: a few campaigns (and their tests to staff) going out at once. */
const FRAMES_KEPT = 8;

/**
 * The frame for a message, reused across its template's recipients when the
 * template names `recipientParams` and each is a string in `params`; undefined
 * (frame it whole) otherwise. Each such param must reach the HTML only through
 * `escapeHtml`, as the copies write it.
 */
export function createAlikeFrames(render: FrameHtml = renderFrame) {
  const frames = new Map<string, Promise<string>>();

  function framed(key: string, draw: () => Promise<string>): Promise<string> {
    const known = frames.get(key);
    if (known) return known;
    const html = draw();
    frames.set(key, html);
    if (frames.size > FRAMES_KEPT) frames.delete(frames.keys().next().value!);
    html.catch(() => frames.delete(key));
    return html;
  }

  return function alikeFrame(templates: MailTemplates, name: string, params: unknown): FrameHtml | undefined {
    const template = Object.hasOwn(templates, name) ? (templates[name] as MailTemplate<Record<string, unknown>>) : undefined;
    const perRecipient = template?.recipientParams;
    if (!template || !perRecipient?.length || typeof params !== "object" || params === null) return undefined;
    const own = params as Record<string, unknown>;
    if (!perRecipient.every((param) => typeof own[param] === "string" && own[param] !== "")) return undefined;
    const standIns = perRecipient.map((param, n) => [param, `${STAND_IN}${n}x`] as const);
    const alike = template.render({ ...own, ...Object.fromEntries(standIns) });
    return async (_mail, sender, brand) => {
      let html = await framed(JSON.stringify([alike, sender, brand]), () => render(alike, sender, brand));
      for (const [param, standIn] of standIns) html = html.replaceAll(standIn, escapeHtml(own[param] as string));
      return html;
    };
  };
}
