import { z } from 'zod';
import { goalFields, goalPrioritySchema } from '../goals/goal-events';
import type { EventOf } from '../shared/create-event';
import { assertNever, defineEvent } from '../shared/event';
import { idSchema } from '../shared/id';
import { taskInputSchema } from '../tasks/task-events';

/** The most tasks one template holds (a batch of tasks holds up to 100; a starting plan is much shorter). */
export const templateLimits = { tasksMax: 50 } as const;

/** One task of a template: a task's own fields (task-events.ts), without an id (each goal gets new ones). */
export const templateTaskSchema = taskInputSchema.omit({ taskId: true });
export type TemplateTask = z.output<typeof templateTaskSchema>;

/** A template's fields as stored; the HTTP contracts build on them. */
export const templateFields = {
  title: goalFields.title,
  description: goalFields.description,
  category: goalFields.category,
  priority: goalPrioritySchema,
  tasks: z.array(templateTaskSchema).min(1, 'A template needs at least one task').max(templateLimits.tasksMax),
};

/** A user's own template ("save this goal as a template"); its text is personal (privacy/personal-data.ts). */
export const goalTemplateSaved = defineEvent({
  type: 'GoalTemplateSaved',
  schemaVersion: 1,
  schema: z.object({
    templateId: idSchema,
    userId: z.string().min(1),
    title: templateFields.title,
    description: templateFields.description,
    category: templateFields.category,
    priority: templateFields.priority,
    tasks: templateFields.tasks,
    /** The goal it was saved from (null when written directly). */
    sourceGoalId: z.string().min(1).nullable(),
  }),
});

export const goalTemplateDeleted = defineEvent({
  type: 'GoalTemplateDeleted',
  schemaVersion: 1,
  schema: z.object({}),
});

export const templateEventDefinitions = [goalTemplateSaved, goalTemplateDeleted] as const;

export type TemplateEvent = EventOf<(typeof templateEventDefinitions)[number]>;

export interface SavedTemplate {
  readonly templateId: string;
  readonly userId: string;
  readonly title: string;
  readonly deleted: boolean;
}

/** null until GoalTemplateSaved. */
export type TemplateState = SavedTemplate | null;

export const initialState = (): TemplateState => null;

export const evolve = (state: TemplateState, event: TemplateEvent): TemplateState => {
  if (event.type === 'GoalTemplateSaved') {
    const { templateId, userId, title } = event.data;
    return { templateId, userId, title, deleted: false };
  }
  if (state === null) return state;
  switch (event.type) {
    case 'GoalTemplateDeleted':
      return { ...state, deleted: true };
    default:
      return assertNever(event);
  }
};
