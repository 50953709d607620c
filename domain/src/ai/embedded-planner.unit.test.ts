import { describe, expect, it } from 'vitest';
import { breakdownResultSchema } from './breakdown';
import type { GoalForBreakdown, GoalPriority } from './breakdown';
import {
  deadlineFor,
  detectGoalDomain,
  embeddedPlannerMetadata,
  planBreakdown,
  roundMinutes,
  taskCountFor,
} from './embedded-planner';
import type { DeadlineHorizon } from './embedded-planner';
import { playbooks } from './planner-playbooks';
import type { GoalDomain } from './planner-playbooks';

const TODAY = '2025-06-01';
const goal = (title: string, extra: Partial<GoalForBreakdown> = {}): GoalForBreakdown => ({
  title,
  category: 'personal',
  priority: 'medium',
  ...extra,
});
const titles = (g: GoalForBreakdown, today = TODAY) => planBreakdown(g, { today }).tasks.map((task) => task.title);

/** One goal per playbook, as a user might type it. */
const samples: Readonly<Record<GoalDomain, GoalForBreakdown>> = {
  running: goal('Run a 10k'),
  language: goal('Learn Spanish'),
  reading: goal('Read 20 books this year'),
  writing: goal('Write a fantasy novel'),
  learning: goal('Learn to play the guitar'),
  software: goal('Build a portfolio website'),
  career: goal('Find a new job in data science'),
  finance: goal('Save $5,000 for an emergency fund'),
  travel: goal('Travel to Japan'),
  event: goal("Plan Sarah's 30th birthday party"),
  moving: goal('Move to Berlin'),
  home: goal('Declutter the garage'),
  fitness: goal('Go to the gym 3 times a week'),
  health: goal('Sleep 8 hours a night'),
  general: goal('Get organized'),
};

describe('embedded planner', () => {
  describe('given goals from every domain', () => {
    it.each(Object.entries(samples))('when %s is detected, then its playbook is the one used', (domain, g) => {
      expect(detectGoalDomain(g)).toBe(domain);
    });

    it('then the samples cover every playbook', () => {
      expect(Object.keys(samples).sort()).toEqual(playbooks.map((playbook) => playbook.domain).sort());
    });

    it("then every playbook's three best-ranked templates mix deep work (high) and admin (low)", () => {
      for (const playbook of playbooks) {
        const top = [...playbook.templates].sort((x, y) => x.rank - y.rank).slice(0, 3);
        expect(top.map((template) => template.energy)).toEqual(expect.arrayContaining(['high', 'low']));
      }
    });

    it('then every playbook can fill the largest plan (10 tasks) with distinct templates', () => {
      for (const playbook of playbooks) {
        expect(playbook.templates.length).toBeGreaterThanOrEqual(10);
        expect(new Set(playbook.templates.map((template) => template.title)).size).toBe(playbook.templates.length);
      }
    });

    it.each(Object.entries(samples))(
      'when %s is planned, then 3..10 valid tasks with unique titles and mixed energy',
      (_, g) => {
        const result = planBreakdown(g, { today: TODAY });
        expect(breakdownResultSchema.safeParse(result).success).toBe(true);
        expect(result.tasks.length).toBeGreaterThanOrEqual(3);
        expect(result.tasks.length).toBeLessThanOrEqual(10);
        const lowered = result.tasks.map((task) => task.title.toLowerCase());
        expect(new Set(lowered).size).toBe(lowered.length);
        const energies = new Set(result.tasks.map((task) => task.energyLevel));
        expect(energies.has('high')).toBe(true);
        expect(energies.has('low')).toBe(true);
      },
    );

    it('when any two different samples are planned, then their task lists differ', () => {
      const lists = Object.values(samples).map((g) => titles(g).join('|'));
      expect(new Set(lists).size).toBe(lists.length);
    });

    it('when goals come from different domains, then they share almost no tasks', () => {
      const running = new Set(titles(samples.running));
      const writing = titles(samples.writing);
      expect(writing.filter((title) => running.has(title))).toEqual([]);
    });
  });

  describe('given goals in the same domain', () => {
    it('when the subject differs, then the tasks name it', () => {
      expect(titles(goal('Run a 10k'))).toContain('Research beginner 10k training plans');
      expect(titles(goal('Run a half marathon'))).toContain('Research beginner half marathon training plans');
      expect(titles(goal('Learn Japanese')).join('\n')).toContain('Japanese');
      expect(titles(goal('Learn Japanese'))).not.toEqual(titles(goal('Learn French')));
    });

    it.each([
      ['Run a marathon', 'marathon'],
      ['Learn Italian', 'Italian'],
      ['Write a memoir', 'memoir'],
      ['Launch my SaaS MVP', 'SaaS MVP'],
      ['Travel to Portugal', 'Portugal'],
      ['Save $10k for a house deposit', '$10k'],
      ['Get a promotion', 'promotion'],
      ['Quit smoking', 'smoking'],
      ['Read 12 books', '12 books'],
    ])('when planning %j, then at least one task mentions %j', (title, subject) => {
      expect(titles(goal(title)).some((t) => t.includes(subject))).toBe(true);
    });
  });

  describe('given how the domain is recognised', () => {
    it('when the title is neutral, then the category decides', () => {
      expect(detectGoalDomain(goal('Q3 plan', { category: 'finance' }))).toBe('finance');
      expect(detectGoalDomain(goal('Q3 plan', { category: 'Travel' }))).toBe('travel');
    });

    it('when the title is neutral, then the description decides', () => {
      expect(detectGoalDomain(goal('Project Phoenix', { description: 'A mobile app with a small backend' }))).toBe(
        'software',
      );
    });

    it('when title and description point different ways, then the title weighs more', () => {
      expect(detectGoalDomain(goal('Write a blog', { description: 'about my trip: flights, itinerary, visa' }))).toBe(
        'writing',
      );
    });

    it('when nothing is recognisable, then the general playbook is used', () => {
      expect(detectGoalDomain(goal('Project Phoenix'))).toBe('general');
    });

    it('when title words compete with a broad category, then the more specific reading wins', () => {
      expect(detectGoalDomain(goal('Learn Spanish', { category: 'learning' }))).toBe('language');
      expect(detectGoalDomain(goal('Run a 10k', { category: 'fitness' }))).toBe('running');
      expect(detectGoalDomain(goal('Write a book', { category: 'personal' }))).toBe('writing');
      expect(detectGoalDomain(goal('Read 30 books', { category: 'personal' }))).toBe('reading');
    });
  });

  describe('given the same input twice', () => {
    it('when planned, then the result is identical (deterministic)', () => {
      const g = goal('Write a fantasy novel', { priority: 'high', targetDate: '2026-01-15' });
      expect(planBreakdown(g, { today: TODAY })).toEqual(planBreakdown({ ...g }, { today: TODAY }));
    });
  });

  describe('given priority', () => {
    it('when higher, then more tasks (no target date)', () => {
      const count = (priority: GoalPriority) => titles(goal('Write a fantasy novel', { priority })).length;
      expect(count('low')).toBeLessThan(count('medium'));
      expect(count('medium')).toBeLessThan(count('high'));
    });
  });

  describe('given the target date', () => {
    const base = goal('Build a portfolio website', { priority: 'medium' });
    const plan = (targetDate: string | null) => planBreakdown({ ...base, targetDate }, { today: TODAY }).tasks;
    const average = (tasks: readonly { estimatedMinutes: number }[]) =>
      tasks.reduce((sum, task) => sum + task.estimatedMinutes, 0) / tasks.length;

    it('when the deadline is close, then fewer tasks than with none, and far gives more', () => {
      expect(plan('2025-06-04').length).toBeLessThan(plan(null).length);
      expect(plan('2026-09-01').length).toBeGreaterThan(plan(null).length);
    });

    it('when the deadline is close, then tasks are bigger and come biggest first', () => {
      const close = plan('2025-06-04');
      expect(average(close)).toBeGreaterThan(average(plan(null)));
      const minutes = close.map((task) => task.estimatedMinutes);
      expect(minutes).toEqual([...minutes].sort((a, b) => b - a));
    });

    it('when the target date has passed, then the tasks are as big as for a close deadline', () => {
      expect(average(plan('2025-05-01'))).toBeGreaterThan(average(plan(null)));
    });

    it.each([
      ['long', '2026-01-01'],
      ['very long', '2026-09-01'],
    ])('when the deadline is %s, then the steps are smaller', (_, targetDate) => {
      const far = plan(targetDate);
      const none = plan(null);
      const pairs = far.flatMap((task) => {
        const other = none.find((candidate) => candidate.title === task.title);
        return other ? [[task.estimatedMinutes, other.estimatedMinutes] as const] : [];
      });
      expect(pairs.length).toBeGreaterThan(0);
      expect(pairs.every(([farMinutes, noneMinutes]) => farMinutes <= noneMinutes)).toBe(true);
      expect(pairs.some(([farMinutes, noneMinutes]) => farMinutes < noneMinutes)).toBe(true);
    });

    it('when there is a target date, then finish-by dates are spread up to it', () => {
      const tasks = plan('2025-07-01');
      const dates = tasks.map((task) => /Aim to finish by (\d{4}-\d{2}-\d{2})/.exec(task.description ?? '')?.[1]);
      expect(dates.every((date) => date !== undefined)).toBe(true);
      expect(dates.at(-1)).toBe('2025-07-01');
      expect([...dates].sort()).toEqual(dates);
      expect(dates[0]! > TODAY).toBe(true);
    });

    it('when the target date has passed, then the first task says so and no dates are suggested', () => {
      const tasks = plan('2025-05-01');
      expect(tasks[0]?.description).toContain('target date has passed');
      expect(tasks.some((task) => task.description?.includes('Aim to finish by'))).toBe(false);
    });

    it('when the target date is an ISO instant, then its calendar day is used', () => {
      expect(plan('2025-07-01T00:00:00.000Z')).toEqual(plan('2025-07-01'));
    });
  });

  describe('given every playbook, priority and horizon', () => {
    const targets: Readonly<Record<Exclude<DeadlineHorizon, 'none'>, string>> = {
      overdue: '2025-05-20',
      urgent: '2025-06-05',
      short: '2025-06-20',
      medium: '2025-08-01',
      long: '2026-03-01',
      'very-long': '2027-06-01',
    };
    const cases = Object.values(samples).flatMap((g) =>
      (['low', 'medium', 'high'] as const).flatMap((priority) =>
        [null, ...Object.values(targets)].map((targetDate) => ({ ...g, priority, targetDate })),
      ),
    );

    it('when planned, then every plan is valid, sized 3..10, unique and has deep work and admin', () => {
      for (const g of cases) {
        const { tasks } = planBreakdown(g, { today: TODAY });
        expect(tasks.length).toBe(taskCountFor(g.priority, deadlineFor(g.targetDate, TODAY).horizon));
        expect(new Set(tasks.map((task) => task.title.toLowerCase())).size).toBe(tasks.length);
        expect(tasks.some((task) => task.energyLevel === 'high')).toBe(true);
        expect(tasks.some((task) => task.energyLevel === 'low')).toBe(true);
        expect(breakdownResultSchema.safeParse({ tasks }).success).toBe(true);
      }
    });
  });

  describe('given deadline arithmetic', () => {
    it.each([
      [null, 'none', null],
      ['not a date', 'none', null],
      ['2025-05-31', 'overdue', -1],
      ['2025-06-01', 'urgent', 0],
      ['2025-06-08', 'urgent', 7],
      ['2025-06-09', 'short', 8],
      ['2025-07-01', 'short', 30],
      ['2025-07-02', 'medium', 31],
      ['2025-09-29', 'medium', 120],
      ['2025-09-30', 'long', 121],
      ['2026-06-01', 'long', 365],
      ['2026-06-02', 'very-long', 366],
    ] as const)('when the target is %s, then %s with %s days left', (target, horizon, daysLeft) => {
      expect(deadlineFor(target, TODAY)).toEqual({ horizon, daysLeft });
    });

    it('when today is malformed, then it throws', () => {
      expect(() => planBreakdown(goal('Run a 10k'), { today: '01/06/2025' })).toThrow(RangeError);
    });
  });

  describe('given the sizing rules', () => {
    it.each([
      ['low', 'urgent', 3],
      ['high', 'urgent', 4],
      ['low', 'short', 3],
      ['medium', 'none', 5],
      ['high', 'medium', 7],
      ['low', 'very-long', 7],
      ['high', 'very-long', 10],
    ] as const)('when priority is %s and the horizon %s, then %i tasks', (priority, horizon, count) => {
      expect(taskCountFor(priority, horizon)).toBe(count);
    });

    it('when rounding minutes, then 5-minute steps below an hour, quarters above, within 5..480', () => {
      expect([1, 22, 23, 52, 68, 83, 1000].map(roundMinutes)).toEqual([5, 20, 25, 50, 75, 90, 480]);
    });
  });

  describe('given the planner metadata', () => {
    it('when recorded on a goal, then it names the embedded provider and model', () => {
      expect(embeddedPlannerMetadata).toEqual({ provider: 'embedded', model: 'stride-planner-v1' });
    });
  });
});
