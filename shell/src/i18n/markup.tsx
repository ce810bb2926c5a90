import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with one marked part (`<0>words</0>`) rendered by `wrap` (a link, emphasis), so the
 * words around it stay in the sentence's own order in every language.
 */
export function withMarkup(sentence: string, wrap: (inner: string) => ReactNode): ReactNode {
  const found = /^(.*)<0>(.*)<\/0>(.*)$/s.exec(sentence);
  if (!found) return sentence;
  const [, before, inner, after] = found;
  return (
    <Fragment>
      {before}
      {wrap(inner ?? '')}
      {after}
    </Fragment>
  );
}
