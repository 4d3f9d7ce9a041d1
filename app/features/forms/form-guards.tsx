import { useState } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from "#app/features/forms/form-rules.ts";

/** Visually hidden, out of the tab order and hidden from assistive technology. */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="sr-only">
      <label>
        Website (leave empty)
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

function randomKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The idempotency key. The server render and hydration use `serverValue` (or
 * nothing); once hydrated, a fresh key replaces it, and again whenever
 * `renewOn` changes (pass the last answer from the server: a new answer means
 * the next submit is a new request). A retry without an answer keeps the key.
 */
export function IdempotencyKeyField({ serverValue = "", renewOn }: { serverValue?: string; renewOn?: unknown }) {
  const hydrated = useHydrated();
  const [state, setState] = useState({ key: serverValue, renewOn, fresh: false });
  // Adjusted during render, not in an effect, so the key is never a render behind.
  if (hydrated && (!state.fresh || state.renewOn !== renewOn)) {
    setState({ key: randomKey(), renewOn, fresh: true });
  }
  return <input type="hidden" name={IDEMPOTENCY_FIELD} value={state.key} />;
}
