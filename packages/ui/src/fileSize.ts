const units = ['KB', 'MB', 'GB'] as const;

/** A size for people, in binary units as the 25 MB limit is: "512 B", "1.2 MB", "25 MB". */
export function formatFileSize(bytes: number) {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes;
  let unit: (typeof units)[number] = 'KB';
  for (const next of units) {
    value /= 1024;
    unit = next;
    if (value < 1024) break;
  }
  // One decimal, without a trailing ".0".
  return `${Number(value.toFixed(1))} ${unit}`;
}
