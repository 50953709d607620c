import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeleteMyAccount } from './delete-my-account';

describe('DeleteMyAccount', () => {
  it('asks to confirm, then erases the account and signs out', async () => {
    const erase = vi.fn(async () => ({ erased: true as const }));
    const onDeleted = vi.fn();
    render(<DeleteMyAccount erase={erase} onDeleted={onDeleted} />);

    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(erase).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete my account permanently' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(erase).toHaveBeenCalledTimes(1);
  });

  it('keeps the account when the user changes their mind', () => {
    const erase = vi.fn(async () => ({ erased: true as const }));
    render(<DeleteMyAccount erase={erase} onDeleted={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
    expect(erase).not.toHaveBeenCalled();
  });

  it('says when the deletion failed, and does not sign out', async () => {
    const onDeleted = vi.fn();
    render(
      <DeleteMyAccount
        erase={async () => {
          throw new Error('Server unavailable');
        }}
        onDeleted={onDeleted}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete my account permanently' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server unavailable');
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
