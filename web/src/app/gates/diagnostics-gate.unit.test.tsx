import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithProviders } from '../../test/render';
import { DiagnosticsGate } from './diagnostics-gate';

const tool = <p>Integration checks</p>;

describe('DiagnosticsGate (/test-integration, /mock-demo)', () => {
  it('shows the not-found page to a customer in a production build', () => {
    renderWithProviders(<DiagnosticsGate development={false}>{tool}</DiagnosticsGate>, { user: makeUser() });
    expect(screen.getByText('This page took a different path')).toBeInTheDocument();
    expect(screen.queryByText('Integration checks')).not.toBeInTheDocument();
  });

  it('shows the tool to an admin', () => {
    renderWithProviders(<DiagnosticsGate development={false}>{tool}</DiagnosticsGate>, {
      user: makeUser({ isAdmin: true }),
    });
    expect(screen.getByText('Integration checks')).toBeInTheDocument();
  });

  it('shows the tool to anyone in development', () => {
    renderWithProviders(<DiagnosticsGate development>{tool}</DiagnosticsGate>, { user: makeUser() });
    expect(screen.getByText('Integration checks')).toBeInTheDocument();
  });
});
