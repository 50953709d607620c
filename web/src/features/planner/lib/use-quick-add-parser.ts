import { useEffect, useState } from 'react';
import type { parseQuickAdd } from '@stride/domain/quick-add/quick-add';

/**
 * The quick-add parser (chrono-node inside), loaded when a quick-add box first shows, so it stays out of
 * the first page load. null until loaded.
 */
export function useQuickAddParser(): typeof parseQuickAdd | null {
  const [parser, setParser] = useState<typeof parseQuickAdd | null>(null);
  useEffect(() => {
    let live = true;
    void import('@stride/domain/quick-add/quick-add').then((module) => {
      if (live) setParser(() => module.parseQuickAdd);
    });
    return () => {
      live = false;
    };
  }, []);
  return parser;
}
