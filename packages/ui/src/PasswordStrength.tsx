import type { PasswordVerdict } from '@baton/contracts/password-strength';
import { useEffect, useState } from 'react';
import { PasswordField, type PasswordFieldProps } from './PasswordField';
import { type UiText, useUiText } from './text';

type Estimator = typeof import('@baton/contracts/password-strength');
let estimator: Promise<Estimator> | undefined;

/**
 * identity's own estimator, fetched once, when a new password is first typed: its dictionaries (~1.5 MB) get
 * a chunk of their own instead of weighing on every page. A failed fetch is tried again next time.
 */
function loadEstimator() {
  estimator ??= import(
    /* webpackChunkName: "password-strength" */ '@baton/contracts/password-strength'
  ).catch((error: unknown) => {
    estimator = undefined;
    throw error;
  });
  return estimator;
}

export const strengthMessages = {
  strong: 'Strong enough.',
  /** zxcvbn's own feedback (what makes it weak, what would help), else a general tip. */
  weak: ({ warning, suggestions }: PasswordVerdict) =>
    `Too weak: ${[warning, ...suggestions].filter(Boolean).join(' ') || 'add another word or two. Uncommon words are better.'}`,
} as const;

/** The verdict in the person's language; zxcvbn's feedback is English only, so others get the general tip. */
function verdictText(verdict: PasswordVerdict, { language, t }: UiText) {
  if (verdict.ok) return t('strong');
  if (language === 'en') return strengthMessages.weak(verdict);
  return t('weak', { advice: t('weakTip') });
}

export interface PasswordStrengthProps {
  password: string;
  /** The person's own name and e-mail, as identity counts them: a password built from them is weak. */
  personal?: readonly string[];
  /** Quiet time after the last keystroke before judging, in milliseconds. */
  delayMs?: number;
}

/**
 * A live verdict on a new password, with the rule identity applies (`@baton/contracts/password-strength`):
 * nothing until the estimator has loaded, then "Too weak: …" or "Strong enough." in a polite live region.
 */
export function PasswordStrength({ password, personal = [], delayMs = 150 }: PasswordStrengthProps) {
  // A value, not the array: callers build a new array each render. Blank fields are no words.
  const personalKey = JSON.stringify(personal.filter(Boolean));
  const [verdict, setVerdict] = useState<PasswordVerdict | null>(null);
  const text = useUiText();

  useEffect(() => {
    if (!password) return setVerdict(null);
    let current = true;
    const timer = setTimeout(() => {
      loadEstimator().then(
        ({ passwordVerdict }) => {
          if (!current) return;
          setVerdict(passwordVerdict(password, JSON.parse(personalKey) as string[]));
        },
        // Unavailable (offline): no hint; the server still judges on submit.
        () => {},
      );
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, personalKey, delayMs]);

  // Always rendered, so screen readers watch the region before its first words.
  return (
    <span
      className={
        verdict
          ? `b-password-strength b-password-strength--${verdict.ok ? 'ok' : 'weak'}`
          : 'b-password-strength'
      }
      aria-live="polite"
    >
      {verdict ? verdictText(verdict, text) : null}
    </span>
  );
}

export interface NewPasswordFieldProps extends PasswordFieldProps {
  value: string;
  personal?: readonly string[];
}

/** A password field for choosing a new password: the live strength verdict under it, linked as its hint. */
export function NewPasswordField({ personal, hint, ...props }: NewPasswordFieldProps) {
  return (
    <PasswordField
      autoComplete="new-password"
      {...props}
      hint={
        <>
          {hint ? <>{hint} </> : null}
          <PasswordStrength password={props.value} personal={personal} />
        </>
      }
    />
  );
}
