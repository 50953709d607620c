import {
  GENERATED_TASK_LIMITS,
  GRANULARITY_MINUTES,
  subtaskCount,
  withinStepSize,
  type BreakdownRequest,
  type EnergyLevel,
  type PlannedStep,
} from '@stride/domain/ai/breakdown';
import { applyEstimateCorrection, roundEstimate } from '@stride/domain/ai/estimate-calibration';
import { truncateWords } from './goal-subject';
import { titleWords } from './title-words';

/**
 * Sub-steps of one step of a goal (options.subStepsOf): made from the step's own words, never from the
 * goal's playbook (the playbook plans the whole goal: "Get fitted for running shoes" is a step of a half
 * marathon, not of an interval session). The step's title is read as an action ("Plan race week for the
 * half marathon") with an optional detail after a colon ("taper, kit, route to the start"); the parts it
 * names become sub-steps, with getting ready before and a look back after, each naming the step. As many
 * as the step's minutes hold at the chosen size (subtaskCount), each sized to it. Pure and deterministic.
 */

const L = GENERATED_TASK_LIMITS;

/** Verbs a step's title starts with (planner steps and what people type), longest first where they overlap. */
const ACTION_VERBS: readonly string[] = [
  'sign up for',
  'look back at',
  'look for',
  'get ready for',
  'set up',
  'lay out',
  'write down',
  'find out',
  'pick up',
  'lace up',
  'warm up',
  'cool down',
  'add',
  'agree',
  'apply',
  'ask',
  'attend',
  'block',
  'book',
  'build',
  'buy',
  'call',
  'cancel',
  'change',
  'check',
  'choose',
  'clean',
  'clear',
  'collect',
  'compare',
  'complete',
  'cook',
  'create',
  'cut',
  'decide',
  'declutter',
  'define',
  'describe',
  'design',
  'do',
  'draft',
  'email',
  'explain',
  'file',
  'fill',
  'find',
  'finish',
  'fix',
  'gather',
  'get',
  'go',
  'hike',
  'hit',
  'invite',
  'jog',
  'join',
  'learn',
  'list',
  'make',
  'map',
  'mark',
  'measure',
  'meet',
  'move',
  'note',
  'open',
  'order',
  'organise',
  'organize',
  'outline',
  'pack',
  'paint',
  'pay',
  'pick',
  'plan',
  'post',
  'practise',
  'practice',
  'prepare',
  'print',
  'publish',
  'read',
  'reach',
  'record',
  'redo',
  'register',
  'reread',
  'replace',
  'reply',
  'research',
  'retest',
  'review',
  'rewrite',
  'ride',
  'run',
  'save',
  'schedule',
  'send',
  'set',
  'share',
  'sit',
  'sketch',
  'sort',
  'spend',
  'start',
  'stretch',
  'study',
  'submit',
  'swim',
  'take',
  'talk',
  'tell',
  'test',
  'tidy',
  'time',
  'track',
  'train',
  'try',
  'type',
  'update',
  'visit',
  'walk',
  'wash',
  'watch',
  'write',
];

type SubPhase = 'prepare' | 'do' | 'wrap';
const PHASE_ORDER: Readonly<Record<SubPhase, number>> = { prepare: 0, do: 1, wrap: 2 };

interface SubCandidate {
  readonly phase: SubPhase;
  readonly title: string;
  readonly energy: EnergyLevel;
}

/** What a step's title says: the action, the parts it names. */
export interface StepReading {
  /** The title before any colon, e.g. "Plan race week for the half marathon". */
  readonly head: string;
  /** What follows the colon, e.g. "taper, kit, route to the start"; '' when none. */
  readonly detail: string;
  /** The step as something to do after "to": "plan race week for the half marathon", "do the long run". */
  readonly action: string;
  /** The parts the title names: the detail's list, or the actions joined by "and" in the head. */
  readonly parts: readonly string[];
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
/** "Run an interval session" -> "run an interval session"; names and acronyms ("DIY", "Sarah's") stay. */
const lowerFirst = (text: string): string =>
  /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
const tidy = (text: string): string =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s,;:.!?-]+|[\s,;:.!?-]+$/g, '');

const verbOf = (text: string): string | null => {
  const lower = text.toLowerCase();
  return ACTION_VERBS.find((verb) => lower === verb || lower.startsWith(`${verb} `)) ?? null;
};

/** A list: three or more items split by commas, or items joined by "and" / "then". */
const listItems = (detail: string): string[] => {
  const byComma = detail
    .split(/\s*[,;]\s*/)
    .map(tidy)
    .filter(Boolean);
  const joined = /\s(?:and|then)\s/i.test(detail);
  if (byComma.length < 3 && !joined) return [];
  const items = detail
    .split(/\s*[,;]\s*(?:and\s+|then\s+)?|\s+(?:and|then)\s+/i)
    .map(tidy)
    .filter((item) => item.length >= 2);
  return items.length >= 2 ? items : [];
};

/** "Lace up and jog for 10 minutes" -> ["Lace up", "jog for 10 minutes"]: only when each part is an action. */
const actionParts = (head: string): string[] => {
  const parts = head.split(/\s*,\s*(?:then\s+)?|\s+(?:and|then)\s+/i).map(tidy);
  return parts.length >= 2 && parts.every((part) => verbOf(part) !== null) ? parts : [];
};

/** Reads a step's title as an action and the parts it names. */
export function readStep(title: string): StepReading {
  const clean = tidy(title);
  const colon = /\s*(?::|\s[–—-]\s)\s*/.exec(clean);
  // A colon with no word before it ("\":00", "0:0A", "my: aa") splits nothing: the head must carry the
  // step's words, stop words aside.
  const split = colon !== null && titleWords(clean.slice(0, colon.index)).size > 0;
  const head = (split ? tidy(clean.slice(0, colon.index)) : clean) || clean;
  const detail = split ? tidy(clean.slice(colon.index + colon[0].length)) : '';
  const lowered = lowerFirst(head);
  const action = verbOf(head)
    ? lowered
    : /^(?:a|an|the|my|your|our)\s|'s\b/i.test(lowered)
      ? `work on ${lowered.replace(/^my\s/i, 'your ')}`
      : `do the ${lowered}`;
  const fromDetail = detail ? listItems(detail) : [];
  const parts = fromDetail.length > 0 ? fromDetail.map((item) => `${head}: ${item}`) : actionParts(head);
  return { head, detail, action, parts: parts.map((part) => capitalise(part)) };
}

/** The phrasings of each sub-step; a variant picks another. */
const PREPARE: readonly (readonly string[])[] = [
  ['Set out what you need to {action}', 'Gather everything you need to {action}'],
  ['Pick a time and place to {action}', 'Block {minutes} minutes in your calendar to {action}'],
  ['Read through what it takes to {action} and note any questions', 'Clear one thing that could stop you: {action}'],
];
const DO_WHOLE: readonly (readonly string[])[] = [
  ['Start to {action}{detail}', 'Do the first part: {action}{detail}'],
  ['Do the main part: {action}', 'Keep at it for {minutes} minutes: {action}'],
  ['Finish off: {action}', 'Do the last part: {action}'],
];
const WRAP: readonly (readonly string[])[] = [
  ['Note how it went when you {action}', 'Write down what worked when you {action}'],
  ['Note one thing to change next time you {action}', 'Tick off {head} and note what comes next'],
];

const fillTemplate = (template: string, reading: StepReading, minutes: number): string =>
  truncateWords(
    capitalise(
      tidy(
        // Replaced by functions: a replacement string reads `$&`, `$'` and `` $` `` in what the user typed as
        // patterns ("A0$`" came back as "do the A0Set out what you need to").
        template
          .replace('{action}', () => reading.action)
          .replace('{head}', () => `"${reading.head}"`)
          .replace('{detail}', () => (reading.detail ? `: ${reading.detail}` : ''))
          .replace('{minutes}', () => String(minutes)),
      ),
    ),
    L.titleMax,
  );

const normalise = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The sub-steps of the step `request.goal` (its title) at `request.options.granularity`. The first
 * subtaskCount(minutes, size) of them are the plan (the command keeps that many); when fewer than the
 * contract's 3, the rest follow as spares. Titles the step already has (existingTaskTitles) are not
 * proposed again.
 */
export function planSubSteps(request: BreakdownRequest): PlannedStep[] {
  const { goal, options } = request;
  const parent = options.subStepsOf;
  const { granularity, variant } = options;
  const parentMinutes = parent?.estimatedMinutes ?? GRANULARITY_MINUTES[granularity] * 3;
  const reading = readStep(goal.title);
  const count = subtaskCount(parentMinutes, granularity);
  const size = GRANULARITY_MINUTES[granularity];
  const core = parent?.energyLevel ?? 'medium';
  const pick = (phrasings: readonly string[], index: number): string =>
    fillTemplate(phrasings[(variant + index) % phrasings.length] ?? '', reading, size);

  // In the order they are kept when the step's minutes hold only a few: the parts it names first (the
  // doing), then getting ready, then looking back, then more of each.
  const parts: SubCandidate[] = reading.parts.map((title) => ({ phase: 'do', title, energy: core }));
  const whole: SubCandidate[] = DO_WHOLE.map((phrasings, index) => ({
    phase: 'do',
    title: pick(phrasings, index),
    energy: core,
  }));
  const prepare: SubCandidate[] = PREPARE.map((phrasings, index) => ({
    phase: 'prepare',
    title: pick(phrasings, index),
    energy: 'low',
  }));
  const wrap: SubCandidate[] = WRAP.map((phrasings, index) => ({
    phase: 'wrap',
    title: pick(phrasings, index),
    energy: 'low',
  }));
  // The parts the title names come first, all of them if the minutes hold them; generic parts of the
  // doing leave room for getting ready and looking back.
  const doing = parts.length > 0 ? parts : whole;
  const first = parts.length > 0 ? count : Math.max(1, count - 2);
  const byPriority: SubCandidate[] = [
    ...doing.slice(0, first),
    ...prepare.slice(0, 1),
    ...wrap.slice(0, 1),
    ...doing.slice(first),
    ...prepare.slice(1),
    ...wrap.slice(1),
    ...(parts.length > 0 ? whole : []),
  ];

  const taken = new Set([goal.title, ...options.existingTaskTitles].map(normalise));
  const fresh: SubCandidate[] = [];
  for (const candidate of byPriority) {
    const key = normalise(candidate.title);
    if (key === '' || taken.has(key) || candidate.title.length < L.titleMin) continue;
    taken.add(key);
    fresh.push(candidate);
  }
  const kept = fresh
    .slice(0, count)
    .map((candidate, index) => ({ candidate, index }))
    .sort((a, b) => PHASE_ORDER[a.candidate.phase] - PHASE_ORDER[b.candidate.phase] || a.index - b.index)
    .map(({ candidate }) => candidate);
  const spares = fresh.slice(count, Math.max(count, L.tasksMin));
  const planned = [...kept, ...spares];

  const share = roundEstimate(parentMinutes / Math.max(1, Math.min(count, planned.length)));
  return planned.slice(0, L.tasksMax).map((candidate) => ({
    title: candidate.title,
    estimatedMinutes: withinStepSize(
      applyEstimateCorrection(withinStepSize(share, granularity), candidate.energy, options.estimateCorrection),
      granularity,
    ),
    energyLevel: candidate.energy,
    suggestedDate: null,
  }));
}
