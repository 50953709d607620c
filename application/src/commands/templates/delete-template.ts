import { z } from 'zod';
import type { Services } from '../../services';
import type { CommandContext } from '../command-handler';
import { runOnTemplate, templateResultSchema, type TemplateResult } from './template-stream';

export const inputSchema = z.object({ templateId: z.string() });
export const resultSchema = templateResultSchema;

/** Deletes one of the caller's own templates (allowed on any plan: it is the user's data). */
export const run = (
  services: Services,
  context: CommandContext,
  { templateId }: z.infer<typeof inputSchema>,
): Promise<TemplateResult> =>
  runOnTemplate(services, context, templateId, (metadata) => ({ type: 'DeleteGoalTemplate', data: {}, metadata }));
