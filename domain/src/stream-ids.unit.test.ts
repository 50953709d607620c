import { describe, expect, it } from 'vitest';
import { parseStreamId, streamIds } from './stream-ids';

describe('Stream ids', () => {
  it('names each stream {category}-{id}', () => {
    expect(streamIds.user('user_1')).toBe('user-user_1');
    expect(streamIds.goal('0b6e-42')).toBe('goal-0b6e-42');
    expect(streamIds.collection('col_1')).toBe('collection-col_1');
    expect(streamIds.usage('user_1')).toBe('usage-user_1');
    expect(streamIds.billing('user_1')).toBe('billing-user_1');
  });

  it('parses a stream id back, keeping dashes inside the id', () => {
    expect(parseStreamId(streamIds.goal('0b6e-42-aa'))).toEqual({ category: 'goal', id: '0b6e-42-aa' });
    expect(parseStreamId('usage-user_1')).toEqual({ category: 'usage', id: 'user_1' });
  });

  it.each(['goal', 'goal-', 'invoice-1', '-1', ''])("rejects '%s'", (streamId) => {
    expect(() => parseStreamId(streamId)).toThrow();
  });

  it('refuses an empty id', () => {
    expect(() => streamIds.goal('')).toThrow();
  });
});
