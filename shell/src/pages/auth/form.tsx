import { Banner, TextField } from '@baton/ui';
import { useLocalize, useT } from '@baton/web-platform';
import { type FormEvent, type ReactNode, useState } from 'react';
import { shellBook } from '../../i18n/shell';

/**
 * The submit cycle of the sign-in forms: busy while the request runs; `work` returns the sentence to
 * show when it fails; a thrown error (network) shows `networkMessage`.
 */
export function useSubmit(networkMessage: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (work: () => Promise<string | null | undefined>) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setError((await work()) ?? null);
    } catch {
      setError(networkMessage);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, submit };
}

/** The red banner of SPEC §8; it goes after 5 s (or when dismissed) unless `persist`. */
export function FormError({
  error,
  onDismiss,
  persist,
  children,
}: {
  error: string | null;
  onDismiss: () => void;
  persist?: boolean;
  children?: ReactNode;
}) {
  const localize = useLocalize();
  if (!error) return null;
  // The contracts' and the server's sentences arrive in English: shown in the person's language.
  return (
    <Banner tone="error" onDismiss={persist ? undefined : onDismiss}>
      {localize(error)}
      {children}
    </Banner>
  );
}

export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT(shellBook);
  return (
    <TextField
      label={t('email')}
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
