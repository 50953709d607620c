/**
 * The job queues of the product, declared once: the application's queue definitions and the admin API's
 * failed-jobs route (contracts/analytics.ts) both read this list.
 */
export const queueNameValues = ['metrics', 'scores', 'billing', 'planner'] as const;
export type QueueName = (typeof queueNameValues)[number];
