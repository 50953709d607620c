import { describe, expect, it } from 'vitest';

/** Every web source file's text (tests left out), by its path from web/src/app. */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('wording: an unfinished action ends in an ellipsis', () => {
  it('given every web source file, then no text the user reads ends in three full stops ("Opening…", not "Opening...")', () => {
    // A word, three full stops, then the end of a string literal or of a JSX text: what a user reads. Spreads
    // (`...rest`) and ranges are followed by a name, so they do not match.
    const threeStops = /[A-Za-z]\.\.\.(?=['"`<]|\s*$)/m;
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const offenders = Object.entries(sources)
      .filter(([, text]) => threeStops.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
