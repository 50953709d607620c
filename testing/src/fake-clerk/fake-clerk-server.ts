import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Clerk Backend API endpoints Stride calls, for `@clerk/backend`'s
 * `createClerkClient({ secretKey, apiUrl })` pointed at it:
 *
 *   GET /v1/users/:id      (Bearer <secret key>) -> the user in Clerk's JSON shape (snake_case)
 *   DELETE /v1/users/:id   (Bearer <secret key>) -> the user is gone; `{ object, id, deleted: true }`
 *
 * Unknown users are 404 and a wrong or missing secret key is 401, both in Clerk's error envelope
 * `{ errors: [{ code, message, long_message }] }`. `failWith(status)` makes every request fail until
 * `failWith(null)`. Every request is recorded. See README.md for what it does not do.
 */

export interface FakeClerkUser {
  readonly id: string;
  readonly email?: string | null;
  /** The primary address's verification status (Clerk: verified, unverified, ...); `verified` if left out. */
  readonly emailStatus?: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
}

export interface RecordedClerkRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
}

export interface FakeClerkServer {
  /** The base URL to pass as `apiUrl` (CLERK_API_URL). */
  readonly url: string;
  readonly secretKey: string;
  readonly requests: RecordedClerkRequest[];
  setUser(user: FakeClerkUser): void;
  deleteUser(id: string): void;
  /** Every request answers this status (a Clerk outage) until called with null. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

const clerkError = (code: string, message: string) => ({
  errors: [{ code, message, long_message: message, meta: {} }],
});

/** The user as Clerk's Backend API answers it (the fields @clerk/backend's User.fromJSON reads). */
const userJson = (user: FakeClerkUser) => {
  const emailId = `idn_${user.id}`;
  const now = Date.now();
  return {
    object: 'user',
    id: user.id,
    first_name: user.firstName ?? null,
    last_name: user.lastName ?? null,
    username: null,
    image_url: '',
    has_image: false,
    primary_email_address_id: user.email ? emailId : null,
    primary_phone_number_id: null,
    primary_web3_wallet_id: null,
    password_enabled: false,
    two_factor_enabled: false,
    totp_enabled: false,
    backup_code_enabled: false,
    email_addresses: user.email
      ? [
          {
            object: 'email_address',
            id: emailId,
            email_address: user.email,
            verification: { status: user.emailStatus ?? 'verified', strategy: 'email_code', attempts: null },
            linked_to: [],
          },
        ]
      : [],
    phone_numbers: [],
    web3_wallets: [],
    external_accounts: [],
    saml_accounts: [],
    public_metadata: {},
    private_metadata: {},
    unsafe_metadata: {},
    external_id: null,
    last_sign_in_at: now,
    banned: false,
    locked: false,
    created_at: now,
    updated_at: now,
    last_active_at: now,
  };
};

export async function startFakeClerkServer(secretKey = 'sk_test_fake_clerk'): Promise<FakeClerkServer> {
  const users = new Map<string, FakeClerkUser>();
  const requests: RecordedClerkRequest[] = [];
  let failure: number | null = null;

  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake-clerk').pathname;
    requests.push({ method: request.method ?? 'GET', path, authorization: request.headers.authorization });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (failure !== null) return send(failure, clerkError('internal_clerk_error', 'Fake outage'));
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, clerkError('authentication_invalid', 'Invalid secret key'));
    }
    const match = /^\/v1\/users\/([^/]+)$/.exec(path);
    const method = request.method ?? 'GET';
    if ((method !== 'GET' && method !== 'DELETE') || !match) {
      return send(404, clerkError('resource_not_found', 'Not found'));
    }
    const id = decodeURIComponent(match[1] ?? '');
    const user = users.get(id);
    if (!user) return send(404, clerkError('resource_not_found', 'User not found'));
    if (method === 'DELETE') {
      users.delete(id);
      return send(200, { object: 'user', id, deleted: true });
    }
    return send(200, userJson(user));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    setUser: (user) => void users.set(user.id, user),
    deleteUser: (id) => void users.delete(id),
    failWith: (status) => {
      failure = status;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
