import { describe, expect, it } from 'vitest';
import {
  allRoutes,
  delegateTaskForm,
  deleteAccountRequest,
  emailPattern,
  eventEnvelope,
  eventPayloads,
  identityMessages,
  parseEvent,
  pushMessage,
  type RouteContract,
  routes,
  signupRequest,
  streams,
  taskMessages,
  toHonoPath,
} from './index';

const subjectInStream = (subject: string, stream: keyof typeof streams) =>
  streams[stream].some((filter) => subject.startsWith(filter.replace('>', '')));

describe('route table', () => {
  it('names each route once, with a known service, and documents a body for every write that reads one', () => {
    // These two act on the path and the session alone; an RFC 8058 unsubscribe posts a form nobody reads.
    const bodiless: RouteContract[] = [
      routes.sendTestDigest,
      routes.unsubscribe,
      routes.nudgeTask,
      routes.rotateCalendarFeed,
    ];
    for (const r of allRoutes) {
      expect(r.path.startsWith('/')).toBe(true);
      if ((r.method === 'POST' || r.method === 'PUT') && !bodiless.includes(r))
        expect(r.body, `${r.method} ${r.path}`).toBeDefined();
    }
    for (const r of bodiless) expect(r).not.toHaveProperty('body');
  });

  it('turns {param} into :param', () => {
    expect(toHonoPath('/activate/{uidb64}/{token}/{taskId}/{action}')).toBe(
      '/activate/:uidb64/:token/:taskId/:action',
    );
  });
});

describe('schemas speak the spec', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@sub.example.org', true],
    ['a@b', false],
    ['a b@c.de', false],
    ['@b.co', false],
  ])('e-mail %s -> %s', (value, ok) => {
    expect(emailPattern.test(value)).toBe(ok);
  });

  it('delete phrase: trimmed and case-insensitive', () => {
    for (const ok of ['delete', ' DELETE ', 'Delete'])
      expect(deleteAccountRequest.safeParse({ confirmation: ok, password: 'secret' }).success).toBe(true);
    const bad = deleteAccountRequest.safeParse({ confirmation: 'deleted', password: 'secret' });
    expect(bad.error?.issues[0]?.message).toBe(identityMessages.deletePhrase);
  });

  it.each([[{}], [{ password: '' }], [{ password: '  ' }], [{ password: 42 }]])(
    'delete account needs the password: %j',
    (extra) => {
      const bad = deleteAccountRequest.safeParse({ confirmation: 'delete', ...extra });
      expect(bad.error?.issues.map((i) => i.message)).toEqual([identityMessages.deletePasswordRequired]);
    },
  );

  it('sign-up mismatch uses the sentence without a period (SPEC §5)', () => {
    const r = signupRequest.safeParse({
      firstname: 'A',
      lastname: 'B',
      email: 'a@b.co',
      password: 'abcdefgh',
      confirmPassword: 'abcdefgX',
    });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Passwords do not match']);
  });

  it('delegation needs a recipient that looks like an e-mail', () => {
    const r = delegateTaskForm.safeParse({
      title: 'T',
      dueDate: '2026-12-01',
      priority: 'Moderate',
      email: 'bob',
    });
    expect(r.error?.issues[0]?.message).toBe(taskMessages.recipient);
    const missing = delegateTaskForm.safeParse({ title: 'T', email: 'bob@example.com' });
    expect(missing.error?.issues.map((i) => i.message)).toContain(taskMessages.required);
  });
});

describe('notifications', () => {
  const base = {
    id: '6f1c1d2e-8a4b-4c3d-9e2f-1a2b3c4d5e6f',
    type: 'info',
    title: 'New task invitation',
    message: 'Ana invited you to “Report”.',
    is_read: false,
    is_deleted: false,
    created_at: new Date().toISOString(),
  };
  const push = (payload: object) => pushMessage.safeParse({ channel: 'notifications', payload });

  it('carry the task and the Accept the bell offers, through the gateway’s check of a push', () => {
    const offer = { ...base, task_id: '0b4f5c1e-8d52-4c55-9d9e-4d6c7a0e0a01', action: 'invite_accept' };
    expect(push(offer).data?.payload).toEqual(offer);
    expect(push({ ...base, task_id: null, action: null }).success).toBe(true);
    expect(push({ ...offer, action: 'accept' }).success).toBe(false);
    expect(push({ ...offer, task_id: 'nope' }).success).toBe(false);
  });

  it('still pass without them (a push from a service that predates them)', () => {
    expect(push(base).data?.payload).toEqual(base);
  });
});

describe('events', () => {
  it('every subject lives in exactly one stream', () => {
    for (const subject of Object.keys(eventPayloads)) {
      expect(
        Object.keys(streams).filter((s) => subjectInStream(subject, s as keyof typeof streams)),
      ).toHaveLength(1);
    }
  });

  it('parseEvent checks the payload against its subject', () => {
    const base = {
      id: '6f1c1d2e-8a4b-4c3d-9e2f-1a2b3c4d5e6f',
      occurredAt: new Date().toISOString(),
      actorId: null,
      audience: [],
    };
    const data = { userId: '6f1c1d2e-8a4b-4c3d-9e2f-1a2b3c4d5e6f', email: 'x@y.zz' };
    expect(
      parseEvent('identity.user.deleted', { ...base, type: 'identity.user.deleted', data }).data,
    ).toEqual(data);
    expect(() =>
      parseEvent('identity.user.deleted', { ...base, type: 'identity.user.deleted', data: {} }),
    ).toThrow();
    expect(() =>
      parseEvent('identity.user.deleted', { ...base, type: 'identity.user.created', data }),
    ).toThrow();
    expect(eventEnvelope.safeParse({ ...base, type: 'x', data: null, id: 'nope' }).success).toBe(false);
  });
});
