-- A task's place in its goal's order (TasksReordered, issue 13 item 9). NULL until the goal's tasks are
-- first reordered: lists sort by rank_in_goal NULLS LAST, then by the order tasks were added, so existing
-- goals keep their order and tasks added after a reorder go last. A rebuild of the goals projection
-- derives it from the events.
ALTER TABLE tasks ADD COLUMN rank_in_goal integer;
