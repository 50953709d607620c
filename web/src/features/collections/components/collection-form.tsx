import { useId, useState, type FormEvent } from 'react';
import { COLLECTION_COLOUR_NAMES, COLLECTION_COLOURS } from '../lib/collection-goal';

interface CollectionFormProps {
  readonly busy: boolean;
  readonly onSubmit: (input: { name: string; description: string | null; color: string }) => void;
  readonly onCancel: () => void;
}

export function CollectionForm({ busy, onSubmit, onCancel }: CollectionFormProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [color, setColor] = useState<string>(COLLECTION_COLOURS[0]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    onSubmit({ name: name.trim(), description: description.trim() || null, color });
  };
  return (
    <form onSubmit={submit} className="collection-form">
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={100}
          placeholder="e.g. Marathon prep"
          autoFocus
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>
          Description <span className="field__optional">(optional)</span>
        </label>
        <input
          id={`${id}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={500}
          placeholder="What ties these goals together?"
        />
      </div>
      <fieldset className="field colour-field">
        <legend>Colour</legend>
        <div className="colour-swatches">
          {COLLECTION_COLOURS.map((c) => (
            <label key={c} className="colour-swatch" style={{ '--swatch': c } as React.CSSProperties}>
              <input type="radio" name={`${id}-colour`} value={c} checked={color === c} onChange={() => setColor(c)} />
              <span className="visually-hidden">{COLLECTION_COLOUR_NAMES[c]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="form-actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy || !name.trim()}>
          {busy ? 'Creating…' : 'Create collection'}
        </button>
      </div>
    </form>
  );
}
