import { EventEmitter } from 'node:events';
import type { JobOutcome, JobProcessor, QueueDefinition } from './job-queues';
import { UnknownJobError } from './job-queues';

/** The queue definitions, registered processors and outcome listeners both implementations share. */
export class ProcessorRegistry {
  private readonly processors = new Map<string, Map<string, JobProcessor>>();
  private readonly definitions = new Map<string, QueueDefinition>();
  private readonly outcomes = new EventEmitter<{ outcome: [JobOutcome] }>();

  constructor(definitions: readonly QueueDefinition[]) {
    for (const definition of definitions) this.definitions.set(definition.name, definition);
    this.outcomes.setMaxListeners(100);
  }

  get queues(): readonly QueueDefinition[] {
    return [...this.definitions.values()];
  }

  definition(queue: string): QueueDefinition {
    const definition = this.definitions.get(queue);
    if (!definition) throw new Error(`Unknown queue '${queue}'`);
    return definition;
  }

  register(queue: string, jobName: string, processor: JobProcessor): void {
    this.definition(queue);
    const byName = this.processors.get(queue) ?? new Map<string, JobProcessor>();
    if (byName.has(jobName)) throw new Error(`A processor for '${jobName}' on '${queue}' is already registered`);
    byName.set(jobName, processor);
    this.processors.set(queue, byName);
  }

  /** Queues that have at least one processor in this process. */
  queuesWithProcessors(): QueueDefinition[] {
    return this.queues.filter((queue) => (this.processors.get(queue.name)?.size ?? 0) > 0);
  }

  processor(queue: string, jobName: string): JobProcessor {
    const processor = this.processors.get(queue)?.get(jobName);
    if (!processor) throw new UnknownJobError(queue, jobName);
    return processor;
  }

  emit(outcome: JobOutcome): void {
    this.outcomes.emit('outcome', outcome);
  }

  onOutcome(listener: (outcome: JobOutcome) => void): () => void {
    this.outcomes.on('outcome', listener);
    return () => this.outcomes.off('outcome', listener);
  }
}
