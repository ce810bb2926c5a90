import type { Mail } from './mailer';
import { digestMail } from './templates/DigestMail';
import { eventMail } from './templates/EventMail';
import { describeAxeChecks, sampleDigest, sampleEvent } from './testing';

const mails: [string, () => Promise<Mail>][] = [
  ['an event mail with an action', () => eventMail(sampleEvent)],
  ['an event mail without one', () => eventMail({ ...sampleEvent, action: undefined })],
  ['a digest', () => digestMail(sampleDigest)],
  ['an empty digest', () => digestMail({ ...sampleDigest, items: [] })],
];

describeAxeChecks(mails);
