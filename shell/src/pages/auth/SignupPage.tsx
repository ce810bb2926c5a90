import { emailPattern, identityMessages, limits } from '@baton/contracts/constants';
import { Button, Checkbox, NewPasswordField, PasswordField, TextField } from '@baton/ui';
import { currentLanguage, setLanguage, translate, useT } from '@baton/web-platform';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { identityRoutes } from '../../app/identity';
import { withMarkup } from '../../i18n/markup';
import { shellBook } from '../../i18n/shell';
import { withNext } from '../../session/next';
import { AuthCard } from './AuthCard';
import { postPublic } from './api';
import { FormError, useSubmit } from './form';

const emptyForm = { firstname: '', lastname: '', email: '', password: '', confirmPassword: '' };

/** The first problem with the form, in the words of SPEC §5 (and identity's, which says the same). */
function problemOf(form: typeof emptyForm, acceptedTerms: boolean) {
  if (Object.values(form).some((value) => !value.trim())) return identityMessages.signupRequired;
  if (!acceptedTerms) return translate(shellBook)('termsRequired');
  if (!emailPattern.test(form.email.trim())) return identityMessages.invalidEmail;
  if (form.password !== form.confirmPassword) return identityMessages.signupPasswordMismatch;
  if (form.password.length < limits.passwordMin) return identityMessages.passwordTooShort;
  return null;
}

export function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const t = useT(shellBook);
  const networkFailure = t('networkFailure');
  const [form, setForm] = useState(emptyForm);
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const { busy, error, setError, submit } = useSubmit(networkFailure);
  const field = (name: keyof typeof emptyForm) => ({
    name,
    value: form[name],
    required: true,
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  const signUp = submit(async () => {
    const problem = problemOf(form, acceptedTerms);
    if (problem) return problem;
    const result = await postPublic(identityRoutes.signup, { ...form, email: form.email.trim() });
    if (!result.ok) return result.error ?? networkFailure;
    // The language they signed up in is their choice on this device: the first sign-in gives it to the account,
    // so their mails come in it too (the account's language starts as English).
    await setLanguage(currentLanguage());
    // Sign-up answers alike whether or not the address had an account, so it starts no session: the person
    // signs in next (SPEC §2), told to look for the confirmation mail.
    const notice =
      typeof result.body.message === 'string' ? result.body.message : identityMessages.signupDone;
    // A page that sent the person here (an accept link) is where signing in takes them.
    navigate(withNext('/login', params.get('next')), {
      state: { email: form.email.trim(), notice },
    });
  });

  return (
    <AuthCard title={t('signupTitle')} intro={t('signupIntro')}>
      <FormError error={error} onDismiss={() => setError(null)} />
      <form className="auth-form" onSubmit={signUp} noValidate>
        <TextField label={t('firstName')} autoComplete="given-name" {...field('firstname')} />
        <TextField label={t('lastName')} autoComplete="family-name" {...field('lastname')} />
        <TextField label={t('email')} type="email" autoComplete="email" {...field('email')} />
        <NewPasswordField
          label={t('password')}
          // What identity counts as the person's own words at sign-up.
          personal={[form.email.trim(), form.firstname.trim(), form.lastname.trim()]}
          {...field('password')}
        />
        <PasswordField
          label={t('confirmPassword')}
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <Checkbox
          required
          checked={acceptedTerms}
          onChange={(e) => setAcceptedTerms(e.target.checked)}
          label={withMarkup(t('agreeTerms'), (words) => <Link to="/terms">{words}</Link>)}
        />
        <Button type="submit" variant="primary" busy={busy}>
          {t('createAccount')}
        </Button>
      </form>
      <p className="auth-card__footer">
        {t('haveAccount')} <Link to={withNext('/login', params.get('next'))}>{t('signIn')}</Link>
      </p>
    </AuthCard>
  );
}
