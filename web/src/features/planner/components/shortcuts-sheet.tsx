import { Dialog } from '../../../components/dialog';
import { SHORTCUTS } from '../lib/shortcuts';

/** The `?` sheet: every keyboard shortcut, as a table a screen reader reads row by row. */
export function ShortcutsSheet({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts" size="sm">
      <table className="data-table shortcuts-table">
        <caption className="visually-hidden">Keyboard shortcuts</caption>
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Does</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <td>
                <kbd>{shortcut.keys}</kbd>
              </td>
              <td>{shortcut.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="small muted">Single keys work when you are not typing in a field.</p>
    </Dialog>
  );
}
