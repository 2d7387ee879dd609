/** Credence's mark: a rising line inside a rounded square (drawn for this project). */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="logo-mark">
      <rect x="1" y="1" width="30" height="30" rx="8" fill="currentColor" />
      <path d="M7 21l6-6 4 4 8-9" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="25" cy="10" r="2.2" fill="#fff" />
    </svg>
  );
}
