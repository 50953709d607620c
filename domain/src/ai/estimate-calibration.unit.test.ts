import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ESTIMATE_RATIO_LIMITS, estimateCorrectionSchema, type EnergyLevel } from './breakdown';
import {
  CALIBRATION_SETTINGS,
  applyEstimateCorrection,
  calibrateEstimates,
  correctionFor,
  describeCalibration,
  ratioOf,
  type CompletedTaskSample,
} from './estimate-calibration';

const tasks = (
  count: number,
  estimatedMinutes: number,
  actualMinutes: number,
  energyLevel: EnergyLevel = 'medium',
  category = 'fitness',
): CompletedTaskSample[] =>
  Array.from({ length: count }, () => ({ estimatedMinutes, actualMinutes, energyLevel, category }));

describe('estimate calibration', () => {
  describe('given no completed tasks', () => {
    it('then every ratio is 1 and nothing is said', () => {
      const calibration = calibrateEstimates([]);
      expect(calibration.overall).toEqual({ ratio: 1, samples: 0, confident: false });
      expect(calibration.byEnergy.high.ratio).toBe(1);
      expect(describeCalibration(calibration)).toBeNull();
      expect(applyEstimateCorrection(25, 'high', correctionFor(calibration))).toBe(25);
    });
  });

  describe('given fewer tasks than the minimum sample', () => {
    it('then the ratio stays 1 however far off they were', () => {
      const few = tasks(CALIBRATION_SETTINGS.minSamples - 1, 20, 60, 'high');
      expect(ratioOf(few)).toEqual({ ratio: 1, samples: 4, confident: false });
    });
  });

  describe('given 30 high-energy tasks estimated at 40 minutes that took 60', () => {
    const calibration = calibrateEstimates([...tasks(30, 40, 60, 'high'), ...tasks(10, 20, 20, 'low')]);

    it('then the high-energy ratio is 1.5 shrunk toward 1: 1.5^(30/35)', () => {
      expect(calibration.byEnergy.high.ratio).toBeCloseTo(Math.pow(1.5, 30 / 35), 6);
      expect(calibration.byEnergy.high.confident).toBe(true);
    });

    it('then low-energy tasks that took as long as estimated keep ratio 1', () => {
      expect(calibration.byEnergy.low.ratio).toBeCloseTo(1, 6);
    });

    it('then the sentence says so in words', () => {
      expect(describeCalibration(calibration)).toBe('You usually take about 1.4x longer on high-energy tasks.');
    });

    it('then a new 30-minute high-energy estimate becomes 40 minutes, a low one stays', () => {
      const correction = correctionFor(calibration);
      expect(applyEstimateCorrection(30, 'high', correction)).toBe(40); // 30 * 1.415 = 42.4 -> 40
      expect(applyEstimateCorrection(30, 'low', correction)).toBe(30);
    });

    it('then medium-energy tasks (no data) use the overall ratio', () => {
      const correction = correctionFor(calibration);
      expect(correction.byEnergy.medium).toBeUndefined();
      expect(correction.overall).toBeCloseTo(calibration.overall.ratio, 6);
    });
  });

  describe('given a user who finishes low-energy tasks faster', () => {
    it('then the sentence says how much faster', () => {
      const calibration = calibrateEstimates(tasks(45, 30, 18, 'low'));
      // 0.6^(45/50) = 0.631
      expect(describeCalibration(calibration)).toBe(
        'You usually finish low-energy tasks in about 0.6x the estimated time.',
      );
    });
  });

  describe('given one runaway timer among honest tasks', () => {
    it('then its ratio is capped at 4 and cannot dominate', () => {
      const samples = [
        ...tasks(9, 30, 30, 'medium'),
        { estimatedMinutes: 10, actualMinutes: 600, energyLevel: 'medium' as const },
      ];
      const ratio = calibrateEstimates(samples).byEnergy.medium.ratio;
      expect(ratio).toBeCloseTo(Math.exp((Math.log(4) / 10) * (10 / 15)), 6);
      expect(ratio).toBeLessThan(1.1);
    });
  });

  describe('given unusable samples (zero, negative, not a number)', () => {
    it('then they are ignored', () => {
      const bad: CompletedTaskSample[] = [
        { estimatedMinutes: 0, actualMinutes: 30, energyLevel: 'low' },
        { estimatedMinutes: 30, actualMinutes: -5, energyLevel: 'low' },
        { estimatedMinutes: Number.NaN, actualMinutes: 30, energyLevel: 'low' },
      ];
      expect(calibrateEstimates(bad).overall.samples).toBe(0);
    });
  });

  describe('given a category the user is slow in', () => {
    it('then its correction scales every energy level by the category against the overall ratio', () => {
      const calibration = calibrateEstimates([
        ...tasks(20, 30, 60, 'high', 'home'),
        ...tasks(20, 30, 30, 'high', 'work'),
      ]);
      const home = correctionFor(calibration, ' Home ');
      const work = correctionFor(calibration, 'work');
      expect(home.byEnergy.high).toBeGreaterThan(work.byEnergy.high ?? 0);
      expect(correctionFor(calibration, 'unknown').byEnergy.high).toBeCloseTo(calibration.byEnergy.high.ratio, 6);
    });
  });

  describe('properties', () => {
    const sample = fc.record({
      estimatedMinutes: fc.integer({ min: 1, max: 480 }),
      actualMinutes: fc.integer({ min: 1, max: 2000 }),
      energyLevel: fc.constantFrom<EnergyLevel>('low', 'medium', 'high'),
      category: fc.constantFrom('fitness', 'home', 'career', null),
    });

    it('every ratio stays within the limits', () => {
      fc.assert(
        fc.property(fc.array(sample, { maxLength: 80 }), (samples) => {
          const calibration = calibrateEstimates(samples);
          const all = [
            calibration.overall,
            ...Object.values(calibration.byEnergy),
            ...Object.values(calibration.byCategory),
          ];
          for (const estimate of all) {
            expect(estimate.ratio).toBeGreaterThanOrEqual(ESTIMATE_RATIO_LIMITS.min);
            expect(estimate.ratio).toBeLessThanOrEqual(ESTIMATE_RATIO_LIMITS.max);
          }
          expect(estimateCorrectionSchema.safeParse(correctionFor(calibration, 'home')).success).toBe(true);
        }),
      );
    });

    it('no data or too little data gives ratio 1', () => {
      fc.assert(
        fc.property(fc.array(sample, { maxLength: CALIBRATION_SETTINGS.minSamples - 1 }), (samples) => {
          expect(ratioOf(samples).ratio).toBe(1);
        }),
      );
    });

    it('shrinkage: the ratio lies between 1 and the raw geometric mean', () => {
      fc.assert(
        fc.property(fc.array(sample, { minLength: CALIBRATION_SETTINGS.minSamples, maxLength: 60 }), (samples) => {
          const raw = Math.exp(
            samples.reduce(
              (sum, s) => sum + Math.log(Math.min(4, Math.max(0.25, s.actualMinutes / s.estimatedMinutes))),
              0,
            ) / samples.length,
          );
          const { ratio } = ratioOf(samples);
          expect(ratio).toBeGreaterThanOrEqual(Math.min(1, raw) - 1e-9);
          expect(ratio).toBeLessThanOrEqual(Math.max(1, raw) + 1e-9);
        }),
      );
    });

    it('tasks that took exactly as long as estimated give ratio 1', () => {
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 1, max: 480 }), { maxLength: 50 }), (minutes) => {
          const calibration = calibrateEstimates(
            minutes.map((m) => ({ estimatedMinutes: m, actualMinutes: m, energyLevel: 'high' })),
          );
          expect(calibration.overall.ratio).toBeCloseTo(1, 9);
          expect(describeCalibration(calibration)).toBeNull();
        }),
      );
    });

    it('a corrected estimate is a valid task estimate and grows with the ratio', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 5, max: 480 }),
          fc.double({ min: 0.5, max: 2.5, noNaN: true }),
          fc.double({ min: 0.5, max: 2.5, noNaN: true }),
          (minutes, a, b) => {
            const [low, high] = a <= b ? [a, b] : [b, a];
            const small = applyEstimateCorrection(minutes, 'high', { overall: low, byEnergy: {} });
            const large = applyEstimateCorrection(minutes, 'high', { overall: high, byEnergy: {} });
            expect(small).toBeGreaterThanOrEqual(5);
            expect(large).toBeLessThanOrEqual(480);
            expect(large).toBeGreaterThanOrEqual(small);
          },
        ),
      );
    });
  });
});
