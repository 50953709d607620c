/** Words too common to tell two titles apart, or to name what a step is about. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'to',
  'for',
  'your',
  'my',
  'in',
  'on',
  'with',
  'at',
  'it',
]);

/** The words of a title that say what it is about: lower case, two characters or more, no stop words. */
export const titleWords = (title: string): Set<string> =>
  new Set(
    title
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 1 && !STOP_WORDS.has(word)),
  );
