import { Button, Dialog, NoticeBanner, TextField, useNotice } from '@baton/ui';
import { failureMessage } from '@baton/web-platform';
import { useRef, useState } from 'react';
import { useCalendarFeedQuery, useRotateCalendarFeedMutation } from '../api';
import { LoadState } from '../LoadState';
import { messages } from '../messages';
import { copyFrom } from './clipboard';

/** Where each calendar app takes an address ("add calendar from URL"). */
const apps = [
  { name: 'Google Calendar', how: 'Other calendars, +, From URL; paste the address, then Add calendar.' },
  { name: 'Apple Calendar', how: 'File, New Calendar Subscription; paste the address, then Subscribe.' },
  { name: 'Thunderbird', how: 'New Calendar, On the Network; paste the address as its location.' },
];

/** The secret address of the person's iCalendar feed: copy it into a calendar app, or replace it. */
export function CalendarFeed() {
  const { data, isLoading, isError } = useCalendarFeedQuery();
  const [rotate, { isLoading: rotating }] = useRotateCalendarFeedMutation();
  const [confirming, setConfirming] = useState(false);
  const { notice, show, clear } = useNotice();
  const field = useRef<HTMLInputElement>(null);

  async function copy() {
    if (!field.current) return;
    if (await copyFrom(field.current)) show('success', messages.feedCopied);
    else show('info', messages.feedCopyByHand);
  }

  async function makeNew() {
    setConfirming(false);
    try {
      await rotate().unwrap();
      show('success', messages.feedRotated);
    } catch (error) {
      show('error', failureMessage(error, messages.feedRotateFailed));
    }
  }

  return (
    <div className="settings-data__part">
      <h3 className="settings-form__title">Subscribe in your calendar</h3>
      <p className="settings-muted">
        Your open tasks with a due date, as all-day events that your calendar app keeps up to date. Anyone
        with this address can read them: keep it to yourself.
      </p>
      <LoadState
        loading={isLoading}
        failed={isError}
        loadingText={messages.feedLoading}
        failedText={messages.feedLoadFailed}
      />
      <NoticeBanner notice={notice} onDismiss={clear} />
      {data ? (
        <>
          <div className="settings-feed__address">
            <TextField
              ref={field}
              label="Your calendar address"
              readOnly
              value={data.url}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={copy}>
              Copy
            </Button>
          </div>
          <ul className="settings-feed__apps">
            {apps.map(({ name, how }) => (
              <li key={name}>
                <strong>{name}:</strong> {how}
              </li>
            ))}
          </ul>
          <p className="settings-muted">Calendar apps fetch the address every few hours, not at once.</p>
          <div className="settings-data__actions">
            <Button variant="secondary" busy={rotating} onClick={() => setConfirming(true)}>
              {rotating ? 'Making a new address…' : 'Make a new address'}
            </Button>
          </div>
        </>
      ) : null}
      <Dialog
        open={confirming}
        role="alertdialog"
        title="Make a new calendar address?"
        description="Calendars subscribed with the current address stop getting your tasks. You then subscribe again with the new one."
        onClose={() => setConfirming(false)}
      >
        <div className="settings-form__actions">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={makeNew}>
            Make a new address
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
