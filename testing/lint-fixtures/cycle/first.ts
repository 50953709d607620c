// Lint fixture (ignored by `npm run lint`, linted by lint-boundaries.unit.test.ts): half of an import cycle.
import { second } from './second';

export const first = (): string => `first then ${second()}`;
