import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundleArgs, type ServerBundle } from '../server-bundles';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** A process of the product, run from its bundle as a deployment runs it (scripts/build-server.mjs). */
export interface ServerBundleScript {
  readonly bundle: ServerBundle;
}

const nodeArgsOf = (script: string | ServerBundleScript): string[] =>
  typeof script === 'string' ? ['--import', 'tsx', script] : serverBundleArgs(script.bundle);

export interface ChildOptions {
  readonly name: string;
  /** What node runs: a TypeScript entry point relative to the repository root (run with tsx), or a server bundle. */
  readonly script: string | ServerBundleScript;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Every line goes to `<logDir>/<name>.log`. */
  readonly logDir: string;
  /** Also echo each line, prefixed with the name (the stack CLI does). */
  readonly echo?: boolean;
}

/** A process of the stack: its own log file, its output kept for failure messages. */
export class StackChild {
  readonly logFile: string;
  private child: ChildProcess | null = null;
  private log: WriteStream | null = null;
  private output = '';
  private exit: Promise<number | null> = Promise.resolve(null);
  private lineListeners: ((line: string) => void)[] = [];

  constructor(readonly options: ChildOptions) {
    mkdirSync(options.logDir, { recursive: true });
    this.logFile = path.join(options.logDir, `${options.name}.log`);
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  tail(chars = 4_000): string {
    return this.output.slice(-chars);
  }

  /** Starts the process; resolves with the first output line that `ready` accepts. */
  start(ready: (line: string) => boolean = () => true, timeoutMs = 300_000): Promise<string> {
    const { options } = this;
    this.log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, [...nodeArgsOf(options.script), ...(options.args ?? [])], {
      cwd: repoRoot,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      this.output = (this.output + text).slice(-200_000);
      this.log?.write(text);
      for (const line of text.split('\n')) {
        if (line.trim() === '') continue;
        if (options.echo) process.stdout.write(`[${options.name}] ${line}\n`);
        for (const listener of this.lineListeners) listener(line);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${options.name} was not ready within ${timeoutMs} ms:\n${this.tail()}`));
      }, timeoutMs);
      const listener = (line: string) => {
        if (!ready(line)) return;
        cleanup();
        resolve(line);
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`${options.name} exited (${code}) before it was ready:\n${this.tail()}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        this.lineListeners = this.lineListeners.filter((l) => l !== listener);
        child.off('exit', onExit);
      };
      this.lineListeners.push(listener);
      child.once('exit', onExit);
    });
  }

  /** SIGTERM (or `signal`), then SIGKILL after `timeoutMs`; resolves with the exit code. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 20_000): Promise<number | null> {
    const child = this.child;
    if (!child) return null;
    if (this.running) child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const code = await this.exit;
    clearTimeout(timer);
    this.log?.end();
    return code;
  }
}
