import { createGoalBodySchema, updateGoalBodySchema } from '@stride/domain/contracts/goals';
import { getGoal } from '@stride/projections/goals/queries/get-goal';
import { listGoals } from '@stride/projections/goals/queries/list-goals';
import { requireUser } from '../../auth/auth-user';
import * as createGoal from '@stride/application/commands/goals/create-goal';
import * as deleteGoal from '@stride/application/commands/goals/delete-goal';
import type { GoalResult } from '@stride/application/commands/goals/goal-result';
import * as updateGoal from '@stride/application/commands/goals/update-goal';
import { positionString } from '../../http/caller';
import { minPositionOf } from '../../http/read-your-writes';
import { runCommand } from '../../http/run-command';
import { createGoalInputOf, updateGoalInputOf } from '../goals/command-inputs';
import {
  checkOwnerInData,
  checkedFilters,
  matchesFilters,
  requireData,
  requireIdFilter,
  sortRows,
  type TableHandler,
} from './rows';

const FILTER_COLUMNS = ['id', 'user_id', 'title', 'status', 'category', 'priority', 'target_date'] as const;
const SORT_COLUMNS = ['created_at', 'updated_at', 'title', 'status', 'category', 'priority', 'target_date'] as const;

/**
 * `goals` through the gate: select reads the caller's goals; insert, update and delete are CreateGoal
 * (monthly limit included), UpdateGoal (+ status commands) and DeleteGoal: the commands /api/goals runs,
 * with the same body-to-input mapping (goals/command-inputs.ts).
 */
export const goalsTable: TableHandler = async (request, reply, body) => {
  const { services } = request.server;
  const userId = requireUser(request).id;
  const filters = checkedFilters(request, body.filters, FILTER_COLUMNS);
  const rowAfter = async ({ goalId, position }: GoalResult) => {
    const goal = await getGoal(services.pool, userId, goalId);
    return { data: goal ? [goal] : [], position: positionString(position) };
  };

  switch (body.operation) {
    case 'select': {
      minPositionOf(request); // checked (400 if malformed); reads never wait
      const goals = await listGoals(services.pool, { userId });
      return {
        data: sortRows(
          goals.filter((goal) => matchesFilters(goal, filters)),
          body.orderBy,
          SORT_COLUMNS,
        ),
        position: null,
      };
    }
    case 'insert': {
      const data = requireData(body);
      checkOwnerInData(request, data);
      return runCommand(request, reply, {
        command: createGoal,
        input: createGoalInputOf(createGoalBodySchema.parse(data)),
        respond: rowAfter,
      });
    }
    case 'update': {
      const goalId = requireIdFilter(filters);
      const data = requireData(body);
      checkOwnerInData(request, data);
      const { user_id: _owner, id: _id, ...fields } = data;
      const updates = updateGoalBodySchema.shape.updates.parse(fields);
      return runCommand(request, reply, {
        command: updateGoal,
        input: updateGoalInputOf(goalId, updates),
        respond: rowAfter,
      });
    }
    case 'delete': {
      const goalId = requireIdFilter(filters);
      return runCommand(request, reply, {
        command: deleteGoal,
        input: { goalId },
        respond: async ({ position }) => ({ data: [], position: positionString(position) }),
      });
    }
  }
};
