import { readGoalFacts } from './goal-facts';
import type { Playbook } from './playbook';
import { generalPlaybook, playbooks } from './playbooks';

/**
 * Which playbook a goal belongs to. The goal's own words decide: each keyword found in the title
 * counts 3, in the description 1. The category is only a weak hint (1), enough to break a tie or to
 * pick a playbook for a goal whose words match nothing, never enough to beat a word in the title:
 * "Launch an online store" filed under Career is a business goal.
 */

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const patterns = new Map<Playbook, readonly RegExp[]>(
  playbooks.map((playbook) => [
    playbook,
    playbook.keywords.map(
      (keyword) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${escape(keyword)}(?=$|[^\\p{L}\\p{N}])`, 'iu'),
    ),
  ]),
);

const hits = (list: readonly RegExp[], text: string): number =>
  text === '' ? 0 : list.filter((pattern) => pattern.test(text)).length;

export interface DomainGoal {
  readonly title: string;
  readonly description?: string | null | undefined;
  readonly category?: string | null | undefined;
}

export const TITLE_WEIGHT = 3;
export const DESCRIPTION_WEIGHT = 1;
export const CATEGORY_WEIGHT = 1;

/** A fact a playbook names in `factBonus` (a destination, a language, a pet) counts like a title keyword. */
export function domainScores(goal: DomainGoal): ReadonlyMap<string, number> {
  const category = (goal.category ?? '').trim().toLowerCase();
  // Only facts named in the title count; names and places do not depend on the day, any day will do.
  const facts = readGoalFacts({ title: goal.title }, '2000-01-01').text;
  const scores = new Map<string, number>();
  for (const playbook of playbooks) {
    const list = patterns.get(playbook) ?? [];
    scores.set(
      playbook.domain,
      TITLE_WEIGHT * hits(list, goal.title) +
        DESCRIPTION_WEIGHT * hits(list, goal.description ?? '') +
        TITLE_WEIGHT * (playbook.factBonus ?? []).filter((fact) => facts[fact] !== undefined).length +
        (category !== '' && playbook.categories.includes(category) ? CATEGORY_WEIGHT : 0),
    );
  }
  return scores;
}

/** The best-scoring playbook; ties go to the one listed first; nothing matching gives the general plan. */
export function playbookFor(goal: DomainGoal): Playbook {
  const scores = domainScores(goal);
  let best = generalPlaybook;
  let bestScore = 0;
  for (const playbook of playbooks) {
    const score = scores.get(playbook.domain) ?? 0;
    if (score > bestScore) {
      best = playbook;
      bestScore = score;
    }
  }
  return best;
}

export function detectDomain(goal: DomainGoal): string {
  return playbookFor(goal).domain;
}
