import type { TrustedUserEntry } from '@baton/contracts';
import { Button, NoticeBanner, TextField, useNotice } from '@baton/ui';
import { failureMessage, useLanguage, useLocalize, useT } from '@baton/web-platform';
import { type FormEvent, useState } from 'react';
import { useAddTrustedUserMutation, useRemoveTrustedUserMutation, useTrustedUsersQuery } from '../api';
import { LoadState } from '../LoadState';
import { book } from '../messages';
import { Section } from '../Section';
import { addedOn, displayName, emailOf } from './displayName';

type Show = ReturnType<typeof useNotice>['show'];

/** People whose tasks arrive already accepted (SPEC §2 Settings, §7 Trusted users). */
export function TrustedUsersSection() {
  const t = useT(book);
  const { notice, show, clear } = useNotice();
  return (
    <Section title={t('trustedTitle')} intro={t('trustedIntro')}>
      <NoticeBanner notice={notice} onDismiss={clear} />
      <AddTrustedForm show={show} />
      <TrustedList show={show} />
    </Section>
  );
}

function AddTrustedForm({ show }: { show: Show }) {
  const t = useT(book);
  const localize = useLocalize();
  const [email, setEmail] = useState('');
  const [add, { isLoading }] = useAddTrustedUserMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = email.trim();
    if (!typed) return show('error', t('trustedEmailRequired'));
    try {
      const result = await add(typed).unwrap();
      setEmail('');
      // An unknown e-mail gets an invitation to join; trust applies once they sign up.
      if (result.invitation_sent) show('info', localize(result.message));
      else show('success', t('trustedAdded', { email: result.email || typed }));
    } catch (error) {
      show('error', failureMessage(error, t('trustedAddFailed')));
    }
  }

  return (
    <form className="settings-inline-form" aria-label={t('addTrusted')} onSubmit={submit} noValidate>
      <TextField
        label={t('email')}
        type="email"
        name="trusted_email"
        autoComplete="off"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" busy={isLoading}>
        {isLoading ? t('adding') : t('addUser')}
      </Button>
    </form>
  );
}

function TrustedList({ show }: { show: Show }) {
  const t = useT(book);
  const { data, isLoading, isError, refetch } = useTrustedUsersQuery();
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    try {
      await refetch();
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <div className="settings-trusted">
      <div className="settings-trusted__header">
        <h3 className="settings-form__title">{t('currentTrusted')}</h3>
        <Button variant="secondary" onClick={refresh} busy={refreshing}>
          {refreshing ? t('refreshing') : t('refresh')}
        </Button>
      </div>
      <LoadState
        loading={isLoading}
        failed={isError}
        loadingText={t('trustedLoading')}
        failedText={t('trustedLoadFailed')}
      />
      {data?.length ? (
        <ul className="settings-trusted__list">
          {data.map((entry) => (
            <TrustedRow key={entry.id} entry={entry} show={show} />
          ))}
        </ul>
      ) : data ? (
        <p className="settings-muted">{t('trustedEmpty')}</p>
      ) : null}
    </div>
  );
}

function TrustedRow({ entry, show }: { entry: TrustedUserEntry; show: Show }) {
  const t = useT(book);
  const language = useLanguage();
  const [remove, { isLoading }] = useRemoveTrustedUserMutation();
  const name = displayName(entry, t('user'));

  async function onRemove() {
    try {
      await remove(entry.id).unwrap();
      show('success', t('trustedRemoved'));
    } catch {
      show('error', t('trustedRemoveFailed'));
    }
  }

  return (
    <li className="settings-trusted__item">
      <div className="settings-trusted__who">
        <span className="settings-trusted__name">{name}</span>
        <span className="settings-muted">{emailOf(entry)}</span>
        <span className="settings-muted">{t('addedOn', { date: addedOn(entry, language) })}</span>
      </div>
      <Button
        variant="secondary"
        onClick={onRemove}
        busy={isLoading}
        aria-label={isLoading ? t('removingOf', { name }) : t('removeOf', { name })}
      >
        {isLoading ? t('removing') : t('remove')}
      </Button>
    </li>
  );
}
