import { describe, expect, it } from 'vitest';
import { hrefsOf, linesOf, sampleDigest, sampleEvent } from '../testing';
import { digestMail, nothingNew } from './DigestMail';
import { eventMail } from './EventMail';
import { noticeMail } from './NoticeMail';

const oneClick = {
  'List-Unsubscribe': '<https://baton.test/api/unsubscribe/one-click-token/>',
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
};

describe('eventMail', () => {
  it('renders the heading, each line of the message and the action in HTML and in text', async () => {
    const mail = await eventMail(sampleEvent);
    expect(mail).toMatchObject({ to: 'bob@example.com', subject: sampleEvent.subject });
    const html = mail.html ?? '';
    expect(html).toMatch(/<h1[^>]*>Ada commented on “Board papers”<\/h1>/);
    expect(html).toMatch(/<p[^>]*>Looks good to me\.<\/p>/);
    expect(html).toMatch(/<p[^>]*>Can you add the budget table\?<\/p>/);
    expect(html).toMatch(/<a href="[^"]+" class="b-button".*?>Open the task<\/span>/);
    const lines = linesOf(mail.text);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Ada commented on “Board papers”',
        'Looks good to me.',
        'Can you add the budget table?',
      ]),
    );
    // The button's address, in HTML twice (button and written out), in text once on its own line.
    const url = 'https://baton.test/home?task=t-1&from=mail';
    expect(hrefsOf(html).filter((href) => href === url)).toHaveLength(2);
    expect(lines.filter((line) => line === url)).toHaveLength(1);
  });

  it('links the settings and the unsubscribe page in the footer, and sets RFC 8058 one-click headers', async () => {
    const mail = await eventMail(sampleEvent);
    expect(mail.headers).toEqual(oneClick);
    expect(hrefsOf(mail.html ?? '')).toEqual(
      expect.arrayContaining([
        'https://baton.test/settings',
        'https://baton.test/unsubscribe?token=one-click-token',
      ]),
    );
    expect(mail.html).toContain('>Unsubscribe from e-mails about comments</a>');
    expect(linesOf(mail.text)).toEqual(
      expect.arrayContaining([
        'Notification settings <https://baton.test/settings>',
        'Unsubscribe from e-mails about comments <https://baton.test/unsubscribe?token=one-click-token>',
      ]),
    );
  });

  it('has no button without an action', async () => {
    const mail = await eventMail({ ...sampleEvent, action: undefined });
    expect(mail.html).not.toContain('home?task=');
    expect(mail.text).not.toContain('home?task=');
  });
});

describe('digestMail', () => {
  it('renders every item with its heading linked, its message and its time, in HTML and in text', async () => {
    const mail = await digestMail(sampleDigest);
    const html = mail.html ?? '';
    expect(mail.headers).toEqual(oneClick);
    expect(html.match(/<h2/g)).toHaveLength(2);
    expect(html).toMatch(/<h2[^>]*><a href="https:\/\/baton.test\/home\?task=t-2"[^>]*>Cy noted progress/);
    const lines = linesOf(mail.text);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Here is what happened since your last digest.',
        'Ada accepted “Board papers” <https://baton.test/home?task=t-1>',
        'Ada accepted the task you handed over.',
        'Today, 09:12',
        'Cy noted progress on “Quarterly numbers” <https://baton.test/home?task=t-2>',
        'Half of the tables are done.',
        'The rest by Friday.',
        'Yesterday, 17:05',
        'Unsubscribe from e-mails about your digest <https://baton.test/unsubscribe?token=one-click-token>',
      ]),
    );
    expect(mail.text).not.toContain(nothingNew('en'));
  });

  it('says there is nothing new when nothing collected', async () => {
    const mail = await digestMail({ ...sampleDigest, items: [] });
    expect(mail.html).toContain(`${nothingNew('en')}</p>`);
    expect(mail.html).not.toContain('<h2');
    expect(linesOf(mail.text)).toEqual(expect.arrayContaining([sampleDigest.intro, nothingNew('en')]));
    expect(mail.headers).toEqual(oneClick);
  });
});

describe('noticeMail', () => {
  it('renders sentences, a main link and a written-out link, with no unsubscribe and no settings', async () => {
    const mail = await noticeMail({
      to: 'ada@example.com',
      language: 'en',
      subject: 'Reset your Baton password',
      preview: 'Someone asked.',
      heading: 'Reset your password',
      reason: 'You got this mail because someone asked.',
      blocks: [
        'Set a new password here:',
        { action: { label: 'Set a new password', url: 'https://baton.test/reset?token=a' } },
        'Or ask again:',
        { link: 'https://baton.test/forgot' },
      ],
    });
    const html = mail.html ?? '';
    expect(html).toMatch(/<p[^>]*>Set a new password here:<\/p>/);
    expect(html).toMatch(/class="b-button".*?>Set a new password<\/span>/);
    expect(hrefsOf(html)).toEqual([
      'https://baton.test/reset?token=a',
      'https://baton.test/reset?token=a',
      'https://baton.test/forgot',
    ]);
    expect(mail.text.trim().split('\n\n')).toEqual([
      'Reset your password',
      'Set a new password here:',
      'https://baton.test/reset?token=a',
      'Or ask again:',
      'https://baton.test/forgot',
      'You got this mail because someone asked.',
    ]);
    expect(mail.headers).toBeUndefined();
  });
});

describe('in German', () => {
  it('writes the footer, the button hint and the document language in German', async () => {
    const mail = await eventMail({
      ...sampleEvent,
      language: 'de',
      unsubscribe: { ...sampleEvent.unsubscribe, what: 'Kommentare' },
    });
    const html = mail.html ?? '';
    expect(html).toMatch(/<html[^>]* lang="de"/);
    expect(html).toContain('Oder kopiere diesen Link in deinen Browser: ');
    expect(linesOf(mail.text)).toEqual(
      expect.arrayContaining([
        'Du bekommst diese Mail, weil deine Baton-Benachrichtigungseinstellungen E-Mails über Kommentare senden.',
        'Benachrichtigungseinstellungen <https://baton.test/settings>',
        'Keine E-Mails mehr über Kommentare <https://baton.test/unsubscribe?token=one-click-token>',
      ]),
    );
    expect(mail.text).not.toMatch(/Notification settings|Unsubscribe|You got this mail/);
  });

  it('says "nothing new" in German in an empty digest', async () => {
    const mail = await digestMail({ ...sampleDigest, language: 'de', items: [] });
    expect(mail.text).toContain('Nichts Neues seit deiner letzten Zusammenfassung.');
    expect(mail.text).not.toContain(nothingNew('en'));
  });
});

describe('the layout', () => {
  it.each([
    ['an event mail', () => eventMail(sampleEvent)],
    ['a digest', () => digestMail(sampleDigest)],
  ])('%s is English, titled, dark-mode aware, with one h1 and no image', async (_, make) => {
    const html = (await make()).html ?? '';
    expect(html).toMatch(/<html[^>]* lang="en"/);
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toContain('<meta name="supported-color-schemes" content="light dark"/>');
    expect(html).toMatch(
      /@media \(prefers-color-scheme: dark\) \{[^}]*\.b-page \{ background-color: #171923/,
    );
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).not.toMatch(/<img|<h[3-6]/);
    // The wordmark is text, the preview line is hidden: neither reaches the text part.
    expect(html).toMatch(/<p[^>]*>Baton<\/p>/);
    expect(linesOf((await make()).text)).not.toContain('Baton');
  });
});

describe('escaping', () => {
  const evil = '<script>alert(1)</script> & "quotes"';

  it('shows markup in every field as text, in HTML and in text', async () => {
    const mails = [
      await eventMail({ ...sampleEvent, subject: evil, heading: evil, message: evil }),
      await digestMail({
        ...sampleDigest,
        subject: evil,
        intro: evil,
        items: [{ heading: evil, message: evil, at: evil, url: 'https://baton.test/home?task=t-1' }],
      }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toMatch(/<script/i);
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
      expect(mail.text).toContain(evil);
    }
  });

  it('keeps a hostile address inside its href', async () => {
    const url = 'https://baton.test/home?task="><script>alert(1)</script>';
    const mail = await eventMail({ ...sampleEvent, action: { label: evil, url } });
    expect(mail.html).not.toMatch(/<script/i);
    expect(hrefsOf(mail.html ?? '')).toContain(
      'https://baton.test/home?task="&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });
});

describe('templates outside the repository tsconfig', () => {
  it('render when tsx runs from a folder whose tsconfig says nothing about JSX (a service started alone)', async () => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { pathToFileURL } = await import('node:url');
    const folder = mkdtempSync(join(tmpdir(), 'mailer-jsx-'));
    writeFileSync(join(folder, 'tsconfig.json'), '{}');
    const script = join(folder, 'render.mts');
    writeFileSync(
      script,
      `import { eventMail } from ${JSON.stringify(new URL('./EventMail.tsx', import.meta.url).pathname)};
       const sample = ${JSON.stringify(sampleEvent)};
       process.stdout.write(String((await eventMail(sample)).html?.includes('Open the task')));`,
    );
    // tsx as the repository has it (the scratch folder has no node_modules to find it in).
    const tsx = (await import('node:module')).createRequire(import.meta.url).resolve('tsx');
    const out = execFileSync(process.execPath, ['--import', pathToFileURL(tsx).href, script], {
      cwd: folder,
      encoding: 'utf8',
    });
    expect(out).toBe('true');
  }, 30_000);
});
