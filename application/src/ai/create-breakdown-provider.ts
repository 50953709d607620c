import type { Config } from '@stride/platform/config';
import type { Logger } from '@stride/platform/logger';
import type { BreakdownProvider } from './breakdown-provider';
import { createEmbeddedProvider } from './embedded-provider';
import { withFallback } from './fallback-provider';
import { OpenAiCompatibleProvider } from './openai-compatible-provider';

/** Time kept back from the request timeout for the fallback, the append and the response. */
const RESERVED_MS = 2_000;

/**
 * The embedded planner by default; with AI_API_URL, AI_API_KEY and AI_MODEL (loadConfig requires all
 * three together) an OpenAI-compatible API, falling back to the embedded planner. Its attempts share a
 * budget that ends before the request times out, whatever AI_TIMEOUT_MS says.
 */
export function createBreakdownProvider(
  config: Pick<Config, 'AI_API_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS' | 'REQUEST_TIMEOUT_MS'>,
  logger: Logger,
  options: { fetch?: typeof fetch } = {},
): BreakdownProvider {
  const embedded = createEmbeddedProvider();
  const { AI_API_URL: baseUrl, AI_API_KEY: apiKey, AI_MODEL: model } = config;
  if (!baseUrl || !apiKey || !model) return embedded;
  const budgetMs = Math.max(100, Math.min(config.AI_TIMEOUT_MS * 2, config.REQUEST_TIMEOUT_MS - RESERVED_MS));
  const remote = new OpenAiCompatibleProvider({
    baseUrl,
    apiKey,
    model,
    timeoutMs: Math.min(config.AI_TIMEOUT_MS, budgetMs),
    budgetMs,
    ...(options.fetch && { fetch: options.fetch }),
  });
  return withFallback(remote, embedded, logger);
}
