/**
 * A read-model table as the projection code sees it: its columns and their SQL types, and its primary
 * key. Rows travel as plain JSON values, which is both how a replay builds them in memory and how
 * `sql-rows.ts` reads them back, so the two compare equal. `instant` columns are text holding an ISO-8601
 * UTC instant with milliseconds (`Date#toISOString`), checked by the table (migration 0003); `date`
 * columns are SQL dates read back as YYYY-MM-DD.
 */
export type ColumnType = 'text' | 'instant' | 'integer' | 'bigint' | 'boolean' | 'date' | 'jsonb';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type RowKey<Row, Key extends keyof Row> = Pick<Row, Key>;

export interface TableSpec<Row = Record<string, unknown>, Key extends keyof Row & string = keyof Row & string> {
  readonly name: string;
  /** Primary key columns; all of them text. */
  readonly key: readonly Key[];
  readonly columns: { readonly [Column in keyof Row & string]: ColumnType };
}

/** A table of any row type, as the generic machinery (loading, writing, rebuilding, verifying) sees it. */
export type AnyTableSpec = TableSpec<Record<string, unknown>, string>;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export const defineTable = <Row, Key extends keyof Row & string>(spec: TableSpec<Row, Key>): TableSpec<Row, Key> => {
  for (const name of [spec.name, ...Object.keys(spec.columns)]) {
    if (!IDENTIFIER.test(name)) throw new Error(`'${name}' is not a plain SQL identifier`);
  }
  for (const column of spec.key) {
    if (spec.columns[column] !== 'text') throw new Error(`Key column ${spec.name}.${column} must be text`);
  }
  return spec;
};

/** The stable string form of a row's primary key. */
export const keyString = (spec: AnyTableSpec, row: Readonly<Record<string, unknown>>): string =>
  JSON.stringify(spec.key.map((column) => row[column]));
