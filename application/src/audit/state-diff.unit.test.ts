import { describe, expect, it } from 'vitest';
import { diffStates } from './state-diff';

describe('diffStates', () => {
  it('is empty for equal states', () => {
    expect(diffStates({ a: 1, b: [1, 2], c: { d: null } }, { a: 1, b: [1, 2], c: { d: null } })).toEqual([]);
    expect(diffStates(null, null)).toEqual([]);
  });

  it('shows a creation as the whole state added', () => {
    expect(diffStates(null, { title: 'Run' })).toEqual([{ kind: 'added', path: '', after: { title: 'Run' } }]);
  });

  it('names changed, added and removed leaves by dotted path', () => {
    expect(
      diffStates(
        { title: 'Before', status: 'active', completedAt: null, meta: { a: 1 } },
        { title: 'After', status: 'completed', completedAt: '2026-01-01T00:00:00.000Z', meta: { b: 2 } },
      ),
    ).toEqual([
      { kind: 'changed', path: 'title', before: 'Before', after: 'After' },
      { kind: 'changed', path: 'status', before: 'active', after: 'completed' },
      { kind: 'added', path: 'completedAt', after: '2026-01-01T00:00:00.000Z' },
      { kind: 'removed', path: 'meta.a', before: 1 },
      { kind: 'added', path: 'meta.b', after: 2 },
    ]);
  });

  it('matches array elements by their id, so one added task is one change', () => {
    const one = { taskId: 't-1', title: 'One', status: 'todo' };
    const two = { taskId: 't-2', title: 'Two', status: 'todo' };
    const zero = { taskId: 't-0', title: 'Zero', status: 'todo' };
    expect(
      diffStates({ tasks: { items: [one, two] } }, { tasks: { items: [zero, one, { ...two, status: 'done' }] } }),
    ).toEqual([
      { kind: 'changed', path: 'tasks.items[t-2].status', before: 'todo', after: 'done' },
      { kind: 'added', path: 'tasks.items[t-0]', after: zero },
    ]);
    expect(diffStates({ items: [one, two] }, { items: [two] })).toEqual([
      { kind: 'removed', path: 'items[t-1]', before: one },
    ]);
  });

  it('compares arrays without identities by index', () => {
    expect(diffStates({ tags: ['a', 'b'] }, { tags: ['a', 'c', 'd'] })).toEqual([
      { kind: 'changed', path: 'tags[1]', before: 'b', after: 'c' },
      { kind: 'added', path: 'tags[2]', after: 'd' },
    ]);
  });
});
