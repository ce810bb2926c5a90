import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon, type Tone, ToneIcon } from './icons';
import { useUiText } from './text';

export type ToastTone = Tone;

/**
 * Shows a toast and returns its id. Also usable as an object: `const { toast, dismiss } = useToast()`.
 */
export interface ToastFn {
  (message: ReactNode, tone?: ToastTone, options?: ToastOptions): string;
  toast: ToastFn;
  dismiss: (id: string) => void;
}

export interface ToastOptions {
  /** How long this toast stays, in milliseconds, instead of the provider's duration (e.g. one offering Undo). */
  durationMs?: number;
}

interface ToastEntry {
  id: string;
  message: ReactNode;
  tone: ToastTone;
  durationMs?: number;
}

const ToastContext = createContext<ToastFn | null>(null);

export interface ToastProviderProps {
  children?: ReactNode;
  /** How long a toast stays, in milliseconds; defaults to 5000. */
  durationMs?: number;
  /** Accessible name of the toast region; defaults to "Notifications". */
  label?: string;
}

/** Holds the toasts of the page; they are read out politely (aria-live="polite"). */
export function ToastProvider({ children, durationMs = 5000, label }: ToastProviderProps) {
  const { t } = useUiText();
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const api = useMemo(() => {
    const show = ((message: ReactNode, tone: ToastTone = 'info', options: ToastOptions = {}) => {
      nextId.current += 1;
      const id = `toast-${nextId.current}`;
      setToasts((list) => [...list, { id, message, tone, durationMs: options.durationMs }]);
      return id;
    }) as ToastFn;
    show.toast = show;
    show.dismiss = dismiss;
    return show;
  }, [dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      {createPortal(
        <section className="b-toast-region" aria-label={label ?? t('notifications')} aria-live="polite">
          {toasts.map((t) => (
            <Toast key={t.id} entry={t} durationMs={t.durationMs ?? durationMs} onClose={dismiss} />
          ))}
        </section>,
        document.body,
      )}
    </ToastContext>
  );
}

function Toast({
  entry,
  durationMs,
  onClose,
}: {
  entry: ToastEntry;
  durationMs: number;
  onClose: (id: string) => void;
}) {
  const { t } = useUiText();
  useEffect(() => {
    const timer = setTimeout(() => onClose(entry.id), durationMs);
    return () => clearTimeout(timer);
  }, [entry.id, durationMs, onClose]);
  return (
    <div className={`b-toast b-toast--${entry.tone}`}>
      <ToneIcon tone={entry.tone} />
      <div className="b-toast__message">{entry.message}</div>
      <button
        type="button"
        className="b-icon-button"
        aria-label={t('dismiss')}
        onClick={() => onClose(entry.id)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** `const toast = useToast(); toast('Trusted user removed.', 'success');` Must be inside a ToastProvider. */
export function useToast(): ToastFn {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
