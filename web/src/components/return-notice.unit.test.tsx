import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ReturnNotice, withReturnFlag } from './return-notice';

const FLAG = { name: 'checkout', value: 'cancelled' };
let go: (to: string) => void = () => undefined;

function Probe() {
  const location = useLocation();
  go = useNavigate();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ReturnNotice flag={FLAG} testId="return-notice">
        Checkout cancelled
      </ReturnNotice>
      <Probe />
    </MemoryRouter>,
  );

describe('ReturnNotice', () => {
  it('says it when the URL carries the flag, takes the flag off the URL, and goes when dismissed', async () => {
    renderAt('/pricing?checkout=cancelled&plan=pro');
    expect(screen.getByTestId('return-notice')).toHaveTextContent('Checkout cancelled');
    expect(screen.getByTestId('return-notice')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pricing?plan=pro'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByTestId('return-notice')).toBeNull();
  });

  it('says nothing without the flag, or with another value', () => {
    renderAt('/pricing?checkout=done');
    expect(screen.queryByTestId('return-notice')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/pricing?checkout=done');
  });

  it('says it again when the page is opened with the flag again', async () => {
    renderAt('/pricing?checkout=cancelled');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    act(() => go('/pricing?checkout=cancelled'));
    expect(await screen.findByTestId('return-notice')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/pricing$/));
  });

  it('adds a flag to a path', () => {
    expect(withReturnFlag('/', { name: 'account', value: 'deleted' })).toBe('/?account=deleted');
    expect(withReturnFlag('/pricing?plan=pro', FLAG)).toBe('/pricing?plan=pro&checkout=cancelled');
  });
});
