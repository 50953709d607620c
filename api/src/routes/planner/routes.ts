import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedResponseSchema,
  importResponseSchema,
  moveOverdueBodySchema,
  moveOverdueResponseSchema,
  plannedTaskMutationSchema,
  quickAddBodySchema,
  searchQuerySchema,
  searchResponseSchema,
  todayQuerySchema,
  todayResponseSchema,
  todoistImportBodySchema,
  type PlannedTaskRow,
} from '@stride/domain/contracts/planner';
import { positionSchema } from '@stride/domain/contracts/common';
import { localDateOf, startOfIsoWeek } from '@stride/domain/dates/local-date';
import { EXCHANGE_BODY_LIMIT_BYTES } from '@stride/domain/exchange/exchange-limits';
import { strideExportSchema } from '@stride/domain/exchange/stride-export';
import { tasksCsvOf } from '@stride/domain/exchange/tasks-csv';
import { dayPlan, weekStrip } from '@stride/domain/planning/day-plan';
import { listPlannedTasks } from '@stride/projections/planner/queries/list-planned-tasks';
import { searchGoals } from '@stride/projections/planner/queries/search-goals';
import { searchTasks } from '@stride/projections/planner/queries/search-tasks';
import * as importStrideExport from '@stride/application/commands/planner/import-stride-export';
import * as issueCalendarFeed from '@stride/application/commands/planner/issue-calendar-feed';
import * as revokeCalendarFeed from '@stride/application/commands/planner/revoke-calendar-feed';
import * as importTodoistCsv from '@stride/application/commands/planner/import-todoist-csv';
import * as quickAddTask from '@stride/application/commands/planner/quick-add-task';
import * as moveOverdueTasks from '@stride/application/commands/tasks/move-overdue-tasks';
import { withHabitStreaks } from '@stride/application/planner/habit-streaks';
import { strideExportOfUser } from '@stride/application/planner/stride-export-of-user';
import { getUserTimeZone } from '@stride/projections/users/queries/get-user-time-zone';
import { requireUser } from '../../auth/auth-user';
import { positionString } from '../../http/caller';
import { minPositionOf } from '../../http/read-your-writes';
import { runCommand } from '../../http/run-command';
import { plannedTaskResponse } from '../goals/task-planning-routes';

const planTaskOf = <Row extends PlannedTaskRow>(row: Row) => ({
  row,
  goalId: row.goal_id,
  taskId: row.id,
  doDate: row.do_date,
  status: row.status,
  deletedAt: row.deleted_at,
  energyLevel: row.energy_level,
  estimatedMinutes: row.estimated_minutes,
});

const attachment = (name: string) => `attachment; filename="${name}"`;

/** /api/planner: the day's plan, overdue moves, quick add, search, export and import. */
const plannerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  /** Today: what is planned and overdue (recurring tasks with their habit's streak), what fits the energy and time given, and the week strip. */
  app.get(
    '/today',
    { schema: { querystring: todayQuerySchema, response: { 200: todayResponseSchema } } },
    async (request) => {
      minPositionOf(request); // checked (400 if malformed); reads never wait (inline read models)
      const userId = requireUser(request).id;
      const timeZone = await getUserTimeZone(services.pool, userId);
      const today = localDateOf(services.clock(), timeZone);
      const listed = await listPlannedTasks(services.pool, userId, startOfIsoWeek(today));
      const rows = (await withHabitStreaks(services.pool, userId, listed, timeZone, today)).map(planTaskOf);
      const { energy, availableMinutes } = request.query;
      const plan = dayPlan(rows, today, {
        ...(energy !== undefined && { energy }),
        ...(availableMinutes !== undefined && { availableMinutes }),
      });
      return {
        today,
        time_zone: timeZone,
        planned: plan.today.map(({ row }) => row),
        overdue: plan.overdue.map(({ row }) => row),
        suggested_ids: plan.suggested.map(({ taskId }) => taskId),
        unplanned: rows.filter(({ row }) => row.do_date === null && row.status !== 'done').map(({ row }) => row),
        planned_minutes: plan.plannedMinutes,
        available_minutes: plan.availableMinutes,
        over_by_minutes: plan.overByMinutes,
        week: weekStrip(rows, today).map((day) => ({
          date: day.date,
          planned_minutes: day.plannedMinutes,
          open_tasks: day.openTasks,
          done_tasks: day.doneTasks,
        })),
      };
    },
  );

  /** Move overdue tasks (those named, or all) to today, tomorrow or next week. */
  app.post(
    '/overdue/move',
    { schema: { body: moveOverdueBodySchema, response: { 200: moveOverdueResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: moveOverdueTasks,
        input: {
          target: request.body.target,
          ...(request.body.task_ids !== undefined && { taskIds: request.body.task_ids }),
        },
        respond: async ({ moved, doDate, position }) => {
          return { moved, do_date: doDate, position: positionString(position) };
        },
      }),
  );

  app.post(
    '/quick-add',
    { schema: { body: quickAddBodySchema, response: { 200: plannedTaskMutationSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: quickAddTask,
        input: { text: request.body.text, ...(request.body.goal_id !== undefined && { goalId: request.body.goal_id }) },
        respond: (result) => plannedTaskResponse(request, result),
      }),
  );

  /** Search tasks and goals: text, goal, energy, status, do-date range; results link to their goal. */
  app.get(
    '/search',
    {
      schema: {
        querystring: searchQuerySchema.and(z.object({ minPosition: positionSchema.optional() })),
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => {
      minPositionOf(request); // checked (400 if malformed); reads never wait (inline read models)
      const userId = requireUser(request).id;
      const [tasks, goals] = await Promise.all([
        searchTasks(services.pool, userId, request.query),
        searchGoals(services.pool, userId, request.query.q),
      ]);
      return { tasks, goals };
    },
  );

  /** The lossless JSON export (goals, tasks with histories and time logs, series, collections, preferences). */
  app.get('/export.json', { schema: { response: { 200: strideExportSchema } } }, async (request, reply) => {
    const document = await strideExportOfUser(services, requireUser(request).id);
    void reply
      .header('cache-control', 'no-store')
      .header('content-disposition', attachment(`stride-export-${document.exportedAt.slice(0, 10)}.json`));
    return document;
  });

  /** One row per task, for spreadsheets. */
  app.get('/export.csv', async (request, reply) => {
    const document = await strideExportOfUser(services, requireUser(request).id);
    void reply
      .header('cache-control', 'no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(`stride-tasks-${document.exportedAt.slice(0, 10)}.csv`));
    return tasksCsvOf(document);
  });

  /** Import a Stride JSON export: its goals become new goals of the caller. */
  app.post(
    '/import',
    {
      bodyLimit: EXCHANGE_BODY_LIMIT_BYTES,
      schema: { body: strideExportSchema, response: { 200: importResponseSchema } },
    },
    (request, reply) =>
      runCommand(request, reply, {
        command: importStrideExport,
        input: { document: request.body },
        respond: async ({ goals, tasks, position }) => {
          return { goals, tasks, position: positionString(position) };
        },
      }),
  );

  /** A new private iCalendar feed URL (shown once); any older URL stops working. */
  app.post('/calendar-feed', { schema: { response: { 200: calendarFeedResponseSchema } } }, (request, reply) =>
    runCommand(request, reply, {
      command: issueCalendarFeed,
      input: {},
      respond: async ({ token }) => {
        const origin = services.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
        return { url: `${origin}/calendar/${token}.ics` };
      },
    }),
  );

  /** Stop the feed: its URL answers 404 from now on. */
  app.delete('/calendar-feed', { schema: { response: { 200: calendarFeedResponseSchema } } }, (request, reply) =>
    runCommand(request, reply, {
      command: revokeCalendarFeed,
      input: {},
      respond: async () => {
        return { url: null };
      },
    }),
  );

  /** Import a Todoist CSV export as one new goal. */
  app.post(
    '/import/todoist',
    {
      bodyLimit: EXCHANGE_BODY_LIMIT_BYTES,
      schema: {
        body: todoistImportBodySchema,
        response: { 200: importResponseSchema.extend({ goal_id: z.string(), skipped: z.number().int() }) },
      },
    },
    (request, reply) =>
      runCommand(request, reply, {
        command: importTodoistCsv,
        input: { csv: request.body.csv },
        respond: async ({ goalId, goals, tasks, skipped, position }) => {
          return { goal_id: goalId, goals, tasks, skipped: skipped.length, position: positionString(position) };
        },
      }),
  );
};

export default plannerRoutes;
