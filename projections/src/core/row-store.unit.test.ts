import { describe, expect, it } from 'vitest';
import { RowStore } from './row-store';
import { defineTable } from './table';

type Row = { a: string; b: string; value: number };
const table = defineTable<Row, 'a' | 'b'>({
  name: 'pairs',
  key: ['a', 'b'],
  columns: { a: 'text', b: 'text', value: 'integer' },
});

describe('RowStore', () => {
  it('tracks upserts and deletes since seeding', () => {
    const rows = new RowStore([table], 'partial');
    rows.seed(table, { a: 'x', b: '1' }, { a: 'x', b: '1', value: 1 });
    rows.seed(table, { a: 'x', b: '2' }, null);
    rows.seed(table, { a: 'y', b: '1' }, { a: 'y', b: '1', value: 5 });
    rows.update(table, { a: 'x', b: '1' }, (row) => ({ value: row.value + 1 }));
    rows.update(table, { a: 'x', b: '2' }, () => ({ value: 9 }));
    rows.delete(table, { a: 'y', b: '1' });
    expect(rows.changes(table)).toEqual({ upserts: [{ a: 'x', b: '1', value: 2 }], deletes: [{ a: 'y', b: '1' }] });
  });

  it('refuses reads of rows a live batch did not load; a complete replay treats them as absent', () => {
    expect(() => new RowStore([table], 'partial').get(table, { a: 'q', b: 'q' })).toThrow(/was not loaded/);
    expect(new RowStore([table], 'complete').get(table, { a: 'q', b: 'q' })).toBeUndefined();
  });

  it('refuses tables with key columns that are not text, and names that are not identifiers', () => {
    expect(() =>
      defineTable<Row, 'a'>({ name: 'bad', key: ['a'], columns: { a: 'integer', b: 'text', value: 'integer' } }),
    ).toThrow();
    expect(() =>
      defineTable<Row, 'a'>({ name: 'bad;drop', key: ['a'], columns: { a: 'text', b: 'text', value: 'integer' } }),
    ).toThrow();
  });
});
