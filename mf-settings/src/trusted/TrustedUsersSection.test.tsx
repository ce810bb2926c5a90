import type { TrustedUserEntry } from '@baton/contracts';
import { gate, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { addedOn, displayName } from './displayName';
import { TrustedUsersSection } from './TrustedUsersSection';

const list = '/api/settings/trusted-users/';

function entry(
  id: string,
  first: string,
  last: string,
  email: string,
  created = '2026-11-20T09:30:00.000Z',
): TrustedUserEntry {
  const trusted = { id: `u-${id}`, first_name: first, last_name: last, email };
  return { ...trusted, id, created_at: created, trusted };
}

const ben = entry('1', 'Ben', 'Okafor', 'ben@example.com');
const cleo = entry('2', 'Cleo', 'Ito', 'cleo@example.com', '2026-01-05T23:59:59.000Z');

/** A fake identity holding a trusted list; each call is answered from it. */
function trustedServer(initial: TrustedUserEntry[]) {
  const state = { entries: [...initial], gets: 0 };
  server.use(
    http.get(list, () => {
      state.gets += 1;
      return HttpResponse.json(state.entries);
    }),
  );
  return state;
}

const server = mockServer();

describe('the trusted user entry (SPEC §3)', () => {
  it('is named by first and last name, else e-mail, else "User"', () => {
    expect(displayName(ben)).toBe('Ben Okafor');
    expect(displayName({ first_name: 'Ben', last_name: '', email: 'b@x.io' })).toBe('Ben');
    expect(displayName({ first_name: '', last_name: '', email: 'b@x.io' })).toBe('b@x.io');
    expect(displayName({ trusted: { first_name: 'Nested', last_name: 'Only', email: 'n@x.io' } })).toBe(
      'Nested Only',
    );
    expect(displayName({})).toBe('User');
  });

  it('shows only the date of created_at, or a dash', () => {
    expect(addedOn(cleo)).toBe('2026-01-05');
    expect(addedOn({})).toBe('—');
  });
});

describe('Current Trusted Users', () => {
  it('says "Loading trusted users…" until the list arrives, then lists name, e-mail, date and Remove', async () => {
    const call = gate();
    server.use(
      http.get(list, async () => {
        await call.opened;
        return HttpResponse.json([ben, { ...cleo, created_at: undefined }]);
      }),
    );
    renderWithPlatform(<TrustedUsersSection />);
    expect(screen.getByRole('heading', { name: 'Manage Trusted Users' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Current Trusted Users' })).toBeInTheDocument();
    expect(await screen.findByText('Loading trusted users…')).toBeInTheDocument();
    call.open();
    const [first, ...rows] = await screen.findAllByRole('listitem');
    expect(screen.queryByText('Loading trusted users…')).not.toBeInTheDocument();
    expect([first, ...rows].map((row) => row?.textContent)).toEqual([
      'Ben Okaforben@example.comAdded on 2026-11-20Remove',
      'Cleo Itocleo@example.comAdded on —Remove',
    ]);
    expect(within(first as HTMLElement).getByRole('button', { name: 'Remove Ben Okafor' })).toBeEnabled();
  });

  it('shows the empty text of SPEC §2', async () => {
    trustedServer([]);
    renderWithPlatform(<TrustedUsersSection />);
    expect(
      await screen.findByText('No trusted users added yet. Add your first trusted user above.'),
    ).toBeInTheDocument();
  });

  it('says "Failed to load trusted users." when the list cannot be read', async () => {
    server.use(http.get(list, () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    renderWithPlatform(<TrustedUsersSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load trusted users.');
    expect(screen.queryByText(/No trusted users added yet/)).not.toBeInTheDocument();
  });

  it('refreshes on demand, saying "Refreshing..." meanwhile', async () => {
    const state = trustedServer([ben]);
    const { user } = renderWithPlatform(<TrustedUsersSection />);
    await screen.findByText('Ben Okafor');
    const call = gate();
    state.entries.push(cleo);
    server.use(
      http.get(list, async () => {
        await call.opened;
        return HttpResponse.json(state.entries);
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: 'Refreshing...' })).toBeDisabled();
    call.open();
    expect(await screen.findByText('Cleo Ito')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('removes an entry: "Removing..." then "Trusted user removed." and the list without it', async () => {
    const state = trustedServer([ben, cleo]);
    const call = gate();
    const deleted: string[] = [];
    server.use(
      http.delete('/trusted-users/:id/', async ({ params }) => {
        deleted.push(String(params.id));
        await call.opened;
        state.entries = state.entries.filter((e) => e.id !== params.id);
        return HttpResponse.json({ message: 'Trusted user removed.' });
      }),
    );
    const { user } = renderWithPlatform(<TrustedUsersSection />);
    await user.click(await screen.findByRole('button', { name: 'Remove Ben Okafor' }));
    expect(await screen.findByRole('button', { name: 'Removing Ben Okafor' })).toHaveTextContent(
      'Removing...',
    );
    expect(screen.getByRole('button', { name: 'Remove Cleo Ito' })).toBeEnabled();
    call.open();
    expect(await screen.findByRole('status')).toHaveTextContent('Trusted user removed.');
    await vi.waitFor(() => expect(screen.queryByText('Ben Okafor')).not.toBeInTheDocument());
    expect(deleted).toEqual(['1']);
    expect(screen.getByText('Cleo Ito')).toBeInTheDocument();
  });

  it('says "Failed to remove trusted user." and keeps the entry when removal fails', async () => {
    trustedServer([ben]);
    server.use(
      http.delete('/trusted-users/:id/', () => HttpResponse.json({ error: 'Nope' }, { status: 404 })),
    );
    const { user } = renderWithPlatform(<TrustedUsersSection />);
    await user.click(await screen.findByRole('button', { name: 'Remove Ben Okafor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to remove trusted user.');
    expect(screen.getByText('Ben Okafor')).toBeInTheDocument();
  });
});

describe('Add a trusted user', () => {
  async function add(user: ReturnType<typeof renderWithPlatform>['user'], email: string) {
    if (email) await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Add User' }));
  }

  it('asks for an e-mail first, without a call', async () => {
    trustedServer([]);
    const { user } = renderWithPlatform(<TrustedUsersSection />);
    await add(user, '   ');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter an email.');
  });

  it('sends {trusted_email}, says "Adding..." meanwhile, then "<email> added as trusted." and lists them', async () => {
    const state = trustedServer([]);
    const call = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post(list, async ({ request }) => {
        bodies.push(await request.json());
        await call.opened;
        state.entries.push(ben);
        return HttpResponse.json(
          { ...ben, invitation_sent: false, message: 'ben@example.com added as trusted.' },
          { status: 201 },
        );
      }),
    );
    const { user } = renderWithPlatform(<TrustedUsersSection />);
    await screen.findByText(/No trusted users added yet/);
    await add(user, ' Ben@Example.com ');
    expect(await screen.findByRole('button', { name: 'Adding...' })).toBeDisabled();
    call.open();
    expect(await screen.findByRole('status')).toHaveTextContent('ben@example.com added as trusted.');
    expect(await screen.findByText('Ben Okafor')).toBeInTheDocument();
    expect(bodies).toEqual([{ trusted_email: 'Ben@Example.com' }]);
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('says what the server says when the e-mail has no account yet (an invitation)', async () => {
    trustedServer([]);
    server.use(
      http.post(list, () =>
        HttpResponse.json({
          invitation_sent: true,
          message: 'User not found, invitation sent to join Baton.',
          email: 'new@example.com',
        }),
      ),
    );
    const { user } = renderWithPlatform(<TrustedUsersSection />);
    await add(user, 'new@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'User not found, invitation sent to join Baton.',
    );
  });

  it.each([
    [
      'the server message',
      () => HttpResponse.json({ error: 'This user is already in your trusted list.' }, { status: 409 }),
      'This user is already in your trusted list.',
    ],
    [
      '"Failed to add trusted user." without one',
      () => new HttpResponse(null, { status: 502 }),
      'Failed to add trusted user.',
    ],
    ['"Failed to add trusted user." offline', () => HttpResponse.error(), 'Failed to add trusted user.'],
  ])('shows %s', async (_case, reply, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    trustedServer([]);
    server.use(http.post(list, reply));
    const { user } = renderWithPlatform(<TrustedUsersSection />);
    await add(user, 'ben@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Email')).toHaveValue('ben@example.com');
  });
});
