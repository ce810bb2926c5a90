import { Button } from '@baton/ui';
import {
  type NoProps,
  type RemoteName,
  type RemoteViewModule,
  useOnline,
  useT,
  type ViewName,
  type ViewProps,
} from '@baton/web-platform';
import {
  type Attributes,
  Component,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { withMarkup } from '../i18n/markup';
import { type AreaTitle, shellBook } from '../i18n/shell';
import type { LoadRemote } from './loader';
import { mainViewShown, showMainView } from './mainView';

export const RemoteLoaderContext = createContext<LoadRemote>(() =>
  Promise.reject(new Error('No remote loader configured.')),
);

type RemoteAreaProps<R extends RemoteName, V extends ViewName<R>> = {
  remote: R;
  module: V;
  /** What the area is, for people: "Settings", "Notifications", … (English: the book has its words). */
  title: AreaTitle;
  /** Compact areas (the bell) show a small fallback. */
  compact?: boolean;
  /** A secondary area loads after the page's main one has rendered (mainView.ts). */
  secondary?: boolean;
} & (NoProps extends ViewProps<R, V> ? { props?: ViewProps<R, V> } : { props: ViewProps<R, V> });

type State<R extends RemoteName, V extends ViewName<R>> =
  | { status: 'loading' }
  | { status: 'ready'; view: RemoteViewModule<R, V>['default'] }
  | { status: 'failed' };

/**
 * One remote's view in its own area: loading, the view, or a fallback with Retry. A failure here (at
 * load or while rendering) stays here; the rest of the workspace keeps working.
 */
export function RemoteArea<R extends RemoteName, V extends ViewName<R>>({
  remote,
  module,
  title,
  props,
  compact,
  secondary,
}: RemoteAreaProps<R, V>) {
  const t = useT(shellBook);
  const load = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State<R, V>>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how Retry runs this effect again.
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    (secondary ? mainViewShown.then(() => load(remote, module)) : load(remote, module)).then(
      (loaded) => current && setState({ status: 'ready', view: loaded.default }),
      (error: unknown) => {
        console.error(`Loading ${remote}/${module} failed`, error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [load, remote, module, attempt]);

  // The view's own effects (its first requests) have run by now: secondary areas may start.
  useEffect(() => {
    if (!secondary && state.status !== 'loading') showMainView();
  }, [secondary, state.status]);

  const retry = () => setAttempt((n) => n + 1);
  // A failed area loads again by itself when the connection comes back (only then: a service that is down
  // waits for Retry).
  const online = useOnline();
  const failed = useRef(false);
  failed.current = state.status === 'failed';
  useEffect(() => {
    if (online && failed.current) setAttempt((n) => n + 1);
  }, [online]);
  const name = t(`area_${title}`);
  const fallback = <RemoteFallback title={name} compact={compact} offline={!online} onRetry={retry} />;

  if (state.status === 'loading')
    return (
      <div className="remote-area remote-area--loading" role="status" aria-live="polite">
        {compact ? (
          <span className="b-visually-hidden">{t('areaLoading', { title: name })}</span>
        ) : (
          t('areaLoading', { title: name })
        )}
      </div>
    );
  if (state.status === 'failed') return fallback;
  const View = state.view;
  return (
    <RenderBoundary key={attempt} fallback={fallback}>
      <View {...(props as ViewProps<R, V> & Attributes)} />
    </RenderBoundary>
  );
}

function RemoteFallback({
  title,
  compact,
  offline,
  onRetry,
}: {
  title: string;
  compact?: boolean;
  /** The browser has no connection: that is the reason, not the area's service. */
  offline: boolean;
  onRetry: () => void;
}) {
  const t = useT(shellBook);
  const strong = (words: string) => <strong>{words}</strong>;
  return (
    <div className={`remote-area remote-area--failed${compact ? ' remote-area--compact' : ''}`} role="alert">
      {compact ? (
        <p className="remote-area__compact-text">
          {offline ? t('areaOfflineShort', { title }) : t('areaUnavailableShort', { title })}
        </p>
      ) : offline ? (
        <p>{withMarkup(t('areaOffline', { title }), strong)}</p>
      ) : (
        <p>{withMarkup(t('areaUnavailable', { title }), strong)}</p>
      )}
      <Button variant="secondary" onClick={onRetry} aria-label={t('retryLoading', { title })}>
        {t('retry')}
      </Button>
    </div>
  );
}

class RenderBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('A remote view failed while rendering', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
