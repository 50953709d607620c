import { randomUUID } from 'node:crypto';
import type { AttributionRecord } from '@stride/domain/analytics/acquisition-channel';
import { eventRegistry } from '@stride/domain/event-catalogue';
import { streamIds } from '@stride/domain/stream-ids';
import type { PostgresEventStore } from '@stride/platform/event-store/event-store';
import type { AppendResult } from '@stride/platform/event-store/types';

/**
 * Appends the events the deciders produce for a user's commands, at chosen instants, so tests can check
 * what the pipeline derives from them. Every event is validated by the registry before it is appended.
 */
export class UserActivity {
  lastPosition = 0;

  constructor(
    private readonly store: PostgresEventStore,
    readonly userId: string,
  ) {}

  private async append(streamId: string, type: string, data: unknown, at: string): Promise<AppendResult> {
    const event = eventRegistry.validateForAppend({ type, data });
    const result = await this.store.append(
      streamId,
      [{ type, data: event.data, schemaVersion: eventRegistry.schemaVersionOf(type) }],
      { metadata: { userId: this.userId }, now: new Date(at) },
    );
    this.lastPosition = Math.max(this.lastPosition, result.lastPosition);
    return result;
  }

  register(at: string, attribution: AttributionRecord | null = null) {
    return this.append(
      streamIds.user(this.userId),
      'UserRegistered',
      {
        userId: this.userId,
        email: `${this.userId}@example.com`,
        name: this.userId,
        attribution,
      },
      at,
    );
  }

  completeOnboarding(at: string) {
    return this.append(streamIds.user(this.userId), 'OnboardingCompleted', {}, at);
  }

  async createGoal(goalId: string, at: string) {
    await this.append(
      streamIds.goal(goalId),
      'GoalCreated',
      {
        goalId,
        userId: this.userId,
        title: `Goal ${goalId}`,
        description: '',
        targetDate: null,
        createdAt: at,
        category: 'personal',
        priority: 'medium',
      },
      at,
    );
    return this.append(streamIds.usage(this.userId), 'GoalCounted', { month: at.slice(0, 7), goalId }, at);
  }

  /** A batch of tasks; an AI batch also counts one AI generation. */
  async generateTasks(goalId: string, taskIds: readonly string[], at: string, source: 'ai' | 'manual' = 'ai') {
    const result = await this.append(
      streamIds.goal(goalId),
      'TasksBatchGenerated',
      {
        batchId: randomUUID(),
        source,
        tasks: taskIds.map((taskId) => ({
          taskId,
          title: `Task ${taskId}`,
          estimatedMinutes: 30,
          energyLevel: 'medium',
        })),
        aiMetadata: null,
        generatedAt: at,
      },
      at,
    );
    if (source !== 'ai') return result;
    return this.append(
      streamIds.usage(this.userId),
      'AiGenerationCounted',
      { month: at.slice(0, 7), goalId, units: 1 },
      at,
    );
  }

  addTask(goalId: string, taskId: string, at: string, estimatedMinutes = 30) {
    return this.append(
      streamIds.goal(goalId),
      'TaskAdded',
      {
        taskId,
        title: `Task ${taskId}`,
        estimatedMinutes,
        energyLevel: 'low',
        addedAt: at,
      },
      at,
    );
  }

  completeTask(goalId: string, taskId: string, at: string, actualMinutes?: number) {
    return this.append(
      streamIds.goal(goalId),
      'TaskCompleted',
      {
        taskId,
        completedAt: at,
        ...(actualMinutes === undefined ? {} : { actualMinutes }),
      },
      at,
    );
  }

  reopenTask(goalId: string, taskId: string, at: string) {
    return this.append(streamIds.goal(goalId), 'TaskReopened', { taskId }, at);
  }

  completeGoal(goalId: string, at: string) {
    return this.append(streamIds.goal(goalId), 'GoalCompleted', { completedAt: at }, at);
  }

  abandonGoal(goalId: string, at: string) {
    return this.append(streamIds.goal(goalId), 'GoalAbandoned', { abandonedAt: at }, at);
  }

  activateSubscription(tier: 'starter' | 'pro' | 'team', at: string) {
    return this.append(
      streamIds.billing(this.userId),
      'SubscriptionActivated',
      {
        tier,
        status: 'active',
        subscriptionId: `sub_${this.userId}`,
        customerId: `cus_${this.userId}`,
        currentPeriodEnd: null,
        occurredAt: at,
      },
      at,
    );
  }
}
