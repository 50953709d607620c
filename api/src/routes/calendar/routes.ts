import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { icalendarOf } from '@stride/domain/exchange/icalendar';
import { findCalendarFeedOwner } from '@stride/projections/calendar/queries/find-calendar-feed-owner';
import { listDatedTasks } from '@stride/projections/planner/queries/list-dated-tasks';
import { feedTokenHash } from '@stride/application/commands/planner/calendar-feed-token';
import { DomainError } from '@stride/domain/shared/domain-error';

const feedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/, 'Not a feed address') });

/**
 * /calendar/:token.ics: the private iCalendar feed a calendar app subscribes to. Outside /api (a calendar
 * app sends no bearer token): the secret token in the URL is the credential; an unknown or revoked token
 * is a 404 like any missing page.
 */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  app.get('/:token', { schema: { params: feedParams } }, async (request, reply) => {
    const token = request.params.token.slice(0, -'.ics'.length);
    const userId = await findCalendarFeedOwner(services.pool, feedTokenHash(token));
    if (userId === null) throw new DomainError('not_found', 'No such calendar feed');
    const tasks = await listDatedTasks(services.pool, userId);
    const body = icalendarOf(
      tasks.map((task) => ({
        taskId: `${task.goal_id}.${task.id}`,
        title: task.title,
        description: task.description,
        doDate: task.do_date,
        dueDate: task.due_date,
        status: task.status,
        completedAt: task.completed_at,
        estimatedMinutes: task.estimated_minutes,
        goalTitle: task.goal_title,
      })),
      { now: services.clock(), calendarName: 'Stride' },
    );
    void reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .header('referrer-policy', 'no-referrer');
    return body;
  });
};

export default calendarRoutes;
