/** The keyboard shortcuts, declared once: the handler reads them and the `?` sheet lists them. */
export type ShortcutAction = 'palette' | 'quickAdd' | 'search' | 'today' | 'goals' | 'help';

export interface Shortcut {
  readonly action: ShortcutAction;
  /** The key as KeyboardEvent.key; `mod` means Ctrl (or Cmd on a Mac) held with it. */
  readonly key: string;
  readonly mod?: boolean;
  /** How the sheet shows it. */
  readonly keys: string;
  readonly description: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'palette', key: 'k', mod: true, keys: 'Ctrl K / ⌘ K', description: 'Open the command palette' },
  { action: 'quickAdd', key: 'q', keys: 'Q', description: 'Quick add a task' },
  { action: 'search', key: '/', keys: '/', description: 'Search tasks and goals' },
  { action: 'today', key: 't', keys: 'T', description: "Go to today's plan" },
  { action: 'goals', key: 'g', keys: 'G', description: 'Go to goals' },
  { action: 'help', key: '?', keys: '?', description: 'Show these shortcuts' },
];

const isTyping = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
};

/**
 * The shortcut a key press asks for, or null. Single keys never fire while the user types in a field or
 * holds a modifier (so they never steal a letter or a browser shortcut); Ctrl/Cmd+K works everywhere.
 */
export function shortcutFor(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): ShortcutAction | null {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const found = SHORTCUTS.find((shortcut) => shortcut.key === key && Boolean(shortcut.mod) === mod);
  if (found === undefined || event.altKey) return null;
  if (!found.mod && isTyping(event.target)) return null;
  return found.action;
}
