/** A spinner; its label is read by screen readers (aria-hidden when a text beside it says the same). */
export function Spinner({ label, size = 'small' }: { label?: string; size?: 'small' | 'large' }) {
  return (
    <span
      className={`spinner spinner--${size}`}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
