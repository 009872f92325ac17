/** A padlock drawn inline for the locked 'Premium Feature' placeholders. */
export function LockIcon({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden focusable="false">
      <rect x="5" y="10" width="14" height="11" rx="2" fill="#6366f1" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" fill="none" stroke="#6366f1" strokeWidth="2" />
      <circle cx="12" cy="15.5" r="1.6" fill="#fff" />
    </svg>
  );
}
