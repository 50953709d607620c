import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventRegistry } from '../event-catalogue';
import { dataSubjectOf, mapPersonalData, personalDataPaths } from './personal-data';

describe('personal data in events', () => {
  it('names only event types that are stored', () => {
    for (const type of Object.keys(personalDataPaths)) {
      expect(() => eventRegistry.schemaVersionOf(type), type).not.toThrow();
    }
  });

  it('replaces the personal strings of an event, nested and in lists, and leaves the rest alone', () => {
    const data = {
      batchId: 'b-1',
      tasks: [
        { taskId: 't-1', title: 'Buy shoes', description: null, estimatedMinutes: 30 },
        { taskId: 't-2', title: 'Run 5 km', description: 'slowly', estimatedMinutes: 40 },
      ],
    };
    const mapped = mapPersonalData('TasksBatchGenerated', data, (text) => `<${text.length}>`);
    expect(mapped).toEqual({
      batchId: 'b-1',
      tasks: [
        { taskId: 't-1', title: '<9>', description: null, estimatedMinutes: 30 },
        { taskId: 't-2', title: '<8>', description: '<6>', estimatedMinutes: 40 },
      ],
    });
    expect(data.tasks[0]!.title).toBe('Buy shoes');
    expect(mapPersonalData('GoalUpdated', { changes: { priority: 'high' } }, () => 'x')).toEqual({
      changes: { priority: 'high' },
    });
    expect(mapPersonalData('TaskCompleted', { taskId: 't-1' }, () => 'x')).toEqual({ taskId: 't-1' });
    expect(
      mapPersonalData('UserPreferencesUpdated', { preferences: { motto: 'Carpe diem', compact: true } }, () => 'x'),
    ).toEqual({ preferences: { motto: 'x', compact: true } });
  });

  it('property: after replacing, no personal string of a user event is left in its data', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (email, name) => {
        const mapped = mapPersonalData('UserRegistered', { userId: 'u-1', email, name }, () => '*');
        expect(mapped).toEqual({ userId: 'u-1', email: '*', name: '*' });
      }),
    );
  });

  it('the subject of a user-named stream is that user, of a goal stream the writer', () => {
    expect(dataSubjectOf('user-u-1', 'admin-9')).toBe('u-1');
    expect(dataSubjectOf('goal-g-1', 'u-2')).toBe('u-2');
  });
});
