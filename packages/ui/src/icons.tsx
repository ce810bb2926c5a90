export type Tone = 'error' | 'info' | 'success' | 'warning';

const paths: Record<Tone, string> = {
  // Circle with "!".
  error: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1 5h2v7h-2V7Zm0 9h2v2h-2v-2Z',
  // Circle with "i".
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1 8h2v8h-2v-8Zm0-4h2v2h-2V6Z',
  // Circle with a tick.
  success:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.5 14.2-4.2-4.2 1.4-1.4 2.8 2.8 5.8-5.8 1.4 1.4-7.2 7.2Z',
  // Triangle with "!".
  warning: 'M12 2 1 21h22L12 2Zm-1 7h2v6h-2V9Zm0 8h2v2h-2v-2Z',
};

/** A decorative icon (one 24×24 path in the text colour); the text next to it carries the meaning. */
export function DecorativeIcon({
  d,
  size = 16,
  className,
}: {
  d: string;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d={d} />
    </svg>
  );
}

/** Decorative tone icon; the text next to it carries the meaning. */
export function ToneIcon({ tone }: { tone: Tone }) {
  return <DecorativeIcon className="b-tone-icon" size={20} d={paths[tone]} />;
}

export function CloseIcon() {
  return (
    <DecorativeIcon d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6 6.4 5Z" />
  );
}

/** Decorative paperclip beside an attachment's name. */
export function PaperclipIcon() {
  return (
    <DecorativeIcon
      className="b-paperclip-icon"
      d="M16.5 6.5v10.6a4.5 4.5 0 0 1-9 0V5.8a3 3 0 0 1 6 0v10.3a1.5 1.5 0 0 1-3 0V6.5H9v9.6a3 3 0 0 0 6 0V5.8a4.5 4.5 0 0 0-9 0v11.3a6 6 0 0 0 12 0V6.5h-1.5Z"
    />
  );
}

/** Decorative grip of a drag handle (six dots). */
export function GripIcon() {
  return (
    <DecorativeIcon
      className="b-grip-icon"
      d="M9 5.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm0 6.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 8a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM18 5.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0ZM16.5 13.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm1.5 5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z"
    />
  );
}
