import type { SearchResult } from '@baton/contracts';

/**
 * Text with its matched words in `<mark>`: `highlights` are [start, end) offsets into `text`, in order and
 * not overlapping (the search contract); offsets outside the text are clipped.
 */
export function Highlight({ text, highlights }: { text: string; highlights: SearchResult['highlights'] }) {
  const parts = [];
  let at = 0;
  for (const [from, to] of highlights) {
    const start = Math.max(from, at);
    const end = Math.min(to, text.length);
    if (end <= start) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
