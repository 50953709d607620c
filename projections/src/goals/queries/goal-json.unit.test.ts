import { describe, expect, it } from 'vitest';
import { goalRowSchema, taskRowSchema } from '@stride/domain/contracts/goals';
import { GOAL_JSON, TASK_JSON } from './goal-json';

/** The keys a jsonb_build_object call names, in order. */
const keysOf = (sql: string): string[] => [...sql.matchAll(/'([a-z_]+)', /g)].map((match) => match[1] ?? '');

describe('goal and task JSON', () => {
  it('names every key of the contract schemas, once, and nothing else', () => {
    expect(keysOf(TASK_JSON('tk'))).toEqual(Object.keys(taskRowSchema.shape));
    expect(keysOf(GOAL_JSON)).toEqual(Object.keys(goalRowSchema.shape));
  });

  it('reads each key from the column of the same name, the tasks and the collections from the joins', () => {
    expect(TASK_JSON('tk')).toContain("'estimated_minutes', tk.estimated_minutes");
    expect(GOAL_JSON).toContain("'title', g.title");
    expect(GOAL_JSON).toContain("'generated_tasks', coalesce(gt.tasks, '[]'::jsonb)");
    expect(GOAL_JSON).toContain("'task_count', gt.live");
    expect(GOAL_JSON).toContain("'collection_ids', coalesce(c.ids, '[]'::jsonb)");
  });
});
