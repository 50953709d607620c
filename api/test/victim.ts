import { activateSubscription, createGoal, registeredUser } from './fixtures';
import type { TestApp, TestClient } from './test-app';

export interface Victim {
  readonly client: TestClient;
  readonly goalId: string;
  readonly taskId: string;
  readonly collectionId: string;
  /** One of the victim's own goal templates (saved from the goal; the victim is on Starter). */
  readonly templateId: string;
  /** Text only the victim's data holds: a response to anyone else must never contain it. */
  readonly secrets: readonly string[];
  /** What the victim reads back; compared before and after the hostile runs. */
  snapshot(): Promise<string>;
}

/** A user with a goal, a task, a collection and a goal template whose titles are unique markers. */
export async function victimWithData(t: TestApp): Promise<Victim> {
  const client = await registeredUser(t, 'victim@example.com', 'Victim');
  const goalTitle = 'VICTIM-GOAL-7f3a';
  const taskTitle = 'VICTIM-TASK-91cd';
  const collectionName = 'VICTIM-COLL-2b8e';
  const { goal } = await createGoal(client, { title: goalTitle, description: 'private' });
  const tasks = await client.post(`/api/goals/${goal.id}/tasks`, { tasks: [{ title: taskTitle }] });
  if (tasks.statusCode >= 300) throw new Error(`add tasks: ${tasks.statusCode} ${tasks.body}`);
  const taskId = tasks.json<{ tasks: { id: string }[] }>().tasks[0]!.id;
  const collection = await client.post('/api/collections', { name: collectionName });
  if (collection.statusCode >= 300) throw new Error(`collection: ${collection.statusCode} ${collection.body}`);
  const collectionId = collection.json<{ collection: { id: string } }>().collection.id;
  await activateSubscription(t, client.userId, 'starter');
  const templateTitle = 'VICTIM-TMPL-5e0c';
  const template = await client.post('/api/templates', { goal_id: goal.id, title: templateTitle });
  if (template.statusCode >= 300) throw new Error(`template: ${template.statusCode} ${template.body}`);
  const templateId = template.json<{ template: { id: string } }>().template.id;
  return {
    client,
    goalId: goal.id,
    taskId,
    collectionId,
    templateId,
    secrets: [goalTitle, taskTitle, collectionName, templateTitle, client.email],
    snapshot: async () => {
      const reads = await Promise.all(
        [
          '/api/goals/list',
          `/api/goals/${goal.id}`,
          '/api/collections',
          '/api/templates',
          '/api/user/get-user-data',
        ].map(async (url) => `${url} ${(await client.get(url)).body}`),
      );
      return reads.join('\n');
    },
  };
}
