/** The Foyer "F" ticket mark; decorative, the brand's name is always written beside it. */
export function BrandMark() {
  return (
    <svg
      className="brand-mark"
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path d="M10 8h13v4h-8.5v3.5H22v4h-7.5V25H10z" fill="var(--brand-mark-ink)" />
    </svg>
  );
}
