import { describe, expect, it } from 'vitest';
import { tasksForEnergy, type EnergyTask } from './energy-workflow';

interface NamedTask extends EnergyTask {
  readonly name: string;
}

const task = (name: string, energyLevel: EnergyTask['energyLevel'], estimatedMinutes: number): NamedTask => ({
  name,
  energyLevel,
  estimatedMinutes,
  status: 'todo',
  deletedAt: null,
});

const tasks: NamedTask[] = [
  task('deep work', 'high', 90),
  task('email', 'low', 15),
  task('review', 'medium', 45),
  task('sprint', 'high', 20),
  task('filing', 'low', 5),
  task('call', 'medium', 10),
];
const names = (found: readonly NamedTask[]) => found.map((found) => found.name);

describe('Energy workflow', () => {
  it('at low energy, offers only low-energy tasks', () => {
    expect(names(tasksForEnergy(tasks, 'low'))).toEqual(['email', 'filing']);
  });

  it('at medium energy, offers medium then low tasks, otherwise in the given order', () => {
    expect(names(tasksForEnergy(tasks, 'medium'))).toEqual(['review', 'call', 'email', 'filing']);
  });

  it('at high energy, offers every task, closest energy match first', () => {
    expect(names(tasksForEnergy(tasks, 'high'))).toEqual(['deep work', 'sprint', 'review', 'call', 'email', 'filing']);
  });

  it('with available minutes, leaves out longer tasks and puts shorter ones first within each energy level', () => {
    expect(names(tasksForEnergy(tasks, 'high', { availableMinutes: 45 }))).toEqual([
      'sprint',
      'call',
      'review',
      'filing',
      'email',
    ]);
  });

  it('keeps a task that takes exactly the available minutes', () => {
    expect(names(tasksForEnergy(tasks, 'low', { availableMinutes: 15 }))).toEqual(['filing', 'email']);
  });

  it('leaves out completed and deleted tasks', () => {
    const closed = [
      { ...task('done', 'low', 5), status: 'done' },
      { ...task('deleted', 'low', 5), deletedAt: '2025-03-01T00:00:00.000Z' },
      { ...task('started', 'low', 5), status: 'in_progress' },
    ];
    expect(names(tasksForEnergy(closed, 'high'))).toEqual(['started']);
  });

  it('does not reorder the given list', () => {
    const given = [...tasks];
    tasksForEnergy(given, 'high', { availableMinutes: 60 });
    expect(given).toEqual(tasks);
  });
});
