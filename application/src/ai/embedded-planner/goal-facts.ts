import { addDays, addMonths, differenceInCalendarDays, endOfMonth, format, parseISO } from 'date-fns';
import { readGoalSubject, truncateWords } from './goal-subject';

/**
 * What the engine reads from a goal's words: numbers ("60,000 words", "5 km twice a week",
 * "10 orders", "$5,000", "lose 8 kg"), names (a language, a room, an animal, a destination, a person)
 * and dates said in words ("before Christmas", "by June", "in 12 weeks"). Heuristics with safe
 * fallbacks; every fact is optional. Pure: `today` comes in.
 */

export interface GoalFacts {
  /** Placeholders for titles: {subject}, {words}, {race}, ... (numbers formatted for reading). */
  readonly text: Readonly<Record<string, string>>;
  /** The numeric facts (words, raceKm, currentKm, runsPerWeek, count, amount, weight, books, tripDays, ...). */
  readonly numbers: Readonly<Record<string, number>>;
  /** A target date said in words when the goal has none (YYYY-MM-DD), else null. */
  readonly impliedTargetDate: string | null;
  /** "I have 3 hours a week" read as minutes a week, else null. */
  readonly availableMinutesPerWeek: number | null;
}

export interface GoalText {
  readonly title: string;
  readonly description?: string | null | undefined;
}

/** 60000 -> "60,000"; 21.1 -> "21.1". */
export function formatNumber(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  const [whole = '0', fraction] = String(Math.abs(rounded)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)`;
const parseNumber = (text: string): number => Number(text.replace(/,/g, ''));

const WORD_NUMBERS: Readonly<Record<string, number>> = {
  once: 1,
  twice: 2,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
};

const LANGUAGES = [
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Japanese',
  'Chinese',
  'Mandarin',
  'Cantonese',
  'Korean',
  'Arabic',
  'Russian',
  'Hindi',
  'Dutch',
  'Swedish',
  'Norwegian',
  'Danish',
  'Finnish',
  'Polish',
  'Greek',
  'Turkish',
  'Hebrew',
  'Vietnamese',
  'Thai',
  'Indonesian',
  'Ukrainian',
  'Czech',
  'Hungarian',
  'Romanian',
  'Swahili',
  'Tagalog',
  'Persian',
  'Farsi',
  'Urdu',
  'Bengali',
  'Irish',
  'Welsh',
  'Latin',
  'Esperanto',
  'English',
  'Catalan',
  'Croatian',
  'Icelandic',
  'Sign Language',
  'ASL',
  'BSL',
];

const ROOMS = [
  'bathroom',
  'kitchen',
  'garage',
  'bedroom',
  'living room',
  'attic',
  'basement',
  'garden',
  'home office',
  'closet',
  'wardrobe',
  'spare room',
  'loft',
  'hallway',
  'balcony',
  'patio',
  'nursery',
  'backyard',
  'yard',
];

const ANIMALS = ['puppy', 'dog', 'kitten', 'cat', 'rabbit', 'hamster', 'guinea pig', 'parrot', 'bird', 'horse', 'fish'];

const EXERCISES = [
  'push-ups',
  'pushups',
  'push ups',
  'pull-ups',
  'pullups',
  'pull ups',
  'squats',
  'plank',
  'yoga',
  'pilates',
  'swimming',
  'swim',
  'cycling',
  'deadlift',
  'bench press',
  'handstand',
  'splits',
  'rowing',
  'stretching',
];

const SKILLS = [
  'SQL',
  'Excel',
  'guitar',
  'piano',
  'ukulele',
  'violin',
  'cello',
  'drums',
  'saxophone',
  'flute',
  'singing',
  'drawing',
  'painting',
  'watercolour',
  'watercolor',
  'photography',
  'cooking',
  'baking',
  'knitting',
  'crochet',
  'sewing',
  'chess',
  'dancing',
  'salsa',
  'coding',
  'programming',
  'python',
  'javascript',
  'juggling',
  'pottery',
  'woodworking',
  'skateboarding',
  'surfing',
  'skiing',
  'calligraphy',
];

const PEOPLE = [
  'mom',
  'mum',
  'mother',
  'dad',
  'father',
  'parents',
  'partner',
  'wife',
  'husband',
  'girlfriend',
  'boyfriend',
  'sister',
  'brother',
  'siblings',
  'kids',
  'children',
  'son',
  'daughter',
  'family',
  'grandma',
  'grandpa',
  'grandparents',
  'best friend',
];

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordPattern = (words: readonly string[]): RegExp =>
  new RegExp(
    `\\b(${[...words]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|')})\\b`,
    'i',
  );

const firstOf = (words: readonly string[], text: string): string | null => wordPattern(words).exec(text)?.[1] ?? null;

const RACES: readonly [RegExp, string, number][] = [
  [/\bhalf[\s-]?marathon\b/i, 'half marathon', 21.1],
  [/\bultra(?:[\s-]?marathon)?\b/i, 'ultramarathon', 50],
  [/\bmarathon\b/i, 'marathon', 42.2],
];

function readRace(text: string): { race: string; km: number } | null {
  for (const [pattern, race, km] of RACES) if (pattern.test(text)) return { race, km };
  const metric = new RegExp(`\\b${NUMBER}\\s?(?:k|km|kilometers?|kilometres?)\\b(?!\\s*(?:a|per)\\s+week)`, 'i').exec(
    text,
  );
  if (metric?.[1]) {
    const km = parseNumber(metric[1]);
    return { race: `${formatNumber(km)} km`, km };
  }
  const imperial = new RegExp(`\\b${NUMBER}\\s?(?:mi|miles?)\\b`, 'i').exec(text);
  if (imperial?.[1]) {
    const miles = parseNumber(imperial[1]);
    return { race: `${formatNumber(miles)}-mile`, km: Math.round(miles * 1.609 * 10) / 10 };
  }
  return null;
}

/** "I currently run 5 km twice a week" -> 5 km now, 2 runs a week. */
function readCurrentRunning(text: string): { km: number | null; perWeek: number | null } {
  const current = new RegExp(
    `\\b(?:currently|now|already|usually|can)\\s+(?:run|jog|do|manage)\\s+(?:about\\s+|around\\s+|up\\s+to\\s+)?${NUMBER}\\s?(k|km|kilometers?|kilometres?|mi|miles?)\\b`,
    'i',
  ).exec(text);
  let km: number | null = null;
  if (current?.[1]) {
    const value = parseNumber(current[1]);
    km = /^mi/i.test(current[2] ?? '') ? Math.round(value * 1.609 * 10) / 10 : value;
  }
  return { km, perWeek: readPerWeek(text) };
}

function readPerWeek(text: string): number | null {
  const match =
    /\b(once|twice|one|two|three|four|five|six|seven|\d+)\s*(?:times|x)?\s*(?:a|per|each|every)\s+week\b/i.exec(text);
  if (!match?.[1]) return null;
  const word = match[1].toLowerCase();
  const value = WORD_NUMBERS[word] ?? Number(word);
  return Number.isFinite(value) && value > 0 && value <= 14 ? value : null;
}

const COUNT_NOUNS = [
  'orders',
  'customers',
  'clients',
  'sales',
  'subscribers',
  'followers',
  'users',
  'members',
  'downloads',
  'students',
  'leads',
  'products',
  'listings',
  'paintings',
  'songs',
  'videos',
  'posts',
  'episodes',
  'applications',
  'pages',
  'chapters',
  'poems',
  'stories',
  'recipes',
  'dates',
  'visits',
  'calls',
];

function readDate(text: string, today: Date): Date | null {
  if (/\b(?:by|before|for|until|till)\s+(?:christmas|xmas)\b/i.test(text)) {
    const thisYear = new Date(today.getFullYear(), 11, 24);
    return differenceInCalendarDays(thisYear, today) >= 0 ? thisYear : new Date(today.getFullYear() + 1, 11, 24);
  }
  const within = /\b(?:in|within)\s+(\d+|a|one|two|three|six)\s+(weeks?|months?)\b/i.exec(text);
  if (within?.[1] && within[2]) {
    const n = within[1].toLowerCase() === 'a' ? 1 : (WORD_NUMBERS[within[1].toLowerCase()] ?? Number(within[1]));
    return /^week/i.test(within[2]) ? addDays(today, n * 7) : addMonths(today, n);
  }
  const month = new RegExp(
    `\\b(?:by|before|until|till)\\s+(?:the\\s+end\\s+of\\s+)?(${MONTHS.join('|')})\\b`,
    'i',
  ).exec(text);
  if (month?.[1]) {
    const index = MONTHS.indexOf(month[1].toLowerCase());
    let candidate = endOfMonth(new Date(today.getFullYear(), index, 1));
    if (differenceInCalendarDays(candidate, today) < 7) candidate = endOfMonth(addMonths(candidate, 12));
    return candidate;
  }
  if (/\b(?:by|before)\s+(?:the\s+)?(?:summer)\b/i.test(text)) {
    const june = new Date(today.getFullYear(), 5, 21);
    return differenceInCalendarDays(june, today) > 14 ? june : new Date(today.getFullYear() + 1, 5, 21);
  }
  if (/\b(?:by|before)\s+(?:the\s+)?end\s+of\s+(?:the|this)\s+year\b/i.test(text)) {
    return new Date(today.getFullYear(), 11, 31);
  }
  return null;
}

/** Yes/no facts that switch templates on or off (`requires` / `unless`). */
const FLAGS: readonly [string, RegExp][] = [
  ['store', /\b(?:online store|web ?shop|e-?shop|shop|store|etsy|shopify|e-?commerce)\b/i],
  [
    'promotion',
    /\b(?:promot\w*|raise|pay rise|next level|senior|team lead|tech lead|lead role|become a (?:team )?(?:lead|manager))\b/i,
  ],
  ['debt', /\b(?:debts?|pay off|pay down|loans?|credit cards?|overdraft)\b/i],
  ['adopt', /\b(?:adopt\w*|rescue|get an? (?:dog|cat|puppy|kitten|pet))\b/i],
  ['declutter', /\b(?:declutter\w*|tidy|organi[sz]e|konmari|clear out)\b/i],
  ['renovation', /\b(?:renovat\w*|remodel\w*|refurbish\w*|redo|rebuild|new (?:bathroom|kitchen))\b/i],
  ['services', /\b(?:freelanc\w*|consult\w*|clients?|agency|coaching|services?)\b/i],
  ['invest', /\b(?:invest\w*|retirement|pension|index funds?|stocks|401k|isa)\b/i],
  ['interview', /\binterview\w*\b/i],
  [
    'petTraining',
    /\b(?:train\w*|anxiety|anxious|reactive|barking|biting|teach|obedien\w*|behaviou?r\w*|walk on a (?:lead|leash)|recall|house-?break\w*|potty)\b/i,
  ],
  ['newPeople', /\b(?:new friends|make friends|meet (?:new )?people|lonely|loneliness|social circle)\b/i],
  [
    'gardening',
    /\b(?:grow(?:ing)? (?:our|my) own|vegetables? (?:garden|patch|beds?)|grow\w* (?:vegetables|veg|herbs|tomatoes)|allotment|raised beds?|herb garden)\b/i,
  ],
  [
    'petHealth',
    /\b(?:(?:dog|cat|puppy|kitten|rabbit|pet)\W+(?:\w+\W+){0,3}?(?:weight|diet|teeth|health|overweight|fit)|lose weight|overweight|diabet\w*)\b/i,
  ],
  ['repair', /\b(?:fix\w*|repair\w*|leak\w*|roof|boiler|damp|mou?ld|gutters?|broken|crack\w*)\b/i],
  ['camping', /\b(?:camping|campsite|tent)\b/i],
  ['nonFiction', /\b(?:memoir|non-?fiction|blog|essays?|cookbook|guide|thesis|dissertation|paper|report)\b/i],
];

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Reads every fact the playbooks may use. `today` is YYYY-MM-DD. */
export function readGoalFacts(goal: GoalText, today: string): GoalFacts {
  const title = goal.title.replace(/\s+/g, ' ').trim();
  const description = (goal.description ?? '').trim();
  const all = `${title}\n${description}`;
  const text: Record<string, string> = {};
  const numbers: Record<string, number> = {};

  const read = readGoalSubject(title);
  const shortTitle = truncateWords(title, 60);
  text.goal = shortTitle;
  text.subject = read.subject || 'your goal';
  text.yourSubject = read.yourSubject || 'your goal';
  text.pursuit = read.pursuit || `"${shortTitle}"`;

  const words = new RegExp(`\\b${NUMBER}\\s*(k|thousand)?[\\s-]*words?\\b`, 'i').exec(all);
  if (words?.[1]) {
    const value = parseNumber(words[1]) * (words[2] ? 1000 : 1);
    if (value >= 500) numbers.words = value;
  }

  const race =
    readRace(title) ??
    readRace(description.replace(/\b(?:currently|now|already|usually|can)\s+\S+\s+\S+\s?(?:k|km|mi|miles?)\b/gi, ''));
  if (race && /\b(run|race|marathon|jog|running|5k|10k|km|half|ultra|miles?)\b/i.test(all)) {
    text.race = race.race;
    numbers.raceKm = race.km;
  }
  const running = readCurrentRunning(all);
  if (running.km !== null) numbers.currentKm = running.km;
  if (running.perWeek !== null) numbers.perWeek = running.perWeek;

  const count = new RegExp(`\\b${NUMBER}\\s+(?:[\\p{L}-]+\\s+){0,2}?(${COUNT_NOUNS.join('|')})\\b`, 'iu').exec(all);
  if (count?.[1] && count[2]) {
    numbers.count = parseNumber(count[1]);
    text.countNoun = count[2].toLowerCase();
    text.countNounOne = text.countNoun.replace(/ies$/, 'y').replace(/s$/, '');
  }

  const books = new RegExp(`\\b${NUMBER}\\s+(?:\\w+\\s+)?books?\\b`, 'i').exec(all);
  if (books?.[1]) numbers.books = parseNumber(books[1]);

  const money = new RegExp(
    `([$€£])\\s?${NUMBER}\\s?(k)?\\b|\\b${NUMBER}\\s?(k)?\\s?(dollars|euros|usd|eur|gbp)\\b`,
    'i',
  ).exec(all);
  if (money) {
    const symbol = money[1] ?? '';
    const value = parseNumber(money[2] ?? money[4] ?? '0') * (money[3] || money[5] ? 1000 : 1);
    if (value > 0) {
      numbers.amount = value;
      text.amount = symbol
        ? `${symbol}${formatNumber(value)}`
        : `${formatNumber(value)} ${(money[6] ?? '').toLowerCase()}`;
    }
  }

  const weight = new RegExp(
    `\\b(?:lose|drop|shed|gain|put on)\\s+(?:about\\s+)?${NUMBER}\\s?(kg|kilos?|lbs?|pounds)\\b`,
    'i',
  ).exec(all);
  if (weight?.[1] && weight[2]) {
    numbers.weight = parseNumber(weight[1]);
    text.weightUnit = /^k/i.test(weight[2]) ? 'kg' : 'lb';
  }

  const language = firstOf(LANGUAGES, all);
  if (language) text.language = LANGUAGES.find((l) => l.toLowerCase() === language.toLowerCase()) ?? language;
  const level = /\b([ABC][12])\b/.exec(all) ?? /\b(JLPT\s?N[1-5]|HSK\s?[1-6])\b/i.exec(all);
  if (level?.[1]) text.level = level[1].toUpperCase();

  const room = firstOf(ROOMS, title) ?? firstOf(ROOMS, description);
  if (room) text.room = room.toLowerCase();
  const exercise = firstOf(EXERCISES, title) ?? firstOf(EXERCISES, description);
  if (exercise)
    text.exercise = exercise
      .toLowerCase()
      .replace(/^push ?ups$/, 'push-ups')
      .replace(/^pull ?ups$/, 'pull-ups')
      .replace(/^swim$/, 'swimming');
  const skill = firstOf(SKILLS, title) ?? firstOf(SKILLS, description);
  text.skill = skill ? (/^[A-Z]{2,}$/.test(skill) ? skill : skill.toLowerCase()) : text.subject;
  const animal = firstOf(ANIMALS, title) ?? firstOf(ANIMALS, description);
  if (animal) text.animal = animal.toLowerCase() === 'puppy' ? 'puppy' : animal.toLowerCase();
  const person = firstOf(PEOPLE, title) ?? firstOf(PEOPLE, description);
  if (person) text.person = person.toLowerCase();

  const destination =
    /\b(?:to|in|around|across|through|visit|explore|see|tour)\s+((?:\p{Lu}[\p{L}'-]*)(?:\s+(?:\p{Lu}[\p{L}'-]*|de|del|la|of|and))*)/u.exec(
      title.replace(/^\p{Lu}/u, (c) => c.toLowerCase()),
    );
  if (destination?.[1] && !LANGUAGES.some((l) => l.toLowerCase() === destination[1]?.toLowerCase())) {
    text.destination = destination[1];
  }
  const trip = /\b(\d+|a|one|two|three)[\s-](days?|weeks?|nights?)\b/i.exec(all);
  if (trip?.[1] && trip[2]) {
    const n = trip[1].toLowerCase() === 'a' ? 1 : (WORD_NUMBERS[trip[1].toLowerCase()] ?? Number(trip[1]));
    numbers.tripDays = /^week/i.test(trip[2]) ? n * 7 : n;
  }

  const exam =
    /\b(?:pass|ace|take|sit|prepare for|study for)\s+(?:the\s+|my\s+|an?\s+)?(.{2,40}?)\s*(?:exam|test|certification|certificate|boards)\b/i.exec(
      all,
    );
  if (exam?.[1] !== undefined)
    text.exam = `${capitalise(exam[1].trim())} ${/test/i.test(exam[0]) ? 'test' : 'exam'}`.trim();

  const hours = new RegExp(`\\b${NUMBER}\\s*(?:hours?|hrs?|h)\\s*(?:a|per|each|every)\\s+week\\b`, 'i').exec(all);
  const minutes = new RegExp(`\\b${NUMBER}\\s*(?:minutes?|mins?)\\s*(?:a|per|each|every)\\s+(day|week)\\b`, 'i').exec(
    all,
  );
  const availableMinutesPerWeek = hours?.[1]
    ? Math.round(parseNumber(hours[1]) * 60)
    : minutes?.[1]
      ? Math.round(parseNumber(minutes[1]) * (minutes[2]?.toLowerCase() === 'day' ? 7 : 1))
      : null;

  for (const [flag, pattern] of FLAGS) if (pattern.test(all)) text[flag] = 'yes';

  const todayDate = parseISO(today);
  const implied = readDate(all, todayDate);
  for (const [name, value] of Object.entries(numbers)) if (text[name] === undefined) text[name] = formatNumber(value);

  return {
    text,
    numbers,
    impliedTargetDate: implied ? format(implied, 'yyyy-MM-dd') : null,
    availableMinutesPerWeek,
  };
}
