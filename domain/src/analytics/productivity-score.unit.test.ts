import { describe, expect, it } from 'vitest';
import { productivityScore } from './productivity-score';

const day = (tasksCompleted: number, goalsCompleted: number, sessionMinutes: number) =>
  productivityScore({ tasksCompleted, goalsCompleted, sessionMinutes });

describe('productivity score', () => {
  describe('given an idle day', () => {
    it('when nothing was done, then the score is 0', () => {
      expect(day(0, 0, 0)).toBe(0);
    });
  });

  describe('given completed tasks only', () => {
    it('when 1 to 5 tasks, then 10 points each', () => {
      expect(day(1, 0, 0)).toBe(10);
      expect(day(3, 0, 0)).toBe(30);
      expect(day(5, 0, 0)).toBe(50);
    });

    it('when more than 5 tasks, then tasks stay capped at 50', () => {
      expect(day(12, 0, 0)).toBe(50);
    });
  });

  describe('given completed goals', () => {
    it('when one or two goals, then 25 points each', () => {
      expect(day(0, 1, 0)).toBe(25);
      expect(day(0, 2, 0)).toBe(50);
    });
  });

  describe('given session time', () => {
    it('when 15 minutes, then half of the 25 session points (rounded)', () => {
      expect(day(0, 0, 15)).toBe(13);
    });

    it('when 30 minutes or more, then the full 25', () => {
      expect(day(0, 0, 30)).toBe(25);
      expect(day(0, 0, 240)).toBe(25);
    });

    it('when 6 minutes, then 5 points (linear)', () => {
      expect(day(0, 0, 6)).toBe(5);
    });
  });

  describe('given a very productive day', () => {
    it('when the parts add up to more than 100, then the score is capped at 100', () => {
      expect(day(5, 2, 30)).toBe(100);
      expect(day(5, 1, 30)).toBe(100);
      expect(day(4, 1, 12)).toBe(75);
    });
  });

  describe('given nonsense input', () => {
    it('when counts are negative or not finite, then they count as 0', () => {
      expect(day(-3, -1, Number.NaN)).toBe(0);
    });
  });
});
