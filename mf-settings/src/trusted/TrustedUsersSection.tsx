import type { TrustedUserEntry } from '@baton/contracts';
import { Button, NoticeBanner, TextField, useNotice } from '@baton/ui';
import { failureMessage } from '@baton/web-platform';
import { type FormEvent, useState } from 'react';
import { useAddTrustedUserMutation, useRemoveTrustedUserMutation, useTrustedUsersQuery } from '../api';
import { LoadState } from '../LoadState';
import { messages } from '../messages';
import { Section } from '../Section';
import { addedOn, displayName, emailOf } from './displayName';

type Show = ReturnType<typeof useNotice>['show'];

/** People whose tasks arrive already accepted (SPEC §2 Settings, §7 Trusted users). */
export function TrustedUsersSection() {
  const { notice, show, clear } = useNotice();
  return (
    <Section
      title="Manage Trusted Users"
      intro="Tasks that trusted users assign or invite you to are accepted for you, without an e-mail."
    >
      <NoticeBanner notice={notice} onDismiss={clear} />
      <AddTrustedForm show={show} />
      <TrustedList show={show} />
    </Section>
  );
}

function AddTrustedForm({ show }: { show: Show }) {
  const [email, setEmail] = useState('');
  const [add, { isLoading }] = useAddTrustedUserMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = email.trim();
    if (!typed) return show('error', messages.trustedEmailRequired);
    try {
      const result = await add(typed).unwrap();
      setEmail('');
      // An unknown e-mail gets an invitation to join; trust applies once they sign up.
      if (result.invitation_sent) show('info', result.message);
      else show('success', messages.trustedAdded(result.email || typed));
    } catch (error) {
      show('error', failureMessage(error, messages.trustedAddFailed));
    }
  }

  return (
    <form className="settings-inline-form" aria-label="Add a trusted user" onSubmit={submit} noValidate>
      <TextField
        label="Email"
        type="email"
        name="trusted_email"
        autoComplete="off"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" busy={isLoading}>
        {isLoading ? 'Adding...' : 'Add User'}
      </Button>
    </form>
  );
}

function TrustedList({ show }: { show: Show }) {
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
        <h3 className="settings-form__title">Current Trusted Users</h3>
        <Button variant="secondary" onClick={refresh} busy={refreshing}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>
      <LoadState
        loading={isLoading}
        failed={isError}
        loadingText={messages.trustedLoading}
        failedText={messages.trustedLoadFailed}
      />
      {data?.length ? (
        <ul className="settings-trusted__list">
          {data.map((entry) => (
            <TrustedRow key={entry.id} entry={entry} show={show} />
          ))}
        </ul>
      ) : data ? (
        <p className="settings-muted">{messages.trustedEmpty}</p>
      ) : null}
    </div>
  );
}

function TrustedRow({ entry, show }: { entry: TrustedUserEntry; show: Show }) {
  const [remove, { isLoading }] = useRemoveTrustedUserMutation();
  const name = displayName(entry);

  async function onRemove() {
    try {
      await remove(entry.id).unwrap();
      show('success', messages.trustedRemoved);
    } catch {
      show('error', messages.trustedRemoveFailed);
    }
  }

  return (
    <li className="settings-trusted__item">
      <div className="settings-trusted__who">
        <span className="settings-trusted__name">{name}</span>
        <span className="settings-muted">{emailOf(entry)}</span>
        <span className="settings-muted">Added on {addedOn(entry)}</span>
      </div>
      <Button
        variant="secondary"
        onClick={onRemove}
        busy={isLoading}
        aria-label={`${isLoading ? 'Removing' : 'Remove'} ${name}`}
      >
        {isLoading ? 'Removing...' : 'Remove'}
      </Button>
    </li>
  );
}
