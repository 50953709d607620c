import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CollectionForm } from './collection-form';

describe('CollectionForm', () => {
  it('names each colour in words (not its hex code), and sends the chosen one', async () => {
    const onSubmit = vi.fn();
    render(<CollectionForm busy={false} onSubmit={onSubmit} onCancel={() => undefined} />);
    const group = screen.getByRole('group', { name: 'Colour' });
    expect(group).not.toHaveTextContent('#');
    expect(screen.getByRole('radio', { name: 'Indigo' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Green' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Spring');
    await userEvent.click(screen.getByRole('button', { name: 'Create collection' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Spring', description: null, color: '#10b981' });
  });
});
