/** The company mark: a square monogram and the name. Decorative parts are hidden from assistive tech. */
export function LogoMark({ className = "size-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" fill="#1d3793" />
      <path d="M12 10h5v8.2L24.6 10H31l-8.6 9.3L31.5 30h-6.3l-6.3-7.6-1.9 2V30h-5z" fill="#fff" />
      <circle cx="31" cy="31" r="3" fill="#fbbf24" />
    </svg>
  );
}
