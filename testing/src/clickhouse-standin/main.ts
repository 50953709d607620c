/**
 * Runs the ClickHouse stand-in as its own process:
 *   tsx testing/src/clickhouse-standin/main.ts --path DIR [--port 8123] [--host 127.0.0.1]
 * Prints one JSON line `{"url": ...}` once it listens; SIGINT/SIGTERM close it.
 */
import { parseArgs } from 'node:util';
import { startClickHouseStandIn } from './clickhouse-standin';

const { values } = parseArgs({
  options: { path: { type: 'string' }, port: { type: 'string', default: '8123' }, host: { type: 'string' } },
});
if (!values.path) {
  console.error('usage: clickhouse-standin --path DIR [--port 8123] [--host 127.0.0.1]');
  process.exit(2);
}
const standIn = await startClickHouseStandIn({
  path: values.path,
  port: Number(values.port),
  host: values.host,
  log: (line) => console.error(line),
});
console.log(JSON.stringify({ url: standIn.url, path: values.path }));
const stop = () => void standIn.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
