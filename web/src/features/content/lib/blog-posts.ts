export type BlogBlock =
  | { readonly type: 'p'; readonly text: string }
  | { readonly type: 'h2'; readonly text: string }
  | { readonly type: 'ul'; readonly items: readonly string[] }
  | { readonly type: 'quote'; readonly text: string };

export interface BlogPost {
  readonly slug: string;
  readonly title: string;
  readonly excerpt: string;
  readonly date: string;
  readonly readingMinutes: number;
  readonly author: string;
  readonly tag: string;
  readonly body: readonly BlogBlock[];
}

export const BLOG_POSTS: readonly BlogPost[] = [
  {
    slug: 'why-big-goals-stall',
    title: 'Why big goals stall — and the 15-minute fix',
    excerpt:
      'Most goals do not fail from lack of motivation. They fail because the next step is fuzzy. Here is how to make it obvious.',
    date: '2025-01-14',
    readingMinutes: 5,
    author: 'Maya Chen',
    tag: 'Goal setting',
    body: [
      {
        type: 'p',
        text: 'Every January, millions of people write down goals that matter to them. By February, most of those goals have quietly stopped moving. It is tempting to blame willpower, but when you look closely a different pattern shows up: the goal itself was fine, the next step was not.',
      },
      {
        type: 'p',
        text: '“Get fit”, “write a book” and “learn Spanish” are destinations. Your brain cannot act on a destination. It can only act on a step, and when the step is unclear, it quietly picks something easier — checking email, tidying a drawer, scrolling.',
      },
      { type: 'h2', text: 'Make the next step smaller than feels necessary' },
      {
        type: 'p',
        text: 'A useful test: could you start the step in the next five minutes without deciding anything? “Work on chapter one” fails the test. “Write three sentences describing the opening scene” passes. The second one is almost embarrassingly small, and that is the point — small steps get started, and started steps get finished.',
      },
      {
        type: 'ul',
        items: [
          'Name the first physical action (“open the doc”, “put on running shoes”).',
          'Give it a time box of 15 to 45 minutes.',
          'Write what “done” looks like in one line.',
        ],
      },
      { type: 'h2', text: 'Let the plan do the remembering' },
      {
        type: 'p',
        text: 'Breaking a goal down once is useful; keeping the breakdown where you will see it every day is what changes outcomes. That is why Stride shows the selected goal and its open tasks on your home screen, and why the AI breakdown gives every task an estimate and an energy level.',
      },
      { type: 'quote', text: 'You do not rise to the level of your goals. You fall to the level of your next step.' },
      {
        type: 'p',
        text: 'Try it this week: pick one goal, break it into eight to twelve tasks of under an hour each, and do the smallest one today. Momentum is a much better motivator than intention.',
      },
    ],
  },
  {
    slug: 'plan-by-energy-not-the-clock',
    title: 'Plan by energy, not by the clock',
    excerpt:
      'Time management assumes every hour is equal. They are not. Matching tasks to your energy gets more done with less strain.',
    date: '2025-02-03',
    readingMinutes: 6,
    author: 'Jonas Weber',
    tag: 'Energy planning',
    body: [
      {
        type: 'p',
        text: 'A calendar treats 9 a.m. and 3 p.m. as identical one-hour boxes. Your brain does not. Most people have a few hours of sharp focus each day, a longer stretch of steady attention, and some time when anything harder than sorting email feels like wading through sand.',
      },
      { type: 'h2', text: 'Three kinds of work' },
      {
        type: 'ul',
        items: [
          'High energy: creative or difficult work — writing, designing, solving a hard problem, an important conversation.',
          'Medium energy: the everyday progress — drafting, practising, planning, focused admin.',
          'Low energy: light and mechanical — filing, booking, tidying, reviewing notes, a short walk.',
        ],
      },
      {
        type: 'p',
        text: 'When you tag each task with the energy it needs, a better question replaces “what should I do now?”: “what fits how I feel right now?” A tired evening stops being wasted — it becomes the time to knock out three low-energy tasks that would otherwise steal your best morning hours.',
      },
      { type: 'h2', text: 'Find your peak' },
      {
        type: 'p',
        text: 'For one week, note your energy (low, medium, high) three times a day. Most people see a clear pattern within days. Protect your peak for high-energy tasks and let everything else flow around it.',
      },
      {
        type: 'p',
        text: 'Stride’s energy view works exactly like this: pick your current energy and, if you like, how many minutes you have, and it shows the open tasks that fit. Start one, finish it, log how long it really took — and over time your estimates get honest.',
      },
    ],
  },
  {
    slug: 'writing-goals-ai-can-break-down',
    title: 'How to write a goal an AI can break down well',
    excerpt:
      'A good AI breakdown starts with a good goal. Four small changes to how you phrase goals make the suggested tasks far more useful.',
    date: '2025-03-10',
    readingMinutes: 4,
    author: 'Maya Chen',
    tag: 'AI planning',
    body: [
      {
        type: 'p',
        text: 'AI task breakdowns are only as good as the goal you give them. “Be healthier” produces generic advice. “Run 5 km without stopping by June, starting from walking 20 minutes a day” produces a plan you can follow.',
      },
      { type: 'h2', text: 'Four ingredients' },
      {
        type: 'ul',
        items: [
          'An outcome you can check: “publish”, “run”, “save £1,000”, not “work on”.',
          'A starting point: where are you today?',
          'A deadline or rhythm: by when, or how often.',
          'A constraint that matters: budget, time per week, equipment.',
        ],
      },
      {
        type: 'p',
        text: 'Put the extra detail in the goal’s description. Stride sends both title and description when it asks for a breakdown, so a sentence like “I can train three evenings a week, 30 minutes each” shapes every suggested task.',
      },
      { type: 'h2', text: 'Edit the plan, do not worship it' },
      {
        type: 'p',
        text: 'Treat the breakdown as a first draft. Delete steps that do not fit your life, add the ones only you know about, and adjust estimates after you have done a couple. The plan exists to serve you, not the other way round.',
      },
    ],
  },
  {
    slug: 'consistency-without-burnout',
    title: 'The streak trap: consistency without burnout',
    excerpt:
      'Streaks are motivating until they are not. Here is how to keep showing up without turning your goals into a chore.',
    date: '2025-04-22',
    readingMinutes: 5,
    author: 'Priya Natarajan',
    tag: 'Habits',
    body: [
      {
        type: 'p',
        text: 'A visible streak is one of the most effective motivators there is. It is also fragile: miss one day and the number resets, and many people quietly give up rather than start again from one.',
      },
      { type: 'h2', text: 'Lower the bar for “showing up”' },
      {
        type: 'p',
        text: 'Decide in advance what the minimum version of your day looks like. Ten minutes of practice, one paragraph, one low-energy task. On good days you will do far more; on bad days the minimum keeps the thread unbroken.',
      },
      { type: 'h2', text: 'Measure completion, not just activity' },
      {
        type: 'p',
        text: 'Stride’s analytics look at your completion rate alongside your streak. A high streak with a low completion rate usually means tasks are too big. If you finish fewer than half of the tasks you start, try splitting them; if you finish more than 80%, you have earned a harder goal.',
      },
      { type: 'quote', text: 'Consistency is not never missing. It is never missing twice.' },
      {
        type: 'p',
        text: 'Rest days are part of the plan, not a failure of it. Protect them, and your streak will last longer than your motivation ever could.',
      },
    ],
  },
];

export function findPost(slug: string | undefined): BlogPost | null {
  return BLOG_POSTS.find((post) => post.slug === slug) ?? null;
}
