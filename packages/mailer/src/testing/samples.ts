import type { DigestMailInput } from '../templates/DigestMail';
import type { EventMailInput } from '../templates/EventMail';
import type { Unsubscribe } from '../unsubscribe';

const base = 'https://baton.test';

export const sampleUnsubscribe = (what: string): Unsubscribe => ({
  oneClickUrl: `${base}/api/unsubscribe/one-click-token/`,
  pageUrl: `${base}/unsubscribe?token=one-click-token`,
  what,
});

export const sampleSettingsUrl = `${base}/settings`;

/** A comment mail: two lines of message and an action. */
export const sampleEvent: EventMailInput = {
  to: 'bob@example.com',
  language: 'en',
  subject: 'Ada commented on “Board papers”',
  heading: 'Ada commented on “Board papers”',
  message: 'Looks good to me.\nCan you add the budget table?',
  action: { label: 'Open the task', url: `${base}/home?task=t-1&from=mail` },
  unsubscribe: sampleUnsubscribe('comments'),
  settingsUrl: sampleSettingsUrl,
};

export const sampleDigest: DigestMailInput = {
  to: 'bob@example.com',
  language: 'en',
  subject: 'Your Baton digest: 2 updates',
  intro: 'Here is what happened since your last digest.',
  items: [
    {
      heading: 'Ada accepted “Board papers”',
      message: 'Ada accepted the task you handed over.',
      url: `${base}/home?task=t-1`,
      at: 'Today, 09:12',
    },
    {
      heading: 'Cy noted progress on “Quarterly numbers”',
      message: 'Half of the tables are done.\nThe rest by Friday.',
      url: `${base}/home?task=t-2`,
      at: 'Yesterday, 17:05',
    },
  ],
  unsubscribe: sampleUnsubscribe('your digest'),
  settingsUrl: sampleSettingsUrl,
};
