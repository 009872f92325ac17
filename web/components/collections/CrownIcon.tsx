/** A gold crown drawn inline (no emoji font is assumed on the viewer's machine). */
export function CrownIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden focusable="false">
      <path
        d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 11H5L3 7z"
        fill="#fbbf24"
        stroke="#b45309"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <rect x="5" y="19" width="14" height="2" rx="1" fill="#f59e0b" />
    </svg>
  );
}
