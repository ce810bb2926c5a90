import { Banner, TextField } from '@baton/ui';
import { type FormEvent, type ReactNode, useState } from 'react';

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
  if (!error) return null;
  return (
    <Banner tone="error" onDismiss={persist ? undefined : onDismiss}>
      {error}
      {children}
    </Banner>
  );
}

export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
