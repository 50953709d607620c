import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { sendEvent } from '../api/send-event';
import { setEventSender } from '../lib/tracker';
import { TrackingProvider } from './tracking-provider';

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

const eventsOf = (sender: ReturnType<typeof vi.fn>) =>
  sender.mock.calls.map(([payload]) => (payload as { event: string }).event);

describe('session end when the page goes away', () => {
  afterEach(() => {
    setEventSender(sendEvent);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('sends session_ended once when the tab is hidden or the page unloads, and again after coming back', async () => {
    const sender = vi.fn(async (_payload: unknown) => undefined);
    setEventSender(sender);
    render(
      <MemoryRouter>
        <TrackingProvider userId="user-1" tier="free">
          <p>app</p>
        </TrackingProvider>
      </MemoryRouter>,
    );
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(eventsOf(sender).filter((e) => e === 'session_ended')).toHaveLength(1));

    setVisibility('visible');
    setVisibility('hidden');
    await waitFor(() => expect(eventsOf(sender).filter((e) => e === 'session_ended')).toHaveLength(2));
  });

  it('sends events with fetch keepalive so they survive a navigation (checkout)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ accepted: true }));
    await sendEvent({
      event: 'checkout_started',
      properties: { plan: 'pro' },
      context: { sessionId: 's-1', timestamp: new Date().toISOString(), path: '/pricing' },
    } as Parameters<typeof sendEvent>[0]);
    const init = fetchSpy.mock.calls[0]![1] as RequestInit;
    expect(init.keepalive).toBe(true);
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/analytics/events');
  });
});
