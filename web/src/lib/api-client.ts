import type { ZodType } from 'zod';
import {
  API_KEY_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  MIN_POSITION_HEADER,
  RATE_LIMIT_RESET_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from '@stride/domain/contracts/common';

/** Spec section 9. */
export const REQUEST_TIMEOUT_MS = 10_000;
const MAX_RATE_LIMIT_WAIT_MS = 60_000;

/**
 * What the person can do next, by status and code. The one place where failures become words on the
 * screen: the server's own text never reaches the page (it stays on `serverMessage` for error reports),
 * except the reason it gives for refusing one named field of input (`fieldProblem`).
 */
export function userMessageFor(status: number, code?: string, timedOut = false): string {
  if (status === 0)
    return timedOut
      ? 'Stride is taking too long to answer. Check your connection and try again.'
      : "Stride can't be reached. Check your connection and try again.";
  if (code === 'limit_reached') return "You've reached this month's limit on your plan. Upgrade to add more.";
  if (code === 'plan_required') return "Your plan doesn't include this. Upgrade to use it.";
  if (code === 'quota_reached') return 'You already keep as many of these as Stride allows. Delete one to add another.';
  if (code === 'account_deleted') return 'This account was deleted. Sign in again to start a new, empty account.';
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 403) return "You don't have access to this. If you think you should, contact support.";
  if (status === 404) return "We couldn't find that. It may have been deleted; refresh the page to see the latest.";
  if (status === 409 || status === 412) return 'This changed somewhere else. Refresh the page and try again.';
  if (status === 400 || status === 422) return "Some of what you entered wasn't accepted. Check it and try again.";
  if (status === 413) return 'That is more than Stride takes in one go. Send less at once and try again.';
  if (status === 429) return 'Too many requests right now. Wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return 'Something went wrong. Please try again.';
}

export const UNEXPECTED_RESPONSE_MESSAGE = "Stride got an answer it didn't understand. Refresh the page and try again.";

/**
 * Every failed call (spec section 8): HTTP status (0 for timeouts and network failures), a message
 * saying what to do next, details and the error code. `serverMessage` keeps what the server (or the
 * network layer) said, for logs and error reports only.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly serverMessage: string;
  readonly isTimeout: boolean;
  constructor(
    readonly status: number,
    serverMessage: string,
    readonly details?: Record<string, unknown>,
    readonly code?: string,
    options?: ErrorOptions & { readonly userMessage?: string; readonly timedOut?: boolean },
  ) {
    super(options?.userMessage ?? userMessageFor(status, code, options?.timedOut ?? false), options);
    this.serverMessage = serverMessage;
    this.isTimeout = options?.timedOut ?? false;
  }
  /** 401 and 403 are auth errors (spec section 8). */
  get isAuthError(): boolean {
    return this.status === 401 || this.status === 403;
  }
  get isRateLimited(): boolean {
    return this.status === 429;
  }
  get isServerError(): boolean {
    return this.status >= 500;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The server's reason when it refused `field` of the input (400 `validation` naming that field), as a
 * sentence; null for any other failure. A screen shows it where the status alone says too little (a
 * file the server read and found no tasks in): the API writes such reasons with what to do next.
 */
export function fieldProblem(error: unknown, field: string): string | null {
  if (!isApiError(error) || error.status !== 400 || error.code !== 'validation') return null;
  if (error.details?.field !== field) return null;
  const reason = error.serverMessage.trim();
  if (!reason) return null;
  return /[.!?]$/.test(reason) ? reason : `${reason}.`;
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  readonly schema?: ZodType<T>;
  readonly body?: unknown;
  readonly query?: Record<string, QueryValue>;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
  /** Reads wait for the last command's position unless this is false. */
  readonly readYourWrites?: boolean;
  /**
   * The request outlives the page (fetch keepalive): for events sent just before navigating away (to
   * checkout) or while the page is being hidden or unloaded. Bodies must stay small (64 kB in flight).
   */
  readonly keepalive?: boolean;
}

export interface ApiClientOptions {
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  readonly fetchImpl?: typeof fetch;
  readonly getToken?: () => Promise<string | null>;
  readonly apiKey?: string | null;
  readonly signingSecret?: string | null;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(message));
  return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Seconds to wait from x-ratelimit-reset (a delta in seconds; an epoch in seconds is also understood). */
export function rateLimitWaitMs(header: string | null, nowMs: number): number {
  const value = Number(header);
  if (!header || !Number.isFinite(value) || value < 0) return 1000;
  const ms = value > 1_000_000_000 ? value * 1000 - nowMs : value * 1000;
  return Math.min(Math.max(ms, 0), MAX_RATE_LIMIT_WAIT_MS);
}

async function readErrorBody(
  response: Response,
): Promise<{ message: string; details?: Record<string, unknown>; code?: string }> {
  let body: unknown;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    typeof record.error === 'string' && record.error
      ? record.error
      : response.statusText
        ? response.statusText
        : 'Unknown error';
  const details =
    typeof record.details === 'object' && record.details !== null
      ? (record.details as Record<string, unknown>)
      : undefined;
  const code = typeof record.code === 'string' ? record.code : undefined;
  return { message, ...(details ? { details } : {}), ...(code ? { code } : {}) };
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '/api';
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? (() => Date.now());
  let getToken = options.getToken ?? (async () => null);
  let apiKey = options.apiKey ?? null;
  const signingSecret = options.signingSecret ?? null;
  let signingEnabled = false;
  let lastPosition: bigint | null = null;

  function notePosition(payload: unknown): void {
    if (typeof payload !== 'object' || payload === null) return;
    const position = (payload as { position?: unknown }).position;
    if (typeof position !== 'string' || !/^\d+$/.test(position)) return;
    const value = BigInt(position);
    if (lastPosition === null || value > lastPosition) lastPosition = value;
  }

  function buildUrl(path: string, query?: Record<string, QueryValue>): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const search = params.toString();
    return `${baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  async function send(
    method: HttpMethod,
    url: string,
    body: string | undefined,
    opts: RequestOptions<unknown>,
    idempotencyKey: string | null,
  ) {
    const timestamp = String(now());
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [TIMESTAMP_HEADER]: timestamp,
      ...opts.headers,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = await getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (apiKey) headers[API_KEY_HEADER] = apiKey;
    if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
    if (method === 'GET' && opts.readYourWrites !== false && lastPosition !== null) {
      headers[MIN_POSITION_HEADER] = lastPosition.toString();
    }
    if (signingEnabled && signingSecret && body !== undefined) {
      headers[SIGNATURE_HEADER] = await hmacSha256Hex(signingSecret, `${timestamp}.${body}`);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onExternalAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onExternalAbort);
    try {
      return await fetchImpl(url, {
        method,
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
        ...(opts.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      if (timedOut)
        throw new ApiError(0, `Request timeout after ${timeoutMs}ms`, undefined, undefined, { timedOut: true });
      if (opts.signal?.aborted) throw error;
      throw new ApiError(0, error instanceof Error && error.message ? error.message : 'Network error');
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onExternalAbort);
    }
  }

  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const url = buildUrl(path, opts.query);
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const idempotencyKey = method === 'GET' ? null : randomId();

    let response = await send(method, url, body, opts as RequestOptions<unknown>, idempotencyKey);
    if (response.status === 429) {
      await sleep(rateLimitWaitMs(response.headers.get(RATE_LIMIT_RESET_HEADER), now()));
      response = await send(method, url, body, opts as RequestOptions<unknown>, idempotencyKey);
    }

    if (!response.ok) {
      const { message, details, code } = await readErrorBody(response);
      throw new ApiError(response.status, message, details, code);
    }

    let payload: unknown = undefined;
    if (response.status !== 204) {
      const text = await response.text();
      if (text) {
        try {
          payload = JSON.parse(text);
        } catch {
          throw new ApiError(response.status, 'Unexpected response from the server', undefined, undefined, {
            userMessage: UNEXPECTED_RESPONSE_MESSAGE,
          });
        }
      }
    }
    notePosition(payload);
    if (!opts.schema) return payload as T;
    const parsed = opts.schema.safeParse(payload);
    if (!parsed.success) {
      throw new ApiError(
        response.status,
        'Unexpected response from the server',
        { issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) },
        undefined,
        { userMessage: UNEXPECTED_RESPONSE_MESSAGE },
      );
    }
    return parsed.data;
  }

  /**
   * A POST answered as NDJSON (one JSON value a line), each line handed to `onLine` as it arrives. Sent
   * without an Idempotency-Key: a stream is not replayed (the server answers a keyed request in one piece).
   */
  async function postStream(
    path: string,
    body: unknown,
    onLine: (line: unknown) => void,
    opts: Pick<RequestOptions<unknown>, 'signal'> = {},
  ): Promise<void> {
    const text = JSON.stringify(body ?? {});
    const headers = { Accept: 'application/x-ndjson' };
    const response = await send('POST', buildUrl(path), text, { ...opts, headers }, null);
    if (!response.ok) {
      const { message, details, code } = await readErrorBody(response);
      throw new ApiError(response.status, message, details, code);
    }
    if (!response.body) return;
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    let buffered = '';
    const emit = (line: string) => {
      if (line.trim() === '') return;
      try {
        onLine(JSON.parse(line));
      } catch {
        throw new ApiError(response.status, 'Unexpected response from the server', undefined, undefined, {
          userMessage: UNEXPECTED_RESPONSE_MESSAGE,
        });
      }
    };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      lines.forEach(emit);
    }
    emit(buffered);
  }

  return {
    request,
    postStream,
    get: <T>(path: string, opts?: Omit<RequestOptions<T>, 'body'>) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions<T>) =>
      request<T>('POST', path, { ...opts, body: body ?? {} }),
    patch: <T>(path: string, body?: unknown, opts?: RequestOptions<T>) =>
      request<T>('PATCH', path, { ...opts, body: body ?? {} }),
    delete: <T>(path: string, opts?: RequestOptions<T>) => request<T>('DELETE', path, opts),
    setTokenProvider(provider: () => Promise<string | null>) {
      getToken = provider;
    },
    setApiKey(key: string | null) {
      apiKey = key;
    },
    /** From the public config: sign bodies when the server asks for it and a secret was built in. */
    setRequestSigning(enabled: boolean) {
      signingEnabled = enabled;
    },
    get signingActive(): boolean {
      return signingEnabled && signingSecret !== null;
    },
    get lastPosition(): string | null {
      return lastPosition === null ? null : lastPosition.toString();
    },
    /** Sign-out: forget the session's read-your-writes position and token. */
    resetSession() {
      lastPosition = null;
      getToken = async () => null;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const apiClient: ApiClient = createApiClient({
  apiKey: import.meta.env.VITE_API_KEY || null,
  signingSecret: import.meta.env.VITE_REQUEST_SIGNING_SECRET || null,
});
