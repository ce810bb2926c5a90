/** The `href`s of a mail's HTML, as a client follows them (entities decoded). */
export const hrefsOf = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) =>
    (m[1] ?? '').replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'"),
  );

/** The text part's lines, trimmed: a main link must be one of them, whole and alone. */
export const linesOf = (text: string) => text.split('\n').map((line) => line.trim());
