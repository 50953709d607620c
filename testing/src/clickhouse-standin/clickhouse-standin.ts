/**
 * A stand-in for a ClickHouse server's HTTP interface, over chDB (the ClickHouse engine as a library), so
 * processes that each reach analytics by CLICKHOUSE_URL can share one store on machines where no ClickHouse
 * server installs. `@clickhouse/client` talks to it unchanged. A test fixture only: see README.md for what it
 * does not do.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { createChdbConnection, type ChdbConnection } from 'chdb/connection';

/** URL parameters of the HTTP interface that are not settings. */
const NOT_SETTINGS = new Set([
  'query',
  'database',
  'query_id',
  'session_id',
  'session_timeout',
  'role',
  'user',
  'password',
]);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface ClickHouseStandIn {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export interface ClickHouseStandInOptions {
  /** chDB data directory (one process owns it). */
  readonly path: string;
  readonly host?: string;
  /** 0 (default) picks a free port. */
  readonly port?: number;
  readonly log?: (line: string) => void;
}

interface ChdbErrorShape {
  readonly message?: string;
  readonly code?: string | number;
  readonly type?: string;
}

/** ClickHouse's error body, which `@clickhouse/client` parses into a ClickHouseError (code, type, message). */
const errorBody = (error: ChdbErrorShape): string =>
  /^Code: \d+\./.test(error.message ?? '')
    ? `${error.message}\n`
    : `Code: ${error.code ?? 1000}. DB::Exception: ${error.message ?? String(error)} (${error.type ?? 'STD_EXCEPTION'}) (version chDB stand-in)\n`;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' && body.length > 0 ? gunzipSync(body) : body;
}

export async function startClickHouseStandIn(options: ClickHouseStandInOptions): Promise<ClickHouseStandIn> {
  mkdirSync(options.path, { recursive: true });
  const connection: ChdbConnection = createChdbConnection({ path: options.path });
  // chDB runs one statement at a time per session; requests are served in arrival order.
  let queue: Promise<unknown> = Promise.resolve();
  // Settings are session-wide in chDB (SET): the ones a request set are reset before the next one.
  let previousSettings: string[] = [];

  const serve = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (
      url.pathname === '/ping' ||
      (url.pathname === '/' && request.method === 'GET' && !url.searchParams.has('query'))
    ) {
      response.writeHead(200, { 'content-type': 'text/plain; charset=UTF-8' }).end('Ok.\n');
      return;
    }
    const body = await readBody(request);
    const params = url.searchParams;
    const queryId = params.get('query_id') ?? crypto.randomUUID();
    const urlQuery = params.get('query');
    const sql = urlQuery ?? body.toString('utf8');
    const data = urlQuery !== null && body.length > 0 ? body.toString('utf8') : undefined;
    const queryParams: Record<string, string> = {};
    const settings: Record<string, string> = {};
    for (const [key, value] of params) {
      if (key.startsWith('param_')) queryParams[key.slice('param_'.length)] = value;
      else if (!NOT_SETTINGS.has(key)) settings[key] = value;
    }
    const database = params.get('database');
    const run = async () => {
      for (const key of previousSettings) {
        if (!(key in settings) && IDENTIFIER.test(key)) await connection.command({ query: `SET ${key} = DEFAULT` });
      }
      previousSettings = Object.keys(settings);
      if (database && database !== 'default') {
        if (!IDENTIFIER.test(database))
          throw { code: 81, type: 'UNKNOWN_DATABASE', message: `bad database ${database}` };
        await connection.command({ query: `USE ${database}` });
      } else {
        await connection.command({ query: 'USE default' });
      }
      const result = await connection.exec({
        query: sql,
        query_params: queryParams,
        clickhouse_settings: { default_format: 'TabSeparated', ...settings },
        ...(data !== undefined && { values: Readable.from([data]) }),
      });
      const chunks: Buffer[] = [];
      for await (const chunk of result.stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return { output: Buffer.concat(chunks), summary: result.summary };
    };
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    try {
      const { output, summary } = await next;
      response
        .writeHead(200, {
          'content-type': 'text/plain; charset=UTF-8',
          'x-clickhouse-query-id': queryId,
          'x-clickhouse-summary': JSON.stringify(summary ?? {}),
          'x-clickhouse-format': settings.default_format ?? 'TabSeparated',
        })
        .end(output);
    } catch (error) {
      const shape = error as ChdbErrorShape;
      options.log?.(`query failed: ${shape.message ?? String(error)}`);
      response
        .writeHead(500, {
          'content-type': 'text/plain; charset=UTF-8',
          'x-clickhouse-query-id': queryId,
          'x-clickhouse-exception-code': String(shape.code ?? 1000),
        })
        .end(errorBody(shape));
    }
  };

  const server: Server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(errorBody(error as ChdbErrorShape));
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${host}:${port}`,
    port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      await connection.close();
    },
  };
}
