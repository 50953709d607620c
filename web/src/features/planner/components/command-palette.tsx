import { useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { GoalChoice } from '@stride/domain/quick-add/goal-match';
import { Dialog } from '../../../components/dialog';
import { toast } from '../../../lib/toast';
import { useMoveOverdue } from '../api/move-overdue';
import { lacksGoal, NO_GOAL_MESSAGE, useQuickAdd } from '../api/quick-add';
import { downloadCsvExport, downloadJsonExport } from '../lib/export-files';
import { useQuickAddParser } from '../lib/use-quick-add-parser';
import { browserTimeZone } from './quick-add-box';
import { QuickAddPreview } from './quick-add-preview';

export type PaletteMode = 'commands' | 'add';

interface PaletteCommand {
  readonly id: string;
  readonly label: string;
  readonly run: () => void | Promise<void>;
}

interface CommandPaletteProps {
  readonly open: boolean;
  /** `add` opens straight into quick add: whatever is typed is a new task. */
  readonly mode: PaletteMode;
  readonly onClose: () => void;
  /** The user's active goals, for `#tag` in the quick-add preview. */
  readonly goals: readonly GoalChoice[];
  readonly onShowShortcuts: () => void;
}

const ADD_PREFIX = /^\+\s*/;

/**
 * The command palette (Ctrl/Cmd+K): type to filter navigation and actions, or type a task ("+ Call the
 * vet tomorrow 15m #dog", or anything in add mode) to quick add it with a preview. A combobox over a
 * listbox: arrow keys move, Enter runs, Escape closes; the active option is announced.
 */
export function CommandPalette({ open, mode, onClose, goals, onShowShortcuts }: CommandPaletteProps) {
  const navigate = useNavigate();
  const parse = useQuickAddParser();
  const quickAdd = useQuickAdd();
  const move = useMoveOverdue();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  const adding = mode === 'add' || ADD_PREFIX.test(text);
  const line = text.replace(ADD_PREFIX, '');
  const preview = useMemo(
    () =>
      adding && parse && line.trim() !== ''
        ? parse(line, { now: new Date(), timeZone: browserTimeZone(), goals })
        : null,
    [adding, parse, line, goals],
  );
  const fallbackGoal = goals.length === 1 ? goals[0]!.title : null;

  const close = () => {
    setText('');
    setActive(0);
    setError(null);
    onClose();
  };
  const go = (path: string) => () => {
    close();
    void navigate(path);
  };
  const download = (save: () => Promise<void>) => async () => {
    close();
    try {
      await save();
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : 'The export failed.');
    }
  };
  const commands: PaletteCommand[] = [
    { id: 'today', label: "Go to today's plan", run: go('/daily') },
    { id: 'goals', label: 'Go to goals', run: go('/goals') },
    { id: 'search', label: 'Search tasks and goals', run: go('/search') },
    { id: 'collections', label: 'Go to collections', run: go('/collections') },
    { id: 'data', label: 'Export or import data', run: go('/data') },
    {
      id: 'overdue-today',
      label: 'Move all earlier tasks to today',
      run: () => {
        close();
        move.mutate({ target: 'today' });
      },
    },
    { id: 'export-json', label: 'Export everything as JSON', run: download(downloadJsonExport) },
    { id: 'export-csv', label: 'Export tasks as CSV', run: download(downloadCsvExport) },
    {
      id: 'shortcuts',
      label: 'Show keyboard shortcuts',
      run: () => {
        close();
        onShowShortcuts();
      },
    },
  ];
  const save = async () => {
    if (line.trim() === '') return;
    if (lacksGoal(preview, goals)) {
      setError(NO_GOAL_MESSAGE);
      return;
    }
    setError(null);
    try {
      await quickAdd.mutateAsync({
        text: line,
        ...(preview?.goal === null && goals.length === 1 && { goalId: goals[0]!.goalId }),
      });
      close();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };
  const addOption: PaletteCommand = { id: 'add', label: `Add task: ${line.trim()}`, run: save };
  const query = text.trim().toLowerCase();
  const options = adding
    ? [addOption]
    : [
        ...commands.filter((command) => command.label.toLowerCase().includes(query)),
        ...(query === '' ? [] : [addOption]),
      ];
  const current = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (index: number) => `${listId}-${index}`;

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % Math.max(1, options.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void options[current]?.run();
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={mode === 'add' ? 'Quick add' : 'Command palette'}
      description={
        mode === 'add'
          ? 'Type a task, for example "Call the vet tomorrow 15m low energy #dog", then press Enter.'
          : 'Type to find a command, or + and a task to add it. Arrow keys choose, Enter runs.'
      }
      initialFocus={inputRef}
    >
      <div className="palette">
        <input
          ref={inputRef}
          className="palette__input"
          type="text"
          role="combobox"
          aria-label={mode === 'add' ? 'New task' : 'Command or task'}
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={options.length > 0 ? optionId(current) : undefined}
          placeholder={mode === 'add' ? 'Call the vet tomorrow 15m #dog' : 'Type a command or + a task'}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
        />
        {adding ? <QuickAddPreview result={preview} fallbackGoal={fallbackGoal} /> : null}
        <ul id={listId} role="listbox" className="palette__list" aria-label="Commands">
          {options.map((option, index) => (
            <li
              key={option.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              className={`palette__option${index === current ? ' is-active' : ''}`}
              onMouseEnter={() => setActive(index)}
              onClick={() => void option.run()}
            >
              {option.label}
            </li>
          ))}
        </ul>
        {quickAdd.isPending ? <p className="small">Saving…</p> : null}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
