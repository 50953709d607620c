import * as rrulePackage from 'rrule';

/**
 * rrule ships an ES module (used by bundlers and Vitest) and a UMD main (used by plain Node and tsx, where
 * its classes sit on the default export). This takes whichever the runtime loaded.
 */
const loaded = rrulePackage as typeof rrulePackage & { readonly default?: typeof rrulePackage };

export const { RRule } = loaded.default ?? loaded;
