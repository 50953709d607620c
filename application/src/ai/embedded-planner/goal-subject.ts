/**
 * Reading a goal's title as language, so task templates can name what the goal is about:
 * "Run a 10k" is about "10k", "Write a fantasy novel" about "your fantasy novel", and pursuing
 * "Get a promotion" is "getting a promotion". Heuristics only; every function has a safe fallback.
 */

export interface GoalSubject {
  /** The goal's object without its leading verb or article, e.g. "fantasy novel"; '' if none. */
  readonly subject: string;
  /** The object as something the user owns, e.g. "your fantasy novel", "the gym", "Sarah's party". */
  readonly yourSubject: string;
  /** The goal as an activity, e.g. "writing a fantasy novel"; the quoted title when it has no verb. */
  readonly pursuit: string;
}

const MAX_SUBJECT_CHARS = 50;
const MAX_PURSUIT_CHARS = 60;

const FILLERS: readonly RegExp[] = [
  /^i\s+(?:really\s+)?(?:want|wanna|would\s+like|'d\s+like|need|plan|hope|intend|am\s+going|will\s+try|will)\s+(?:to\s+)?/i,
  /^(?:my\s+)?goal\s*(?:is\s+to|:)\s*/i,
  /^to\s+/i,
  /^(?:finally|really|actually|successfully|consistently|regularly)\s+/i,
  /^(?:try|continue)\s+to\s+/i,
];

/** Leading verbs, longest first so "pay off" wins over "pay". */
const VERB_PHRASES: readonly string[] = [
  'get better at',
  'get good at',
  'get ready for',
  'learn how to',
  'sign up for',
  'save up for',
  'train for',
  'prepare for',
  'pay off',
  'pay down',
  'save up',
  'save for',
  'move to',
  'move into',
  'travel to',
  'go to',
  'get into',
  'apply for',
  'set up',
  'work on',
  'plan for',
  'learn',
  'master',
  'study',
  'practice',
  'practise',
  'improve',
  'write',
  'finish',
  'complete',
  'build',
  'create',
  'make',
  'launch',
  'ship',
  'develop',
  'design',
  'find',
  'land',
  'get',
  'become',
  'be',
  'run',
  'do',
  'read',
  'plan',
  'organize',
  'organise',
  'host',
  'throw',
  'clean',
  'declutter',
  'renovate',
  'redecorate',
  'decorate',
  'fix',
  'visit',
  'explore',
  'see',
  'lose',
  'gain',
  'reduce',
  'cut',
  'quit',
  'stop',
  'eat',
  'drink',
  'sleep',
  'meditate',
  'save',
  'invest',
  'earn',
  'budget',
  'publish',
  'pass',
  'take',
  'attend',
  'join',
  'cook',
  'hit',
  'reach',
  'achieve',
  'grow',
  'start',
  'begin',
  'open',
  'keep',
  'move',
  'travel',
  'walk',
  'swim',
  'cycle',
  'climb',
  'hike',
  'train',
  'buy',
  'sell',
  'pay',
];

/** Verbs followed by an infinitive whose activity is the subject ("learn to cook"). */
const INFINITIVE_TAKERS = new Set(['learn', 'learn how to', 'start', 'begin', 'practice', 'practise', 'master']);

/** Verbs that take their own object ("play the guitar" is about "guitar"). */
const TRANSPARENT_VERBS = new Set(['play', 'speak', 'use']);

/** Activities named by a gerund once "learn to ..." is removed ("learn to cook" is about "cooking"). */
const IRREGULAR_GERUNDS: Readonly<Record<string, string>> = {
  be: 'being',
  see: 'seeing',
  flee: 'fleeing',
  ski: 'skiing',
  die: 'dying',
  lie: 'lying',
  tie: 'tying',
};
/** Short verbs that double their final consonant. */
const DOUBLING = new Set([
  'get',
  'run',
  'plan',
  'stop',
  'quit',
  'shop',
  'swim',
  'set',
  'win',
  'hit',
  'put',
  'begin',
  'cut',
  'sit',
  'jog',
  'ship',
  'skip',
  'drop',
  'chat',
  'knit',
  'rap',
  'rip',
  'trim',
  'fit',
  'map',
  'prep',
  'grab',
]);

const TIME_TAIL =
  /\s+(?:by|before|until|till|in|this|next|within|for|over|during)\s+(?:the\s+)?(?:end\s+of\s+(?:the\s+)?)?(?:\d{4}\b|\d+\s+(?:days?|weeks?|months?|years?)\b|(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b|(?:spring|summer|autumn|fall|winter|year|month|week|weekend|quarter|q[1-4]|day|night|morning)\b).*$/i;

/** "learn" -> "learning", "write" -> "writing", "get" -> "getting". */
export function gerund(verb: string): string {
  const word = verb.toLowerCase();
  const irregular = IRREGULAR_GERUNDS[word];
  if (irregular) return irregular;
  if (DOUBLING.has(word)) return `${word}${word.slice(-1)}ing`;
  if (word.endsWith('ie')) return `${word.slice(0, -2)}ying`;
  if (word.endsWith('e') && !word.endsWith('ee') && !word.endsWith('ye') && !word.endsWith('oe')) {
    return `${word.slice(0, -1)}ing`;
  }
  return `${word}ing`;
}

/** Cuts text to at most `max` characters at a word boundary. */
export function truncateWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : text.slice(0, max)).replace(/[\s,;:.!?-]+$/, '');
}

const stripTrailing = (text: string): string => text.replace(/[\s,;:.!?]+$/, '').trim();

const stripFillers = (text: string): string => {
  let rest = text.trim();
  let changed = true;
  while (changed) {
    changed = false;
    for (const filler of FILLERS) {
      const next = rest.replace(filler, '');
      if (next !== rest && next.trim() !== '') {
        rest = next.trim();
        changed = true;
      }
    }
  }
  return rest;
};

const leadingVerb = (text: string): string | null => {
  const lower = text.toLowerCase();
  for (const phrase of VERB_PHRASES) {
    if (lower === phrase || lower.startsWith(`${phrase} `)) return phrase;
  }
  return null;
};

const DETERMINER = /^(a|an|the|my|our|your|some)\s+/i;

const startsWithNameOrNumber = (text: string): boolean => /^[\p{Lu}\d$€£]/u.test(text);

/** Reads the subject, owned subject and pursuit from a goal title. */
export function readGoalSubject(title: string): GoalSubject {
  const cleaned = stripTrailing(stripFillers(title.replace(/\s+/g, ' ')));
  const verb = leadingVerb(cleaned);

  let rest = verb ? cleaned.slice(verb.length).trim() : cleaned;
  if (verb && INFINITIVE_TAKERS.has(verb) && (verb.endsWith(' to') || /^to\s+/i.test(rest))) {
    // "learn to cook" -> "cooking"; "learn to play the guitar" -> "the guitar".
    rest = rest.replace(/^to\s+/i, '');
    const [first = '', ...others] = rest.split(' ');
    if (TRANSPARENT_VERBS.has(first.toLowerCase())) rest = others.join(' ');
    else if (first !== '' && /^[a-z]+$/.test(first)) rest = [gerund(first), ...others].join(' ');
  }
  rest = stripTrailing(rest.replace(TIME_TAIL, ''));

  const determiner = DETERMINER.exec(rest)?.[1]?.toLowerCase() ?? null;
  const bare = truncateWords(stripTrailing(rest.replace(DETERMINER, '')), MAX_SUBJECT_CHARS);

  let yourSubject = '';
  if (bare !== '') {
    if (determiner === 'the') yourSubject = `the ${bare}`;
    else if (determiner === null && startsWithNameOrNumber(bare)) yourSubject = bare;
    else yourSubject = `your ${bare}`;
  }

  let pursuit: string;
  if (verb) {
    const [head = '', ...tail] = verb.split(' ');
    const object = stripTrailing(cleaned.slice(verb.length).replace(TIME_TAIL, ''));
    const phrase = [gerund(head), ...tail, object].filter((part) => part !== '').join(' ');
    pursuit = truncateWords(phrase.replace(/\bmy\b/gi, 'your'), MAX_PURSUIT_CHARS);
  } else {
    pursuit = `"${truncateWords(stripTrailing(title.trim()), MAX_PURSUIT_CHARS)}"`;
  }

  return { subject: bare, yourSubject, pursuit };
}
