import pg from 'pg';
import { clientNumberOf, sqlLiteral, statementNameOf, type PoolClient } from './pool';

/** A statement with `$n` parameters and its values, or a statement that takes none (BEGIN, COMMIT). */
export type MessageStatement = string | { readonly text: string; readonly values: readonly unknown[] };

/** SQL-level prepared statements each connection has, by name (PREPARE is per session). */
const preparedOn = new WeakMap<PoolClient, Set<string>>();

/** Named as `preparedQuery` names a text, plus `_m`: a protocol-level statement of the same text is another. */
const nameOf = (text: string, client: PoolClient): string => {
  const name = `${statementNameOf(text)}_m`;
  const number = clientNumberOf(client);
  return number === undefined ? name : `${name}_${number}`;
};

/** A value as an SQL literal, serialised as pg serialises a parameter (arrays, dates, JSON; bytes as hex). */
const literalOf = (value: unknown): string => {
  // pg sends bytes as they are (a binary parameter); in a literal they are bytea's hex text.
  if (value instanceof Uint8Array)
    return `'\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}'`;
  const prepared = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue(value);
  return prepared === null || prepared === undefined ? 'NULL' : sqlLiteral(String(prepared));
};

/**
 * Runs statements in one round trip: one simple-protocol Query message, which PostgreSQL runs statement by
 * statement in order, each with a snapshot of its own (as separate statements would), stopping at the first
 * error (the later ones are not run; inside a transaction block it is then aborted). node-postgres sends
 * one statement per round trip; on a machine where every socket write is a costly system call, the round
 * trips, not the statements, are what a command costs.
 * A statement with values runs as `EXECUTE name(literals)` of a statement this connection prepared with
 * SQL `PREPARE` (the first time, in a message of its own): parsed and planned once per connection, as
 * `preparedQuery`'s. The literals are pg's own serialisation of each value, escaped as `pg.escapeLiteral`
 * escapes it (`sqlLiteral`), and the server coerces each to its prepared parameter's type, so the text must
 * give every parameter a type (a cast, a column or a function argument), as for any prepared statement.
 * Returns one result per SQL statement run (a string may hold several, e.g. `COMMIT; SELECT ...`).
 */
export async function runInOneMessage(
  client: PoolClient,
  statements: readonly MessageStatement[],
): Promise<pg.QueryResult[]> {
  let prepared = preparedOn.get(client);
  if (!prepared) preparedOn.set(client, (prepared = new Set()));
  const parts: string[] = [];
  const toPrepare = new Map<string, string>();
  for (const statement of statements) {
    if (typeof statement === 'string') {
      parts.push(statement);
      continue;
    }
    const name = nameOf(statement.text, client);
    if (!prepared.has(name)) toPrepare.set(name, `PREPARE ${name} AS ${statement.text}`);
    parts.push(
      statement.values.length === 0
        ? `EXECUTE ${name}`
        : `EXECUTE ${name}(${statement.values.map(literalOf).join(', ')})`,
    );
  }
  for (const [name, text] of toPrepare) {
    await client.query(text);
    prepared.add(name);
  }
  const results = (await client.query(parts.join(';\n'))) as unknown as pg.QueryResult | pg.QueryResult[];
  return Array.isArray(results) ? results : [results];
}
