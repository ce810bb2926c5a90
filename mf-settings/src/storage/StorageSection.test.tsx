import { renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { StorageSection } from './StorageSection';

const server = mockServer();
const usage = (usedBytes: number, quotaBytes = 1024 ** 3) =>
  server.use(http.get('/api/uploads/usage/', () => HttpResponse.json({ usedBytes, quotaBytes })));

describe('Storage: how much of the quota the person uses', () => {
  it('says it in words and as a meter', async () => {
    usage(256 * 1024 ** 2);
    renderWithPlatform(<StorageSection />);
    expect(screen.getByRole('heading', { name: 'Storage' })).toBeInTheDocument();
    expect(await screen.findByText('256 MB of 1 GB used')).toBeInTheDocument();
    const meter = screen.getByRole('meter', { name: '256 MB of 1 GB used' }) as HTMLMeterElement;
    expect([meter.min, meter.value, meter.max]).toEqual([0, 256 * 1024 ** 2, 1024 ** 3]);
    // Past 90 % the browser draws it as the warning it is.
    expect(meter.high).toBe(0.9 * 1024 ** 3);
  });

  it('never draws past the end, while the words say what is used', async () => {
    usage(2 * 1024 ** 3);
    renderWithPlatform(<StorageSection />);
    const meter = (await screen.findByRole('meter')) as HTMLMeterElement;
    expect(meter.value).toBe(1024 ** 3);
    expect(screen.getByText('2 GB of 1 GB used')).toBeInTheDocument();
  });

  it('says so when the figure cannot be loaded', async () => {
    server.use(http.get('/api/uploads/usage/', () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    renderWithPlatform(<StorageSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load storage use.');
  });
});
