import { useEffect, useRef, useState, useSyncExternalStore } from "react";

/** Spec §9: toasts close after 5000 ms. */
const TOAST_DURATION_MS = 5000;
/** Older toasts give way beyond this many. */
const MAX_TOASTS = 4;

export type ToastKind = "success" | "error";
/** `source`: the form that showed it, so that form's later answers can close it and leave other forms' toasts alone. */
export type ToastInput = { kind: ToastKind; text: string; source?: string };
export type Toast = ToastInput & { id: number };

/*
 * A module-level store: any code in the browser can call showToast() and the
 * one <Toaster /> draws it. Only event handlers and effects call it, so the
 * server's copy stays empty and every server render starts with no toasts.
 */
const noToasts: readonly Toast[] = [];
// The same empty list as the server's snapshot: a different one would make React draw the toaster again,
// synchronously, right after hydration.
let toasts: readonly Toast[] = noToasts;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a toast and returns its id. The same text shown again replaces the old one and restarts its timer. */
export function showToast({ kind, text, source }: ToastInput): number {
  const id = nextId++;
  toasts = [...toasts.filter((toast) => !(toast.kind === kind && toast.text === text)), { id, kind, text, source }].slice(-MAX_TOASTS);
  emit();
  return id;
}

/** Closes one toast before its time, when what it says no longer holds. */
export function dismissToast(id: number) {
  const next = toasts.filter((toast) => toast.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

/** Closes every toast of a kind that `source` showed: a success makes the errors of that form's earlier attempts stale. */
export function dismissToasts(kind: ToastKind, source: string) {
  const next = toasts.filter((toast) => !(toast.kind === kind && toast.source === source));
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => noToasts,
  );
}

/**
 * Fixed at the top right. Two live regions that are always in the page, so
 * screen readers announce what is added to them: successes politely
 * (role="status"), errors at once (role="alert").
 */
export function Toaster() {
  const all = useToasts();
  const errors = all.filter((toast) => toast.kind === "error");
  const successes = all.filter((toast) => toast.kind === "success");
  return (
    <div data-testid="toaster" className="pointer-events-none fixed top-4 right-4 left-4 z-[70] flex flex-col items-end gap-3 sm:left-auto sm:w-96">
      <div role="alert" className="flex w-full flex-col gap-3 empty:hidden">
        {errors.map((toast) => (
          <ToastCard key={toast.id} toast={toast} />
        ))}
      </div>
      <div role="status" className="flex w-full flex-col gap-3 empty:hidden">
        {successes.map((toast) => (
          <ToastCard key={toast.id} toast={toast} />
        ))}
      </div>
    </div>
  );
}

const kindStyles = {
  success: { bar: "bg-emerald-600", icon: "text-emerald-700" },
  error: { bar: "bg-red-600", icon: "text-red-700" },
} as const;

function ToastCard({ toast }: { toast: Toast }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const remaining = useRef(TOAST_DURATION_MS);

  // Counts down only while nobody is reading or using it (WCAG 2.2.1).
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id]);

  const style = kindStyles[toast.kind];
  return (
    <div
      data-testid="toast"
      data-kind={toast.kind}
      className="pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border border-slate-200 bg-white py-3 pr-2 pl-4 text-ink shadow-lg ring-1 ring-black/5"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <span aria-hidden="true" className={`absolute inset-y-0 left-0 w-1.5 ${style.bar}`} />
      {toast.kind === "success" ? (
        <svg viewBox="0 0 20 20" className={`mt-0.5 size-5 shrink-0 ${style.icon}`} aria-hidden="true" fill="currentColor">
          <path
            fillRule="evenodd"
            d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.86a.75.75 0 0 0-1.22-.88l-3.24 4.5-1.63-1.63a.75.75 0 1 0-1.06 1.06l2.25 2.25a.75.75 0 0 0 1.14-.09l3.76-5.2Z"
            clipRule="evenodd"
          />
        </svg>
      ) : (
        <svg viewBox="0 0 20 20" className={`mt-0.5 size-5 shrink-0 ${style.icon}`} aria-hidden="true" fill="currentColor">
          <path
            fillRule="evenodd"
            d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
            clipRule="evenodd"
          />
        </svg>
      )}
      <p data-testid="toast-text" className="min-w-0 flex-1 pt-px text-sm leading-6 font-medium break-words">
        {toast.text}
      </p>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="-my-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-ink"
      >
        <span className="sr-only">Dismiss notification</span>
        <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" fill="currentColor">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
    </div>
  );
}
