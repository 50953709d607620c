// Lint fixture (ignored by `npm run lint`, linted by lint-boundaries.unit.test.ts): half of an import cycle.
import { first } from './first';

export const second = (): string => (first.length > 0 ? 'second' : '');
