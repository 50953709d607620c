import type { Playbook } from '../playbook';
import { business } from './business';
import { career } from './career';
import { content } from './content';
import { event } from './event';
import { fitness } from './fitness';
import { general } from './general';
import { health } from './health';
import { home } from './home';
import { language } from './language';
import { money } from './money';
import { pets } from './pets';
import { reading } from './reading';
import { relationships } from './relationships';
import { running } from './running';
import { skill } from './skill';
import { study } from './study';
import { travel } from './travel';
import { writing } from './writing';

/** The domain playbooks, most specific first (a tie in score goes to the one listed first). */
export const playbooks: readonly Playbook[] = [
  running,
  content,
  writing,
  language,
  business,
  career,
  money,
  skill,
  study,
  pets,
  home,
  travel,
  event,
  reading,
  fitness,
  health,
  relationships,
];

export { general as generalPlaybook };
