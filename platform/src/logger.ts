import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs (pino); human-readable when attached to a terminal in development. */
export function createLogger(options: { level: string; name?: string; pretty?: boolean }): Logger {
  const pretty = options.pretty ?? (process.stdout.isTTY && process.env.NODE_ENV !== 'production');
  return pino({
    name: options.name ?? 'stride',
    level: options.level,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l' } } } : {}),
  });
}
