import { describe, expect, it } from 'vitest';
import { gerund, readGoalSubject, truncateWords } from './goal-subject';

describe('reading a goal title', () => {
  describe('given a verb and an object', () => {
    it.each([
      ['Run a 10k', '10k', 'your 10k', 'running a 10k'],
      ['Write a fantasy novel', 'fantasy novel', 'your fantasy novel', 'writing a fantasy novel'],
      ['Declutter the garage', 'garage', 'the garage', 'decluttering the garage'],
      ['Pay off my credit card debt', 'credit card debt', 'your credit card debt', 'paying off your credit card debt'],
      ['Move to Berlin', 'Berlin', 'Berlin', 'moving to Berlin'],
      [
        "Plan Sarah's 30th birthday party",
        "Sarah's 30th birthday party",
        "Sarah's 30th birthday party",
        "planning Sarah's 30th birthday party",
      ],
    ])('when %j, then subject %j, owned %j, pursuit %j', (title, subject, yourSubject, pursuit) => {
      expect(readGoalSubject(title)).toEqual({ subject, yourSubject, pursuit });
    });
  });

  describe('given filler words and deadlines in the title', () => {
    it('when "I want to get a promotion", then the filler is dropped', () => {
      expect(readGoalSubject('I want to get a promotion')).toMatchObject({
        subject: 'promotion',
        pursuit: 'getting a promotion',
      });
    });

    it('when a time phrase ends the title, then it is not part of the subject', () => {
      expect(readGoalSubject('Read 20 books this year').subject).toBe('20 books');
      expect(readGoalSubject('Run a marathon by October').subject).toBe('marathon');
      expect(readGoalSubject('Find a new job in 3 months').subject).toBe('new job');
    });

    it('when a frequency ends the title, then it stays', () => {
      expect(readGoalSubject('Go to the gym 3 times a week').pursuit).toBe('going to the gym 3 times a week');
    });
  });

  describe('given "learn to ..."', () => {
    it('when the activity is a verb, then the subject is its gerund', () => {
      expect(readGoalSubject('Learn to cook').subject).toBe('cooking');
      expect(readGoalSubject('Learn how to code').subject).toBe('coding');
    });

    it('when the verb is play or speak, then the subject is the thing played or spoken', () => {
      expect(readGoalSubject('Learn to play the guitar').subject).toBe('guitar');
    });
  });

  describe('given a title without a known verb', () => {
    it('when read, then the pursuit quotes the title', () => {
      expect(readGoalSubject('Marathon season').pursuit).toBe('"Marathon season"');
    });
  });

  describe('given helpers', () => {
    it('when making gerunds, then spelling rules apply', () => {
      expect(['learn', 'write', 'get', 'plan', 'see', 'die', 'visit'].map(gerund)).toEqual([
        'learning',
        'writing',
        'getting',
        'planning',
        'seeing',
        'dying',
        'visiting',
      ]);
    });

    it('when truncating, then at a word boundary within the limit', () => {
      expect(truncateWords('one two three four', 9)).toBe('one two');
      expect(truncateWords('short', 9)).toBe('short');
    });
  });
});
