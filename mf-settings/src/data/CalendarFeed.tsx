import { Button, Dialog, NoticeBanner, TextField, useNotice } from '@baton/ui';
import { failureMessage, useT } from '@baton/web-platform';
import { useRef, useState } from 'react';
import { useCalendarFeedQuery, useRotateCalendarFeedMutation } from '../api';
import { LoadState } from '../LoadState';
import { book } from '../messages';
import { copyFrom } from './clipboard';

/** Where each calendar app takes an address ("add calendar from URL"). */
const apps = [
  { name: 'Google Calendar', how: 'feedGoogle' },
  { name: 'Apple Calendar', how: 'feedApple' },
  { name: 'Thunderbird', how: 'feedThunderbird' },
] as const;

/** The secret address of the person's iCalendar feed: copy it into a calendar app, or replace it. */
export function CalendarFeed() {
  const t = useT(book);
  const { data, isLoading, isError } = useCalendarFeedQuery();
  const [rotate, { isLoading: rotating }] = useRotateCalendarFeedMutation();
  const [confirming, setConfirming] = useState(false);
  const { notice, show, clear } = useNotice();
  const field = useRef<HTMLInputElement>(null);

  async function copy() {
    if (!field.current) return;
    if (await copyFrom(field.current)) show('success', t('feedCopied'));
    else show('info', t('feedCopyByHand'));
  }

  async function makeNew() {
    setConfirming(false);
    try {
      await rotate().unwrap();
      show('success', t('feedRotated'));
    } catch (error) {
      show('error', failureMessage(error, t('feedRotateFailed')));
    }
  }

  return (
    <div className="settings-data__part">
      <h3 className="settings-form__title">{t('feedTitle')}</h3>
      <p className="settings-muted">{t('feedIntro')}</p>
      <LoadState
        loading={isLoading}
        failed={isError}
        loadingText={t('feedLoading')}
        failedText={t('feedLoadFailed')}
      />
      <NoticeBanner notice={notice} onDismiss={clear} />
      {data ? (
        <>
          <div className="settings-feed__address">
            <TextField
              ref={field}
              label={t('feedAddress')}
              readOnly
              value={data.url}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={copy}>
              {t('copy')}
            </Button>
          </div>
          <ul className="settings-feed__apps">
            {apps.map(({ name, how }) => (
              <li key={name}>
                <strong>{name}:</strong> {t(how)}
              </li>
            ))}
          </ul>
          <p className="settings-muted">{t('feedLag')}</p>
          <div className="settings-data__actions">
            <Button variant="secondary" busy={rotating} onClick={() => setConfirming(true)}>
              {rotating ? t('makingAddress') : t('makeAddress')}
            </Button>
          </div>
        </>
      ) : null}
      <Dialog
        open={confirming}
        role="alertdialog"
        title={t('feedConfirmTitle')}
        description={t('feedConfirmText')}
        onClose={() => setConfirming(false)}
      >
        <div className="settings-form__actions">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
          <Button variant="danger" onClick={makeNew}>
            {t('makeAddress')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
