import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { GoalChoice } from '@stride/domain/quick-add/goal-match';
import { shortcutFor } from '../lib/shortcuts';
import { CommandPalette, type PaletteMode } from './command-palette';
import { ShortcutsSheet } from './shortcuts-sheet';

/**
 * Keyboard access from anywhere in the signed-in app: the command palette (Ctrl/Cmd+K), quick add (Q),
 * search (/), today (T), goals (G) and the shortcuts sheet (?).
 */
export function PlannerKeyboard({ goals }: { readonly goals: readonly GoalChoice[] }) {
  const navigate = useNavigate();
  const [palette, setPalette] = useState<PaletteMode | null>(null);
  const [help, setHelp] = useState(false);
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = shortcutFor(event);
      if (action === null) return;
      if (action !== 'palette' && document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      if (action === 'palette') setPalette((open) => (open === null ? 'commands' : null));
      else if (action === 'quickAdd') setPalette('add');
      else if (action === 'help') setHelp(true);
      else void navigateRef.current(action === 'search' ? '/search' : action === 'today' ? '/daily' : '/goals');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <CommandPalette
        open={palette !== null}
        mode={palette ?? 'commands'}
        onClose={() => setPalette(null)}
        goals={goals}
        onShowShortcuts={() => setHelp(true)}
      />
      <ShortcutsSheet open={help} onClose={() => setHelp(false)} />
    </>
  );
}
