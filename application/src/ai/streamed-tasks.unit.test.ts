import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamedTasks } from './streamed-tasks';

const answer = {
  tasks: [
    { title: 'Write "{the}" outline', estimatedMinutes: 20, energyLevel: 'low', description: 'a } b [ c \\" d' },
    { title: 'Draft [part] one', estimatedMinutes: 45, energyLevel: 'high', tags: [{ x: 1 }] },
    { title: 'Review it', estimatedMinutes: 10, energyLevel: 'medium' },
  ],
};

describe('StreamedTasks', () => {
  it('hands out each task when its closing brace arrives, braces inside strings and nested values ignored', () => {
    const reader = new StreamedTasks();
    const text = JSON.stringify(answer);
    const cut = text.indexOf('"Draft');
    expect(reader.push(text.slice(0, cut))).toEqual([answer.tasks[0]]);
    expect(reader.push(text.slice(cut))).toEqual([answer.tasks[1], answer.tasks[2]]);
    expect(reader.content).toBe(text);
  });

  it('property: however the answer is cut into chunks, the tasks come out whole and in order', () => {
    const text = JSON.stringify(answer, null, 1);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 40 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), text.length];
        const reader = new StreamedTasks();
        const out = points.slice(1).flatMap((end, i) => reader.push(text.slice(points[i], end)));
        expect(out).toEqual(answer.tasks);
      }),
    );
  });
});
