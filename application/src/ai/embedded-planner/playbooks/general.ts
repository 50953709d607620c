import type { Playbook } from '../playbook';

/**
 * When no playbook fits: a plan any goal can use (clarify, gather, a first small step, milestones,
 * review) that names the goal, and never the steps of another domain.
 */
export const general: Playbook = {
  domain: 'general',
  categories: [],
  keywords: [],
  steps: [
    {
      id: 'done',
      phase: 'clarify',
      titles: [
        'Write what "done" looks like for {pursuit}, in one measurable sentence',
        'Describe in three lines how you will know {pursuit} has worked',
      ],
      minutes: 15,
      energy: 'high',
      rank: 1,
    },
    {
      id: 'why',
      phase: 'clarify',
      titles: ['Write why {pursuit} matters to you now', 'Note what would change in your week once this is done'],
      minutes: 10,
      energy: 'medium',
      rank: 3,
    },
    {
      id: 'gather',
      phase: 'prepare',
      titles: [
        'List what you need for {pursuit}: time, money, people, information',
        'Collect what you already have for this and note what is missing',
      ],
      minutes: 25,
      energy: 'low',
      rank: 1,
    },
    {
      id: 'ask',
      phase: 'prepare',
      titles: [
        'Ask someone who has done something similar for their advice',
        'Find one guide or example of someone who managed this',
      ],
      minutes: 30,
      energy: 'medium',
      rank: 2,
    },
    {
      id: 'first',
      phase: 'start',
      titles: [
        'Do the smallest first step and note how it went',
        'Spend {minutes} focused minutes on the first concrete action',
      ],
      minutes: 20,
      pace: 'timed',
      energy: 'high',
      rank: 1,
    },
    {
      id: 'obstacles',
      phase: 'prepare',
      titles: [
        'List what could get in the way and one answer for each',
        'Decide when in your week you will work on this',
      ],
      minutes: 15,
      energy: 'low',
      rank: 2,
    },
    {
      id: 'milestones',
      phase: 'milestone',
      titles: [
        'Split the goal into three milestones with a date for each',
        'Set three checkpoints between now and {targetDate}',
        'Set three checkpoints and put them in your calendar',
      ],
      minutes: 20,
      energy: 'medium',
      rank: 1,
    },
    {
      id: 'second',
      phase: 'build',
      titles: ['Do the next step towards the first milestone', 'Book a focused session to reach the first milestone'],
      minutes: 30,
      energy: 'high',
      rank: 2,
    },
    {
      id: 'share',
      phase: 'build',
      titles: ['Tell one person about the goal and ask them to check in', 'Share your progress with someone you trust'],
      minutes: 10,
      energy: 'low',
      rank: 3,
    },
    {
      id: 'review',
      phase: 'review',
      titles: [
        'Review progress each week and adjust the next steps',
        'Look back after two weeks: keep, change or drop each step',
      ],
      minutes: 15,
      energy: 'low',
      rank: 1,
    },
  ],
};
