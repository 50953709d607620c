import type { GoalCategory, GoalPriority } from '../goals/goal-events';
import type { EnergyLevel } from '../tasks/energy-workflow';

/** A task of a built-in template: [title, minutes, energy]. */
type Step = readonly [title: string, minutes: number, energy: EnergyLevel];

/** A good starting goal with its ordered task list (pure data; the web app and the API read it). */
export interface BuiltInTemplate {
  /** Stable: `builtin-...`; a goal made from it does not keep it. */
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly category: GoalCategory;
  readonly priority: GoalPriority;
  readonly tasks: readonly {
    readonly title: string;
    readonly estimatedMinutes: number;
    readonly energyLevel: EnergyLevel;
  }[];
}

/** Built-in template ids begin with this; one's own templates have generated ids that never do. */
export const BUILT_IN_TEMPLATE_PREFIX = 'builtin-';

const template = (
  slug: string,
  title: string,
  description: string,
  category: GoalCategory,
  priority: GoalPriority,
  steps: readonly Step[],
): BuiltInTemplate => ({
  id: `${BUILT_IN_TEMPLATE_PREFIX}${slug}`,
  title,
  description,
  category,
  priority,
  tasks: steps.map(([taskTitle, estimatedMinutes, energyLevel]) => ({
    title: taskTitle,
    estimatedMinutes,
    energyLevel,
  })),
});

/**
 * The built-in library, at least one template per goal category (goal-events.ts), each with an ordered
 * task list: start small, build, check progress. The embedded planner's playbooks (application/src/ai)
 * generate plans from a goal's own words; these are fixed, reviewed starting points the user picks by name.
 */
export const builtInTemplates: readonly BuiltInTemplate[] = [
  template(
    'run-5k',
    'Run a 5K',
    'From the couch to 5 km in about eight weeks, three runs a week.',
    'health',
    'medium',
    [
      ['Pick a 5K date and put it in the calendar', 15, 'low'],
      ['Get shoes that fit and plan a safe 30-minute route', 30, 'low'],
      ['First run: 1 min jogging, 2 min walking, repeated 8 times', 30, 'high'],
      ['Week 2 runs: 2 min jogging, 2 min walking', 30, 'high'],
      ['Week 4 check: jog 10 minutes without stopping', 30, 'high'],
      ['Week 6: jog 20 minutes without stopping', 35, 'high'],
      ['Rest week: two easy 20-minute runs and stretching', 25, 'medium'],
      ['Run the full 5 km', 45, 'high'],
    ],
  ),
  template(
    'sleep-better',
    'Sleep better',
    'A steadier night: a fixed rhythm and an evening that winds down.',
    'health',
    'high',
    [
      ['Keep a sleep diary for a week: bedtime, wake time, how you feel', 10, 'low'],
      ['Choose a fixed wake-up time, weekends included', 10, 'low'],
      ['Set a phone-free hour before bed', 15, 'low'],
      ['Make the bedroom dark, cool and quiet', 45, 'medium'],
      ['Move caffeine to before noon for two weeks', 10, 'low'],
      ['Review the diary and keep what helped', 20, 'medium'],
    ],
  ),
  template(
    'strength-habit',
    'Build a strength habit',
    'Three short full-body sessions a week for a month.',
    'health',
    'medium',
    [
      ['Test your baseline: push-ups, squats, a plank', 20, 'high'],
      ['Plan three 30-minute sessions a week in the calendar', 15, 'low'],
      ['Learn the form of squat, push-up, row and lunge', 30, 'medium'],
      ['Session 1: two rounds of each exercise', 30, 'high'],
      ['Session 2: add a round', 35, 'high'],
      ['Re-test the baseline after four weeks', 20, 'high'],
    ],
  ),
  template(
    'new-language',
    'Learn the basics of a language',
    'Hold a simple conversation in three months.',
    'learning',
    'medium',
    [
      ['Pick a course or app and a daily 15-minute slot', 20, 'low'],
      ['Learn greetings, numbers and introducing yourself', 30, 'medium'],
      ['Learn the 100 most common words', 45, 'medium'],
      ['Practise pronunciation with recordings', 25, 'medium'],
      ['Write five sentences about your day', 20, 'high'],
      ['Book a first conversation with a tutor or exchange partner', 20, 'low'],
      ['Hold a 10-minute conversation', 30, 'high'],
    ],
  ),
  template(
    'online-course',
    'Finish an online course',
    'Choose one course and see it through to the certificate.',
    'learning',
    'medium',
    [
      ['Choose the course and note why it matters to you', 20, 'medium'],
      ['Block two study sessions a week in the calendar', 10, 'low'],
      ['Complete the first module and take notes', 60, 'high'],
      ['Summarise each module in five bullet points', 20, 'medium'],
      ['Do the practical exercise or project', 90, 'high'],
      ['Take the final test', 60, 'high'],
    ],
  ),
  template('read-books', 'Read 12 books this year', 'One book a month, a little every day.', 'learning', 'low', [
    ['List the 12 books you want to read', 30, 'low'],
    ['Set a daily 20-minute reading time', 10, 'low'],
    ['Finish the first book', 20, 'low'],
    ['Write three lines about what you took from it', 15, 'medium'],
    ['Review the list each quarter and swap books if you wish', 20, 'low'],
  ]),
  template(
    'emergency-fund',
    'Build an emergency fund',
    'Three months of essential costs set aside.',
    'finance',
    'high',
    [
      ['Add up one month of essential costs', 45, 'medium'],
      ['Open a separate savings account', 30, 'medium'],
      ['Set up an automatic transfer on payday', 15, 'low'],
      ['Cancel one subscription you do not use', 20, 'low'],
      ['Reach the first month of costs', 15, 'low'],
      ['Review progress and adjust the monthly amount', 30, 'medium'],
    ],
  ),
  template(
    'monthly-budget',
    'Set up a monthly budget',
    'Know where the money goes and give every dollar a job.',
    'finance',
    'medium',
    [
      ['Export the last three months of transactions', 30, 'low'],
      ['Sort spending into categories', 60, 'medium'],
      ['Set a limit for each category', 30, 'high'],
      ['Choose a budgeting app or spreadsheet', 30, 'medium'],
      ['Do a weekly 15-minute money check', 15, 'low'],
      ['Compare the month with the plan and adjust', 45, 'medium'],
    ],
  ),
  template('new-job', 'Land a new job', 'From a clear target role to signed offer.', 'career', 'high', [
    ['Write down the roles and companies you want', 45, 'high'],
    ['Update your CV for the target role', 90, 'high'],
    ['Refresh your professional profile', 45, 'medium'],
    ['Reach out to five people in your network', 30, 'medium'],
    ['Apply to three roles', 60, 'medium'],
    ['Prepare stories for the common interview questions', 60, 'high'],
    ['Do a mock interview', 45, 'high'],
  ]),
  template('ask-for-raise', 'Ask for a raise', 'Prepare the case and have the conversation.', 'career', 'medium', [
    ['List your results of the past year with numbers', 45, 'high'],
    ['Research the market pay for your role', 40, 'medium'],
    ['Decide the figure you will ask for', 15, 'medium'],
    ['Book a meeting with your manager', 10, 'low'],
    ['Rehearse the conversation', 30, 'high'],
    ['Have the conversation and agree next steps in writing', 30, 'high'],
  ]),
  template('declutter-home', 'Declutter the home', 'One room at a time, nothing left in limbo.', 'home', 'low', [
    ['Walk through the home and list the rooms in order', 20, 'low'],
    ['Get boxes for keep, donate and throw away', 15, 'low'],
    ['Clear the kitchen cupboards', 60, 'medium'],
    ['Clear the wardrobe', 60, 'medium'],
    ['Sort papers and shred what you do not need', 45, 'low'],
    ['Take the donations away', 30, 'medium'],
  ]),
  template(
    'write-short-story',
    'Write a short story',
    'A finished draft of about 3,000 words, then a revision.',
    'creative',
    'medium',
    [
      ['Collect three story ideas and pick one', 30, 'high'],
      ['Outline the beginning, middle and end', 30, 'high'],
      ['Write the first 1,000 words', 60, 'high'],
      ['Write the next 1,000 words', 60, 'high'],
      ['Finish the draft', 60, 'high'],
      ['Put it away for a few days, then revise', 60, 'medium'],
      ['Share it with one reader for feedback', 15, 'low'],
    ],
  ),
  template(
    'learn-instrument',
    'Learn to play a song',
    'Play one song you love from start to finish.',
    'creative',
    'low',
    [
      ['Pick the song and find a tutorial or sheet music', 20, 'low'],
      ['Tune up and learn the chords or notes of the first part', 30, 'medium'],
      ['Practise the first part slowly, 15 minutes a day', 15, 'medium'],
      ['Learn the rest of the song', 30, 'medium'],
      ['Play it through with a metronome', 20, 'high'],
      ['Record yourself playing it', 15, 'medium'],
    ],
  ),
  template(
    'reconnect-friends',
    'Reconnect with old friends',
    'Get back in touch with the people you miss.',
    'relationships',
    'medium',
    [
      ['List five friends you have lost touch with', 15, 'low'],
      ['Send the first message', 10, 'low'],
      ['Plan a call or a coffee', 15, 'low'],
      ['Meet up', 90, 'medium'],
      ['Set a reminder to check in every month', 10, 'low'],
    ],
  ),
  template('morning-routine', 'Build a morning routine', 'A calm, repeatable start to the day.', 'personal', 'medium', [
    ['Decide what a good morning looks like for you', 20, 'medium'],
    ['Prepare the evening before: clothes, bag, breakfast', 15, 'low'],
    ['Get up at the same time for a week', 5, 'medium'],
    ['Add 10 minutes of movement or stretching', 10, 'medium'],
    ['Add 10 minutes of planning the day', 10, 'medium'],
    ['Review after two weeks and keep what works', 20, 'medium'],
  ]),
  template('plan-trip', 'Plan a trip', 'From an idea to bags packed.', 'personal', 'low', [
    ['Choose the destination and dates', 30, 'medium'],
    ['Set a budget', 20, 'medium'],
    ['Book travel and a place to stay', 60, 'medium'],
    ['Check passport, visas and insurance', 30, 'low'],
    ['Plan three things you want to do', 30, 'low'],
    ['Pack with a checklist', 45, 'low'],
  ]),
];

/** A built-in template by id, or undefined. */
export const builtInTemplate = (id: string): BuiltInTemplate | undefined =>
  builtInTemplates.find((candidate) => candidate.id === id);
