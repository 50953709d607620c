import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newTasksOf, taskKey } from './task-dedupe';

interface Existing {
  readonly taskId: string;
  readonly title: string;
  readonly estimatedMinutes: number;
  readonly deletedAt: string | null;
}

/** The rule as the spec states it, with nothing kept between calls. */
const reference = <Candidate extends Omit<Existing, 'deletedAt'>>(candidates: Candidate[], existing: Existing[]) => {
  const keys = new Set(existing.filter((task) => task.deletedAt === null).map(taskKey));
  const ids = new Set(existing.map((task) => task.taskId));
  return candidates.filter((candidate) => {
    const key = taskKey(candidate);
    if (keys.has(key) || ids.has(candidate.taskId)) return false;
    keys.add(key);
    ids.add(candidate.taskId);
    return true;
  });
};

const title = fc.constantFrom('Run', ' run', 'RUN ', 'Swim', 'swim', 'Read a book', '');
const minutes = fc.constantFrom(15, 30);
const id = fc.constantFrom('t1', 't2', 't3', 't4', 't5', 't6');
const task = fc.record({ taskId: id, title, estimatedMinutes: minutes });
const existingTask = fc.record({
  taskId: id,
  title,
  estimatedMinutes: minutes,
  deletedAt: fc.constantFrom(null, '2026-01-01T00:00:00.000Z'),
});

describe('newTasksOf', () => {
  it('given a goal whose tasks change between commands, when batches arrive, then it keeps exactly what the rule keeps', () => {
    // The same task objects are asked about again and again (as a goal's state keeps them), and a change
    // replaces an object with an edited copy: the answer never comes from a task as it was before.
    fc.assert(
      fc.property(
        fc.array(existingTask, { maxLength: 6 }),
        fc.array(
          fc.record({
            candidates: fc.array(task, { maxLength: 4 }),
            edit: fc.option(
              fc.record({ at: fc.nat(), title, deletedAt: fc.constantFrom(null, '2026-02-01T00:00:00.000Z') }),
            ),
          }),
          { maxLength: 6 },
        ),
        (initial, steps) => {
          let existing: Existing[] = initial;
          for (const { candidates, edit } of steps) {
            expect(newTasksOf(candidates, existing)).toEqual(reference(candidates, existing));
            if (edit && existing.length > 0) {
              const at = edit.at % existing.length;
              existing = existing.map((item, index) =>
                index === at ? { ...item, title: edit.title, deletedAt: edit.deletedAt } : item,
              );
            }
          }
        },
      ),
    );
  });

  it('given live tasks, when a candidate differs only in case and surrounding spaces, then it is a duplicate', () => {
    const existing = [{ taskId: 'a', title: 'Run 5k', estimatedMinutes: 30, deletedAt: null }];
    expect(newTasksOf([{ taskId: 'b', title: '  run 5K ', estimatedMinutes: 30 }], existing)).toEqual([]);
    expect(newTasksOf([{ taskId: 'c', title: 'run 5k', estimatedMinutes: 15 }], existing)).toHaveLength(1);
  });
});
