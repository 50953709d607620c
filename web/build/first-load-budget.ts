/// <reference types="node" />
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Prints the gzipped JavaScript that a first visit to a route transfers (the entry chunk, its static
 * imports, and the lazily loaded route chunks that render the route, with their static imports) and fails
 * the build when it is over budget.
 */
export interface FirstLoadBudgetOptions {
  /** The route, only for the message. */
  readonly route: string;
  /** Source modules (paths relative to the web folder) whose chunks render the route lazily. */
  readonly routeModules: readonly string[];
  /** Budget in bytes of gzipped JavaScript (1 kB = 1000 bytes). */
  readonly budgetBytes: number;
}

interface ChunkLike {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly isEntry: boolean;
  readonly facadeModuleId: string | null;
  readonly imports: readonly string[];
  readonly code: string;
}

const isChunk = (item: unknown): item is ChunkLike =>
  typeof item === 'object' && item !== null && (item as { type?: unknown }).type === 'chunk';

export function firstLoadBudget(options: FirstLoadBudgetOptions): Plugin {
  return {
    name: 'stride-first-load-budget',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle)) if (isChunk(item)) chunks.set(item.fileName, item);

      const roots = [...chunks.values()].filter((chunk) => chunk.isEntry);
      const normalise = (id: string) => id.replace(/\\/g, '/');
      for (const module of options.routeModules) {
        const chunk = [...chunks.values()].find(
          (c) => c.facadeModuleId && normalise(c.facadeModuleId).endsWith(module),
        );
        if (!chunk) this.error(`first-load budget: no chunk found for ${module}; is it still lazily imported?`);
        roots.push(chunk);
      }

      const included = new Set<string>();
      const visit = (fileName: string) => {
        if (included.has(fileName)) return;
        const chunk = chunks.get(fileName);
        if (!chunk) return;
        included.add(fileName);
        chunk.imports.forEach(visit);
      };
      roots.forEach((chunk) => visit(chunk.fileName));

      let total = 0;
      const rows: string[] = [];
      for (const fileName of included) {
        const size = gzipSync(chunks.get(fileName)!.code, { level: 9 }).length;
        total += size;
        rows.push(`  ${(size / 1000).toFixed(1).padStart(7)} kB  ${fileName}`);
      }
      const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
      const summary = `first load of ${options.route}: ${kb(total)} gzipped JS in ${included.size} files (budget ${kb(options.budgetBytes)})`;
      console.log(`\n[stride] ${summary}\n${rows.join('\n')}\n`);
      if (total > options.budgetBytes) this.error(`Over budget: ${summary}`);
    },
  };
}
