import { renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { StorageSection } from './StorageSection';

const server = mockServer();
const usage = (usedBytes: number, quotaBytes = 1024 ** 3) =>
  server.use(http.get('/api/uploads/usage/', () => HttpResponse.json({ usedBytes, quotaBytes })));

/** What the meter's attributes tell the browser to draw (happy-dom reflects none of them as properties). */
const meterOf = (meter: HTMLElement) =>
  Object.fromEntries(
    ['min', 'value', 'max', 'high'].map((name) => [name, Number(meter.getAttribute(name))]),
  ) as Record<'min' | 'value' | 'max' | 'high', number>;

describe('Storage: how much of the quota the person uses', () => {
  it('says it in words and as a meter', async () => {
    usage(256 * 1024 ** 2);
    renderWithPlatform(<StorageSection />);
    expect(screen.getByRole('heading', { name: 'Storage' })).toBeInTheDocument();
    expect(await screen.findByText('256 MB of 1 GB used')).toBeInTheDocument();
    const meter = screen.getByRole('meter', { name: '256 MB of 1 GB used' });
    expect(meterOf(meter)).toMatchObject({ min: 0, value: 256 * 1024 ** 2, max: 1024 ** 3 });
    // Past 90 % the browser draws it as the warning it is.
    expect(meterOf(meter).high).toBe(0.9 * 1024 ** 3);
  });

  it('never draws past the end, while the words say what is used', async () => {
    usage(2 * 1024 ** 3);
    renderWithPlatform(<StorageSection />);
    expect(meterOf(await screen.findByRole('meter')).value).toBe(1024 ** 3);
    expect(screen.getByText('2 GB of 1 GB used')).toBeInTheDocument();
  });

  it('says so when the figure cannot be loaded', async () => {
    server.use(http.get('/api/uploads/usage/', () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    renderWithPlatform(<StorageSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load storage use.');
  });
});
