-- A goal's tasks and their counts are read from `tasks` (projections/src/goals/queries/goal-json.ts), no
-- longer kept on the goal's row (0004): every task event rewrote the goal's list of every task, so adding a
-- task cost more the more tasks its goal had (issue 10). The order is the aggregate's, as every task list
-- already reads it: rank_in_goal NULLS LAST, added_position, added_index.
ALTER TABLE goals DROP COLUMN generated_tasks, DROP COLUMN task_count, DROP COLUMN completed_task_count;
