import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  moveOverdueResponseSchema,
  plannedTaskMutationSchema,
  searchResponseSchema,
  todayResponseSchema,
  type PlannedTaskRow,
} from '@stride/domain/contracts/planner';
import { addDays, localDateOf } from '@stride/domain/dates/local-date';
import { EXCHANGE_BODY_LIMIT_BYTES } from '@stride/domain/exchange/exchange-limits';
import { strideExportSchema } from '@stride/domain/exchange/stride-export';
import { createNextOccurrences } from '@stride/application/planner/recurrence-job';
import { activateSubscription, createGoal, registeredUser } from '../../../test/fixtures';
import { startTestApp, type TestApp, type TestClient } from '../../../test/test-app';

const DAY = 86_400_000;

describe('planner', () => {
  let t: TestApp;
  /** Days the app's clock runs ahead of the wall clock (the tests move it to make tasks overdue). */
  let daysAhead = 0;
  const now = () => new Date(Date.now() + daysAhead * DAY);
  const today = () => localDateOf(now(), 'UTC');

  beforeAll(async () => {
    t = await startTestApp({ clock: now });
  });
  afterAll(async () => {
    await t.close();
  });

  const addTask = async (client: TestClient, goalId: string, task: Record<string, unknown>) => {
    const response = await client.post(`/api/goals/${goalId}/tasks`, { tasks: [task] });
    expect(response.statusCode).toBe(200);
    return response.json<{ tasks: { id: string }[] }>().tasks[0]!.id;
  };
  const todayView = async (client: TestClient, query = '') => {
    const response = await client.get(`/api/planner/today${query}`);
    expect(response.statusCode).toBe(200);
    return todayResponseSchema.parse(response.json());
  };
  const titles = (tasks: readonly PlannedTaskRow[]) => tasks.map((task) => task.title);

  it('plans do and due dates; a past do date is a 400 naming the field; another user gets 404', async () => {
    const client = await registeredUser(t, 'dates@example.com');
    const { goal } = await createGoal(client, { title: 'Taxes' });
    const taskId = await addTask(client, goal.id, { title: 'Collect receipts', estimated_minutes: 45 });
    const base = `/api/goals/${goal.id}/tasks/${taskId}`;

    const scheduled = await client.post(`${base}/schedule`, { do_date: today() });
    expect(scheduled.statusCode).toBe(200);
    expect(plannedTaskMutationSchema.parse(scheduled.json()).task).toMatchObject({
      do_date: today(),
      due_date: null,
      goal_title: 'Taxes',
    });
    const due = await client.post(`${base}/due-date`, { due_date: addDays(today(), 3) });
    expect(due.json().task).toMatchObject({ do_date: today(), due_date: addDays(today(), 3) });

    const past = await client.post(`${base}/schedule`, { do_date: addDays(today(), -1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().details.field).toBe('doDate');
    expect((await client.post(`${base}/schedule`, { do_date: '2026-02-30' })).json().details.field).toBe('do_date');

    const stranger = await registeredUser(t, 'stranger@example.com');
    expect((await stranger.post(`${base}/schedule`, { do_date: today() })).statusCode).toBe(404);

    const view = await todayView(client);
    expect(view.today).toBe(today());
    expect(titles(view.planned)).toEqual(['Collect receipts']);
    expect(view.planned_minutes).toBe(45);
    expect(view.week.find((day) => day.date === today())).toMatchObject({ planned_minutes: 45, open_tasks: 1 });
  });

  it("plans in the user's own time zone: today is their local date", async () => {
    const client = await registeredUser(t, 'kiritimati@example.com');
    const zone = 'Pacific/Kiritimati'; // UTC+14: a day ahead of UTC for 14 hours of every day
    const changed = await client.post('/api/user/time-zone', { timeZone: zone });
    expect(changed.statusCode, changed.body).toBe(200);
    const view = await todayView(client);
    expect(view).toMatchObject({ time_zone: zone, today: localDateOf(now(), zone) });
    const { goal } = await createGoal(client, { title: 'Islands' });
    const taskId = await addTask(client, goal.id, { title: 'Snorkel' });
    const local = localDateOf(now(), zone);
    const scheduled = await client.post(`/api/goals/${goal.id}/tasks/${taskId}/schedule`, { do_date: local });
    expect(scheduled.statusCode).toBe(200);
    expect(titles((await todayView(client)).planned)).toEqual(['Snorkel']);
  });

  it('filters the day by energy and time available, and shows planned minutes against them', async () => {
    const client = await registeredUser(t, 'energy@example.com');
    const { goal } = await createGoal(client, { title: 'Home' });
    for (const [title, minutes, energy] of [
      ['Fold laundry', 15, 'low'],
      ['Deep clean', 120, 'high'],
    ] as const) {
      const id = await addTask(client, goal.id, { title, estimated_minutes: minutes, energy_level: energy });
      await client.post(`/api/goals/${goal.id}/tasks/${id}/schedule`, { do_date: today() });
    }
    const view = await todayView(client, '?energy=low&availableMinutes=60');
    expect(view.planned_minutes).toBe(135);
    expect(view).toMatchObject({ available_minutes: 60, over_by_minutes: 75 });
    const suggested = view.planned.filter((task) => view.suggested_ids.includes(task.id));
    expect(titles(suggested)).toEqual(['Fold laundry']);
    expect((await client.get('/api/planner/today?energy=sleepy')).json().details.field).toBe('energy');
  });

  it('completing a recurring task creates the next one; edits apply to this occurrence or all future ones', async () => {
    const client = await registeredUser(t, 'habit@example.com');
    const { goal } = await createGoal(client, { title: 'Fitness' });
    const taskId = await addTask(client, goal.id, { title: 'Stretch', estimated_minutes: 10, energy_level: 'low' });
    const base = `/api/goals/${goal.id}/tasks/${taskId}`;
    const recurring = await client.post(`${base}/recurrence`, { rule: { kind: 'daily' } });
    expect(recurring.statusCode).toBe(200);
    expect(recurring.json().task).toMatchObject({ series_id: taskId, occurrence_date: today(), do_date: today() });
    expect((await client.post(`${base}/recurrence`, { rule: { kind: 'hourly' } })).json().details.field).toBe(
      'rule.kind',
    );

    const done = await client.post(`${base}/complete`, { actual_minutes: 12 });
    expect(done.statusCode).toBe(200);
    const next = `${taskId}@${addDays(today(), 1)}`;
    const search = await client.get(`/api/planner/search?q=stretch&status=todo&minPosition=${done.json().position}`);
    const found = searchResponseSchema.parse(search.json()).tasks;
    expect(found.map((task) => [task.id, task.do_date, task.status])).toEqual([[next, addDays(today(), 1), 'todo']]);

    const edited = await client.patch(`/api/goals/${goal.id}/tasks/${encodeURIComponent(next)}/occurrence`, {
      estimated_minutes: 20,
      scope: 'future',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().task.estimated_minutes).toBe(20);
    const series = await t.services.pool.query('SELECT template FROM task_series WHERE series_id = $1', [taskId]);
    expect(series.rows[0].template).toMatchObject({ estimatedMinutes: 20, title: 'Stretch' });
    const time = await t.services.pool.query('SELECT minutes, via FROM task_time_entries WHERE task_id = $1', [taskId]);
    expect(time.rows).toEqual([{ minutes: 12, via: 'completion' }]);
  });

  it("serves each recurring task's habit streak: occurrences done on consecutive days count up", async () => {
    const client = await registeredUser(t, 'streak@example.com');
    const { goal } = await createGoal(client, { title: 'Mind' });
    const taskId = await addTask(client, goal.id, { title: 'Meditate', estimated_minutes: 10 });
    const oneOff = await addTask(client, goal.id, { title: 'Buy cushion' });
    await client.post(`/api/goals/${goal.id}/tasks/${oneOff}/schedule`, { do_date: today() });
    expect(
      (await client.post(`/api/goals/${goal.id}/tasks/${taskId}/recurrence`, { rule: { kind: 'daily' } })).statusCode,
    ).toBe(200);
    const streakOf = async (title: string) =>
      (await todayView(client)).planned.find((task) => task.title === title)?.habit_streak;
    expect(await streakOf('Meditate')).toEqual({ current: 0, longest: 0, unit: 'days' });
    expect(await streakOf('Buy cushion')).toBeNull();

    const complete = async (id: string) => {
      const done = await client.post(`/api/goals/${goal.id}/tasks/${encodeURIComponent(id)}/complete`, {});
      expect(done.statusCode, done.body).toBe(200);
    };
    await complete(taskId);
    const start = today();
    try {
      daysAhead += 1;
      expect(await streakOf('Meditate')).toEqual({ current: 1, longest: 1, unit: 'days' });
      await complete(`${taskId}@${addDays(start, 1)}`);
      daysAhead += 1;
      expect(await streakOf('Meditate')).toEqual({ current: 2, longest: 2, unit: 'days' });
      daysAhead += 2; // a day missed: the streak starts again
      const missed = await todayView(client);
      expect(missed.overdue.find((task) => task.title === 'Meditate')?.habit_streak).toMatchObject({
        current: 0,
        longest: 2,
      });
    } finally {
      daysAhead -= 4;
    }
  });

  it('the recurrence job creates the occurrence whose day has come once, even when it runs twice', async () => {
    const client = await registeredUser(t, 'job@example.com');
    const { goal } = await createGoal(client, { title: 'Plants' });
    const taskId = await addTask(client, goal.id, { title: 'Water plants', estimated_minutes: 5 });
    const set = await client.post(`/api/goals/${goal.id}/tasks/${taskId}/recurrence`, { rule: { kind: 'daily' } });
    expect(set.statusCode, set.body).toBe(200);

    const tomorrow = new Date(now().getTime() + DAY);
    const deps = {
      pool: t.services.pool,
      commands: t.services.commands,
      clock: () => tomorrow,
      logger: t.services.logger,
    };
    const first = await createNextOccurrences(deps);
    const second = await createNextOccurrences(deps);
    expect(first.failed + second.failed).toBe(0);
    expect(second.created).toBe(0);
    const { rows } = await t.services.pool.query(
      `SELECT tk.id, to_char(p.do_date, 'YYYY-MM-DD') AS do_date FROM tasks tk
         JOIN task_plans p ON p.goal_id = tk.goal_id AND p.task_id = tk.id
        WHERE tk.goal_id = $1 ORDER BY p.do_date`,
      [goal.id],
    );
    const nextDay = localDateOf(tomorrow, 'UTC');
    expect(rows).toEqual([
      { id: taskId, do_date: today() },
      { id: `${taskId}@${nextDay}`, do_date: nextDay },
    ]);
  });

  it('moves overdue tasks one by one or all at once, to today, tomorrow or next week', async () => {
    const client = await registeredUser(t, 'overdue@example.com');
    const { goal } = await createGoal(client, { title: 'Admin' });
    const ids: string[] = [];
    for (const title of ['Call bank', 'Renew passport', 'Book dentist']) {
      const id = await addTask(client, goal.id, { title });
      await client.post(`/api/goals/${goal.id}/tasks/${id}/schedule`, { do_date: today() });
      ids.push(id);
    }
    daysAhead += 2;
    try {
      const before = await todayView(client);
      expect(titles(before.overdue)).toEqual(['Call bank', 'Renew passport', 'Book dentist']);
      expect(before.planned).toEqual([]);

      const one = await client.post('/api/planner/overdue/move', { target: 'today', task_ids: [ids[0]] });
      expect(moveOverdueResponseSchema.parse(one.json())).toMatchObject({ moved: 1, do_date: today() });
      const all = await client.post('/api/planner/overdue/move', { target: 'tomorrow' });
      expect(all.json()).toMatchObject({ moved: 2, do_date: addDays(today(), 1) });
      const again = await client.post('/api/planner/overdue/move', { target: 'nextWeek' });
      expect(again.json()).toMatchObject({ moved: 0 });

      const after = await todayView(client);
      expect(titles(after.planned)).toEqual(['Call bank']);
      expect(after.overdue).toEqual([]);
      expect((await client.post('/api/planner/overdue/move', { target: 'yesterday' })).json().details.field).toBe(
        'target',
      );
    } finally {
      daysAhead -= 2;
    }
  });

  it('searches by text, goal, energy, status and date range; results name their goal', async () => {
    const client = await registeredUser(t, 'search@example.com');
    await activateSubscription(t, client.userId);
    const { goal: trip } = await createGoal(client, { title: 'Trip to Rome' });
    const { goal: work } = await createGoal(client, { title: 'Work' });
    const passport = await addTask(client, trip.id, { title: 'Passport photos', energy_level: 'low' });
    await addTask(client, trip.id, { title: 'Book hotel 100%', energy_level: 'high' });
    await addTask(client, work.id, { title: 'Quarterly report', energy_level: 'high' });
    await client.post(`/api/goals/${trip.id}/tasks/${passport}/schedule`, { do_date: addDays(today(), 2) });

    const search = async (query: string) =>
      searchResponseSchema.parse((await client.get(`/api/planner/search?${query}`)).json());
    expect(titles((await search('q=PASSPORT')).tasks)).toEqual(['Passport photos']);
    expect(titles((await search('q=100%25')).tasks)).toEqual(['Book hotel 100%']);
    expect(titles((await search(`goal_id=${work.id}`)).tasks)).toEqual(['Quarterly report']);
    expect(titles((await search('energy=high')).tasks)).toEqual(['Book hotel 100%', 'Quarterly report']);
    expect(titles((await search(`from=${today()}&to=${addDays(today(), 3)}`)).tasks)).toEqual(['Passport photos']);
    expect((await search('q=rome')).goals.map((goal) => goal.title)).toEqual(['Trip to Rome']);
    expect((await search('status=done')).tasks).toEqual([]);
    const backwards = await client.get(`/api/planner/search?from=${addDays(today(), 3)}&to=${today()}`);
    expect(backwards.statusCode).toBe(400);
    const stranger = await registeredUser(t, 'nosy@example.com');
    expect((await stranger.get('/api/planner/search?q=passport')).json().tasks).toEqual([]);
  });

  it('quick add saves the line with its date, minutes, energy and goal', async () => {
    const client = await registeredUser(t, 'quick@example.com');
    await activateSubscription(t, client.userId);
    const { goal } = await createGoal(client, { title: 'Dog' });
    await createGoal(client, { title: 'Garden' });
    const added = await client.post('/api/planner/quick-add', { text: 'Call the vet tomorrow 15m low energy #dog' });
    expect(added.statusCode).toBe(200);
    expect(added.json().task).toMatchObject({
      goal_id: goal.id,
      title: 'Call the vet',
      estimated_minutes: 15,
      energy_level: 'low',
      do_date: addDays(today(), 1),
    });
    const noGoal = await client.post('/api/planner/quick-add', { text: 'Something without a tag' });
    expect(noGoal.statusCode).toBe(400);
    expect(noGoal.json().details.field).toBe('goal_id');
  });

  it('exports JSON and CSV, and the JSON imported into a fresh account gives equal read models', async () => {
    const client = await registeredUser(t, 'exporter@example.com');
    await activateSubscription(t, client.userId);
    const { goal } = await createGoal(client, { title: 'Novel', category: 'creative' });
    const draft = await addTask(client, goal.id, {
      title: 'Draft chapter',
      estimated_minutes: 90,
      energy_level: 'high',
    });
    const walk = await addTask(client, goal.id, {
      title: 'Walk and think',
      estimated_minutes: 20,
      energy_level: 'low',
    });
    const gone = await addTask(client, goal.id, { title: 'Outline (old)' });
    const base = `/api/goals/${goal.id}/tasks`;
    await client.post(`${base}/${draft}/schedule`, { do_date: addDays(today(), 1) });
    await client.post(`${base}/${draft}/due-date`, { due_date: addDays(today(), 5) });
    await client.post(`${base}/${draft}/log-time`, { actual_minutes: 30 });
    await client.post(`${base}/${walk}/recurrence`, { rule: { kind: 'weekdays' }, start_date: addDays(today(), 1) });
    await client.post(`${base}/${walk}/start`);
    await client.post(`${base}/${walk}/complete`, { actual_minutes: 25 });
    await client.delete(`${base}/${gone}`);
    const collection = await client.post('/api/collections', { name: 'Writing' });
    await client.post(`/api/collections/${collection.json().collection.id}/goals`, { goalId: goal.id });
    const saved = await client.post('/api/templates', { goal_id: goal.id, title: 'Novel routine' });
    expect(saved.statusCode, saved.body).toBe(201);

    const exported = await client.get('/api/planner/export.json');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="stride-export-/);
    const document = strideExportSchema.parse(exported.json());
    expect(document.goals[0]?.tasks).toHaveLength(4);
    expect(document.templates.map((template) => [template.title, template.sourceGoalId])).toEqual([
      ['Novel routine', goal.id],
    ]);
    expect(document.templates[0]?.tasks.map((task) => task.title)).toEqual(
      expect.arrayContaining(['Draft chapter', 'Walk and think']),
    );
    const csv = await client.get('/api/planner/export.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('task,description,status');
    expect(csv.body).toContain('Draft chapter');

    const fresh = await registeredUser(t, 'importer@example.com');
    await activateSubscription(t, fresh.userId);
    const imported = await fresh.post('/api/planner/import', document);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ goals: 1, tasks: 4 });

    expect(await readModelsOf(fresh.userId)).toEqual(await readModelsOf(client.userId));
    const again = strideExportSchema.parse((await fresh.get('/api/planner/export.json')).json());
    const withoutIds = (doc: typeof document) => doc.goals.map(({ goalId: _goal, ...goal }) => goal);
    expect(withoutIds(again)).toEqual(withoutIds(document));
    const templatesWithoutIds = (doc: typeof document) =>
      doc.templates.map(({ templateId: _id, sourceGoalId, ...template }) => ({
        ...template,
        fromGoal: !!sourceGoalId,
      }));
    expect(templatesWithoutIds(again)).toEqual(templatesWithoutIds(document));

    // Saving templates is a Starter feature: a Free account imports the goals and leaves the templates out.
    const onFree = await registeredUser(t, 'free-importer@example.com');
    expect((await onFree.post('/api/planner/import', document)).json()).toMatchObject({ goals: 1 });
    const { rows } = await t.services.pool.query('SELECT 1 FROM goal_templates WHERE user_id = $1', [onFree.userId]);
    expect(rows).toEqual([]);
  });

  /** The user's read models without ids that differ by account (goal and collection ids, owners, log positions). */
  const readModelsOf = async (userId: string) => {
    const query = async (sql: string) => (await t.services.pool.query(sql, [userId])).rows;
    return {
      goals: await query(
        `SELECT title, description, category, priority, target_date, status, created_at, completed_at, deleted_at,
                (SELECT count(*) FROM tasks tk WHERE tk.goal_id = g.id AND tk.deleted_at IS NULL) AS task_count
           FROM goals g WHERE user_id = $1 ORDER BY created_at`,
      ),
      tasks: await query(
        `SELECT id, title, description, estimated_minutes, actual_minutes, energy_level, status, source,
                created_at, started_at, completed_at, deleted_at
           FROM tasks WHERE user_id = $1 ORDER BY created_at, id`,
      ),
      plans: await query(
        `SELECT task_id, do_date, due_date, series_id, occurrence_date FROM task_plans
          WHERE user_id = $1 ORDER BY task_id`,
      ),
      series: await query('SELECT series_id, recurrence, template, ended FROM task_series WHERE user_id = $1'),
      time: await query(
        'SELECT task_id, minutes, via, logged_at FROM task_time_entries WHERE user_id = $1 ORDER BY logged_at',
      ),
      collections: await query(
        'SELECT name, description, color, jsonb_array_length(goal_ids) AS goals FROM collections WHERE user_id = $1',
      ),
      templates: await query(
        `SELECT title, description, category, priority, tasks, source_goal_id IS NOT NULL AS from_goal
           FROM goal_templates WHERE user_id = $1`,
      ),
    };
  };

  it('serves a private iCalendar feed at a token URL; a new URL replaces the old, revoking stops it', async () => {
    const client = await registeredUser(t, 'calendar@example.com');
    const { goal } = await createGoal(client, { title: 'Moving house' });
    const taskId = await addTask(client, goal.id, { title: 'Book movers; 2 vans', estimated_minutes: 30 });
    await client.post(`/api/goals/${goal.id}/tasks/${taskId}/schedule`, { do_date: addDays(today(), 2) });
    await addTask(client, goal.id, { title: 'Undated chore' });

    const issued = await client.post('/api/planner/calendar-feed');
    expect(issued.statusCode).toBe(200);
    const first = new URL(issued.json().url as string).pathname;
    expect(first).toMatch(/^\/calendar\/[A-Za-z0-9_-]{40,}\.ics$/);
    const feed = await t.app.inject({ method: 'GET', url: first });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('SUMMARY:Book movers\\; 2 vans');
    expect(feed.body).toContain(`DTSTART;VALUE=DATE:${addDays(today(), 2).replaceAll('-', '')}`);
    expect(feed.body).not.toContain('Undated chore');
    const stored = await t.services.pool.query('SELECT data FROM events WHERE stream_id = $1', [
      `calendar-${client.userId}`,
    ]);
    expect(JSON.stringify(stored.rows)).not.toContain(first.slice('/calendar/'.length, -'.ics'.length));

    const second = new URL((await client.post('/api/planner/calendar-feed')).json().url as string).pathname;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect((await client.delete('/api/planner/calendar-feed')).json()).toEqual({ url: null });
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/calendar/not-a-token.ics' })).statusCode).toBe(400);
  });

  it('imports a Todoist CSV export as a goal with its tasks, dates and minutes', async () => {
    const client = await registeredUser(t, 'todoist@example.com');
    const csv = await readFile(
      new URL('../../../../domain/src/exchange/fixtures/todoist-sample.csv', import.meta.url),
      'utf8',
    );
    const imported = await client.post('/api/planner/import/todoist', { csv });
    expect(imported.statusCode).toBe(200);
    const { goal_id: goalId, tasks } = imported.json();
    expect(tasks).toBeGreaterThan(2);
    const found = searchResponseSchema.parse(
      (await client.get(`/api/planner/search?goal_id=${goalId}&minPosition=${imported.json().position}`)).json(),
    ).tasks;
    expect(found.find((task) => task.title === 'Buy milk')).toMatchObject({
      estimated_minutes: 15,
      description: 'From the corner shop',
      do_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // Overdue in Todoist: planned for today here (a do date is never set in the past).
    expect(found.find((task) => task.title === 'Old overdue thing')).toMatchObject({ do_date: today() });
    expect(found.find((task) => task.title === 'Water plants')).toMatchObject({ series_id: expect.any(String) });
    // A CSV that is not a Todoist export: the reason and what to do, on the field (the web app shows it).
    const notTodoist = await client.post('/api/planner/import/todoist', { csv: 'not,a,todoist\nfile' });
    expect(notTodoist.statusCode).toBe(400);
    expect(notTodoist.json()).toMatchObject({
      error: 'The file holds no Todoist tasks. Export the project from Todoist as CSV and upload that file.',
      code: 'validation',
      details: { field: 'csv' },
    });
    // Not well-formed CSV (a quote never closed; found by the every-route property suite as a 500): a 400 on csv.
    const malformed = await client.post('/api/planner/import/todoist', { csv: '"C' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ details: { field: 'csv' } });
    // A file over the limit the web app checks before sending (EXCHANGE_BODY_LIMIT_BYTES): a 413 on the body.
    const tooLarge = await client.post('/api/planner/import/todoist', { csv: 'x'.repeat(EXCHANGE_BODY_LIMIT_BYTES) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ details: { field: 'body' } });
  });
});
