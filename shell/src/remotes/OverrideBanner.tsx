import { Banner, Button } from '@baton/ui';
import { useEffect, useState } from 'react';
import { leaveOverrides, type ResolvedRemotes, resolvedOnce, tabAsksForOverrides } from './config';

/** A release's version, as a segment of its manifest's URL: `/mf/mf-tasks/4e21e4c6811f/mf-manifest.json`. */
const releaseVersion = /^[0-9a-f]{12}$/;

/** Where an override comes from, for a tester: the release's version (and origin, if not this one), else the URL. */
export function overrideSource(href: string, pageOrigin = window.location.origin) {
  const url = new URL(href, pageOrigin);
  const version = url.pathname.split('/').find((part) => releaseVersion.test(part));
  if (!version) return url.href;
  return url.origin === pageOrigin ? `version ${version}` : `version ${version} from ${url.origin}`;
}

const reloadAt = (href: string) => window.location.replace(href);

/**
 * On every page of a tab a tester pointed at other remotes (`?remote=name@url`): which remote runs from where,
 * the overrides that were refused, and a way back to what the environment names (`reload`: tests' stand-in).
 * A tab without overrides reads nothing and shows nothing.
 */
export function OverrideBanner({ reload = reloadAt }: { reload?: (href: string) => void }) {
  const [resolved, setResolved] = useState<ResolvedRemotes>();
  useEffect(() => {
    if (!tabAsksForOverrides()) return;
    let current = true;
    resolvedOnce().then(
      (value) => current && setResolved(value),
      () => undefined, // no remotes document: the workspace reports it, if this page has one
    );
    return () => {
      current = false;
    };
  }, []);
  if (!resolved) return null;
  const overridden = Object.entries(resolved.overrides);
  if (overridden.length === 0 && resolved.rejected.length === 0) return null;
  const environment = resolved.environment ? `${resolved.environment}'s` : "this site's";
  return (
    <Banner tone="warning" className="override-banner" aria-label="Remote overrides in this tab">
      <div className="override-banner__text">
        {overridden.length > 0 && (
          <p>
            Testing in this tab:{' '}
            {overridden.map(([name, url], index) => (
              <span key={name}>
                {index > 0 && '; '}
                <strong>{name}</strong> at{' '}
                <span className="override-banner__source">{overrideSource(url)}</span>
              </span>
            ))}
            .
          </p>
        )}
        {resolved.rejected.length > 0 && (
          <p>
            Ignored (unknown remote, or an origin that is not allowed):{' '}
            <span className="override-banner__source">{resolved.rejected.join(', ')}</span>.
          </p>
        )}
      </div>
      <Button variant="secondary" onClick={() => reload(leaveOverrides())}>
        Back to {environment} versions
      </Button>
    </Banner>
  );
}
