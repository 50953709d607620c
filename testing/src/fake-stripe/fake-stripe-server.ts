import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeStripeForm } from './form-decoding';
import { FakeStripeState, type FakeCheckoutSession } from './fake-stripe-state';

/**
 * A local fake of the Stripe API endpoints Stride calls, for the real `stripe` SDK pointed at it with
 * `{ host: '127.0.0.1', port, protocol: 'http' }`:
 *
 *   POST /v1/customers                    GET /v1/customers?email=   GET /v1/customers/search?query=email:'x'
 *   GET  /v1/customers/:id   DELETE /v1/customers/:id   POST /v1/checkout/sessions GET /v1/checkout/sessions/:id[?expand[]=line_items]
 *   POST /v1/billing_portal/sessions      GET /v1/subscriptions?customer=&status=   GET /v1/subscriptions/:id
 *   POST /v1/subscriptions/:id (items[0][price], metadata: a plan change)
 *
 * Errors use Stripe's envelope `{ error: { type, code, message } }`. Every request is recorded.
 */

export interface RecordedStripeRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, unknown>;
  readonly body: Record<string, unknown>;
  readonly authorization: string | undefined;
  readonly idempotencyKey: string | undefined;
}

export const PORTAL_NOT_CONFIGURED_MESSAGE =
  'No configuration provided and your test mode default configuration has not been created. Provide a ' +
  'configuration or create your default by saving your customer portal settings in test mode at ' +
  'https://dashboard.stripe.com/test/settings/billing/portal.';

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

const notFound = (kind: string, id: string) =>
  new StripeApiError(404, 'invalid_request_error', 'resource_missing', `No such ${kind}: '${id}'`);

const list = <T>(data: T[], url: string) => ({ object: 'list', data, has_more: false, url });

const readBody = (request: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const expands = (query: Record<string, unknown>, field: string): boolean =>
  Array.isArray(query.expand) && query.expand.includes(field);

export interface FakeStripeServer {
  readonly state: FakeStripeState;
  readonly port: number;
  readonly baseUrl: string;
  /** Options for `new Stripe(key, options)` that point the SDK here. */
  readonly sdkOptions: { host: string; port: number; protocol: 'http' };
  readonly requests: RecordedStripeRequest[];
  /** Makes every following request answer with this HTTP status (Stripe's api_error) until cleared. */
  failNextRequests(status: number | null): void;
  close(): Promise<void>;
}

export async function startFakeStripe(
  options: { port?: number; state?: FakeStripeState } = {},
): Promise<FakeStripeServer> {
  const state = options.state ?? new FakeStripeState();
  const requests: RecordedStripeRequest[] = [];
  let forcedStatus: number | null = null;
  let baseUrl = '';

  const route = (
    method: string,
    path: string,
    query: Record<string, unknown>,
    body: Record<string, unknown>,
  ): unknown => {
    if (forcedStatus !== null) throw new StripeApiError(forcedStatus, 'api_error', undefined, 'Fake Stripe outage');
    const segments = path.split('/').filter(Boolean);
    const [version, resource, idOrAction] = segments;
    if (version !== 'v1')
      throw new StripeApiError(
        404,
        'invalid_request_error',
        undefined,
        `Unrecognized request URL (${method}: ${path})`,
      );

    if (resource === 'customers') {
      if (method === 'POST' && idOrAction === undefined) {
        return state.createCustomer({
          email: typeof body.email === 'string' ? body.email : null,
          name: typeof body.name === 'string' ? body.name : null,
          metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        });
      }
      if (method === 'GET' && idOrAction === undefined) {
        const email = typeof query.email === 'string' ? query.email : null;
        const customers = [...state.customers.values()].filter((c) => email === null || c.email === email);
        return list(customers.reverse(), '/v1/customers');
      }
      if (method === 'GET' && idOrAction === 'search') {
        const match = /email\s*:\s*['"]([^'"]+)['"]/.exec(String(query.query ?? ''));
        const customers = [...state.customers.values()].filter((c) => match !== null && c.email === match[1]);
        return {
          object: 'search_result',
          data: customers,
          has_more: false,
          next_page: null,
          url: '/v1/customers/search',
        };
      }
      if (method === 'GET' && idOrAction) {
        const customer = state.customers.get(idOrAction);
        if (!customer) throw notFound('customer', idOrAction);
        return customer;
      }
      if (method === 'DELETE' && idOrAction) {
        if (!state.customers.delete(idOrAction)) throw notFound('customer', idOrAction);
        return { id: idOrAction, object: 'customer', deleted: true };
      }
    }

    if (resource === 'checkout' && idOrAction === 'sessions') {
      const id = segments[3];
      if (method === 'POST' && id === undefined) {
        const session = state.createCheckoutSession(body, baseUrl);
        if (session.line_items_prices.length === 0) {
          throw new StripeApiError(
            400,
            'invalid_request_error',
            'parameter_missing',
            'Missing required param: line_items.',
          );
        }
        return state.publicSession(session);
      }
      if (method === 'GET' && id) {
        const session: FakeCheckoutSession | undefined = state.checkoutSessions.get(id);
        if (!session) throw notFound('checkout.session', id);
        return state.publicSession(session, expands(query, 'line_items'));
      }
    }

    if (resource === 'billing_portal' && idOrAction === 'sessions' && method === 'POST') {
      const customerId = typeof body.customer === 'string' ? body.customer : '';
      if (!state.customers.has(customerId)) throw notFound('customer', customerId);
      if (!state.portalConfigured) {
        throw new StripeApiError(400, 'invalid_request_error', undefined, PORTAL_NOT_CONFIGURED_MESSAGE);
      }
      const id = `bps_${customerId}_${requests.length}`;
      return {
        id,
        object: 'billing_portal.session',
        customer: customerId,
        return_url: body.return_url ?? null,
        url: `${baseUrl}/p/session/${id}`,
        created: state.now(),
        livemode: false,
      };
    }

    if (resource === 'subscriptions') {
      if (method === 'GET' && idOrAction === undefined) {
        const customer = typeof query.customer === 'string' ? query.customer : null;
        const status = typeof query.status === 'string' ? query.status : null;
        const subscriptions = [...state.subscriptions.values()].filter(
          (s) =>
            (customer === null || s.customer === customer) &&
            (status === 'all' || (status === null ? s.status !== 'canceled' : s.status === status)),
        );
        return list(subscriptions.reverse(), '/v1/subscriptions');
      }
      if (method === 'GET' && idOrAction) {
        const subscription = state.subscriptions.get(idOrAction);
        if (!subscription) throw notFound('subscription', idOrAction);
        return subscription;
      }
      if (method === 'POST' && idOrAction) {
        if (!state.subscriptions.has(idOrAction)) throw notFound('subscription', idOrAction);
        const items = Array.isArray(body.items) ? (body.items as Array<Record<string, unknown>>) : [];
        const price = items.find((item) => typeof item.price === 'string')?.price;
        if (typeof price === 'string') state.changePrice(idOrAction, price);
        if (body.metadata && typeof body.metadata === 'object') {
          state.setSubscriptionMetadata(idOrAction, body.metadata as Record<string, string>);
        }
        return state.requireSubscription(idOrAction);
      }
    }
    throw new StripeApiError(404, 'invalid_request_error', undefined, `Unrecognized request URL (${method}: ${path})`);
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake-stripe');
      const raw = await readBody(request);
      const query = decodeStripeForm(url.search.slice(1));
      const body = request.method === 'POST' ? decodeStripeForm(raw) : {};
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        query,
        body,
        authorization: request.headers.authorization,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
        response.end(JSON.stringify(payload));
      };
      if (!request.headers.authorization?.startsWith('Bearer sk_')) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      try {
        send(200, route(request.method ?? 'GET', url.pathname, query, body));
      } catch (error) {
        if (error instanceof StripeApiError) {
          send(error.status, { error: { type: error.type, code: error.code, message: error.message } });
        } else {
          send(500, {
            error: { type: 'api_error', message: error instanceof Error ? error.message : 'Fake Stripe error' },
          });
        }
      }
    })();
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    state,
    port,
    baseUrl,
    sdkOptions: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    failNextRequests(status) {
      forcedStatus = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
