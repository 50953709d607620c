import { z } from 'zod';
import type { CommandMetadata } from '@stride/domain/shared/event';
import { streamIds } from '@stride/domain/stream-ids';
import { templateDecider, type TemplateCommand } from '@stride/domain/templates/template-decider';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';

/** The result of a command on one of the caller's templates: the template and the position to wait for. */
export const templateResultSchema = z.object({ templateId: z.string(), position: z.number().int().nullable() });
export type TemplateResult = z.infer<typeof templateResultSchema>;

/** Runs one command on a template's stream. */
export async function runOnTemplate(
  services: Services,
  context: CommandContext,
  templateId: string,
  command: (metadata: CommandMetadata) => TemplateCommand,
): Promise<TemplateResult> {
  const { result } = await services.commands.execute({
    streams: { template: { streamId: streamIds.template(templateId), decider: templateDecider } },
    decide: (states, metadata) => ({ template: templateDecider.decide(command(metadata), states.template) }),
    context,
    result: (outcome) => ({ templateId, position: outcome.position }),
  });
  return result;
}
