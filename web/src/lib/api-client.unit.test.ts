import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, rateLimitWaitMs } from './api-client';

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' }, ...init });

function client(fetchImpl: typeof fetch, extra: Parameters<typeof createApiClient>[0] = {}) {
  return createApiClient({ fetchImpl, sleep: async () => undefined, now: () => 1_700_000_000_000, ...extra });
}

describe('api client', () => {
  it('sends the timestamp and bearer headers to /api', async () => {
    const fetchImpl = vi.fn(async () => json({ ok: true }));
    const api = client(fetchImpl, { getToken: async () => 'tok-123', apiKey: 'key-9' });
    await api.get('/goals/list', { query: { status: 'active', empty: undefined } });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/goals/list?status=active');
    const headers = init.headers as Record<string, string>;
    expect(headers['x-request-timestamp']).toBe('1700000000000');
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers['x-api-key']).toBe('key-9');
    expect(headers['x-request-signature']).toBeUndefined();
  });

  it('keeps the server text (error field, then status text, then Unknown error) off the screen', async () => {
    const api = client(
      vi.fn(async () => json({ error: 'Title is required', details: { field: 'title' } }, { status: 400 })),
    );
    await expect(api.post('/goals/create-simple', {})).rejects.toMatchObject({
      status: 400,
      message: "Some of what you entered wasn't accepted. Check it and try again.",
      serverMessage: 'Title is required',
      details: { field: 'title' },
    });

    const api2 = client(vi.fn(async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' })));
    const err2 = await api2.get('/x').catch((e: unknown) => e);
    expect(err2).toBeInstanceOf(ApiError);
    expect(err2).toMatchObject({
      status: 502,
      serverMessage: 'Bad Gateway',
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
    expect((err2 as ApiError).isServerError).toBe(true);

    const api3 = client(vi.fn(async () => new Response('', { status: 500, statusText: '' })));
    await expect(api3.get('/x')).rejects.toMatchObject({ status: 500, serverMessage: 'Unknown error' });
  });

  it.each([
    [401, undefined, 'Your session has ended. Please sign in again.'],
    [401, 'account_deleted', 'This account was deleted. Sign in again to start a new, empty account.'],
    [403, 'limit_reached', "You've reached this month's limit on your plan. Upgrade to add more."],
    [403, 'plan_required', "Your plan doesn't include this. Upgrade to use it."],
    [404, 'not_found', "We couldn't find that. It may have been deleted; refresh the page to see the latest."],
    [409, 'version_conflict', 'This changed somewhere else. Refresh the page and try again.'],
    [409, 'quota_reached', 'You already keep as many of these as Stride allows. Delete one to add another.'],
    [429, undefined, 'Too many requests right now. Wait a moment and try again.'],
  ])('maps %s (%s) to what to do next', (status, code, expected) => {
    expect(new ApiError(status, 'raw server words', undefined, code).message).toBe(expected);
  });

  it('maps a network failure to a connection message', async () => {
    const api = client(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('/x')).rejects.toMatchObject({
      status: 0,
      serverMessage: 'Failed to fetch',
      message: "Stride can't be reached. Check your connection and try again.",
    });
  });

  it('flags 401 and 403 as auth errors and keeps the error code', async () => {
    const api = client(
      vi.fn(async () => json({ error: 'Monthly AI limit reached', code: 'limit_reached' }, { status: 403 })),
    );
    const error = (await api.post('/goals/g1/breakdown').catch((e: unknown) => e)) as ApiError;
    expect(error.isAuthError).toBe(true);
    expect(error.code).toBe('limit_reached');
  });

  it('times out after 10 s with status 0', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const api = createApiClient({ fetchImpl: fetchImpl as unknown as typeof fetch });
    const pending = api.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.serverMessage).toBe('Request timeout after 10000ms');
    expect(error.message).toBe('Stride is taking too long to answer. Check your connection and try again.');
    expect(error.isTimeout).toBe(true);
  });

  it('waits for x-ratelimit-reset on 429 and retries once', async () => {
    const sleep = vi.fn(async () => undefined);
    const fetchImpl = vi
      .fn()
      .mockResolvedValueOnce(json({ error: 'Slow down' }, { status: 429, headers: { 'x-ratelimit-reset': '3' } }))
      .mockResolvedValueOnce(json({ ok: 1 }));
    const api = createApiClient({ fetchImpl, sleep });
    await expect(api.get('/x')).resolves.toEqual({ ok: 1 });
    expect(sleep).toHaveBeenCalledWith(3000);
    expect(fetchImpl).toHaveBeenCalledTimes(2);

    const always429 = vi.fn(async () =>
      json({ error: 'Slow down' }, { status: 429, headers: { 'x-ratelimit-reset': '1' } }),
    );
    const api2 = createApiClient({ fetchImpl: always429, sleep });
    await expect(api2.get('/x')).rejects.toMatchObject({ status: 429, isRateLimited: true });
    expect(always429).toHaveBeenCalledTimes(2);
    expect(rateLimitWaitMs(null, 0)).toBe(1000);
  });

  it('validates responses with the schema (parse, not cast)', async () => {
    const api = client(vi.fn(async () => json({ id: 5 })));
    await expect(api.get('/x', { schema: z.object({ id: z.string() }) })).rejects.toMatchObject({
      serverMessage: 'Unexpected response from the server',
      message: "Stride got an answer it didn't understand. Refresh the page and try again.",
    });
    const api2 = client(vi.fn(async () => json({ id: 'a', extra: true })));
    await expect(api2.get('/x', { schema: z.object({ id: z.string() }) })).resolves.toEqual({ id: 'a' });
  });

  it('passes the last command position as x-min-position on later reads', async () => {
    const fetchImpl = vi
      .fn()
      .mockResolvedValueOnce(json({ goal: {}, position: '41' }))
      .mockResolvedValueOnce(json({ position: '9' }))
      .mockImplementation(async () => json([]));
    const api = client(fetchImpl);
    await api.post('/goals/create-simple', { title: 'x' });
    await api.post('/goals/delete', { goalId: 'g' });
    await api.get('/goals/list');
    const headers = (fetchImpl.mock.calls[2]![1] as RequestInit).headers as Record<string, string>;
    expect(headers['x-min-position']).toBe('41');
    api.resetSession();
    await api.get('/goals/list');
    expect(
      ((fetchImpl.mock.calls[3]![1] as RequestInit).headers as Record<string, string>)['x-min-position'],
    ).toBeUndefined();
  });

  it('signs bodies with HMAC-SHA256 of `${timestamp}.${body}` when signing is on and a secret is built in', async () => {
    const fetchImpl = vi.fn(async () => json({}));
    const api = client(fetchImpl, { signingSecret: 'shh' });
    api.setRequestSigning(true);
    await api.post('/goals/create-simple', { title: 'x' });
    const headers = (fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    const { createHmac } = await import('node:crypto');
    const expected = createHmac('sha256', 'shh')
      .update(`1700000000000.${JSON.stringify({ title: 'x' })}`)
      .digest('hex');
    expect(headers['x-request-signature']).toBe(expected);
    await api.get('/goals/list');
    expect(
      ((fetchImpl.mock.calls[1] as unknown as [string, RequestInit])[1].headers as Record<string, string>)[
        'x-request-signature'
      ],
    ).toBeUndefined();
  });
});
