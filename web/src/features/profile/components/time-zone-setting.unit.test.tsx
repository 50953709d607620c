import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithProviders } from '../../../test/render';
import { TimeZoneSetting } from './time-zone-setting';

describe('TimeZoneSetting', () => {
  afterEach(() => vi.restoreAllMocks());

  it("saves the chosen zone and patches the current user with the server's answer", async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ time_zone: 'Asia/Tokyo', position: '12' }));
    const patchUser = vi.fn();
    renderWithProviders(<TimeZoneSetting current="UTC" />, { user: makeUser(), currentUser: { patchUser } });

    const save = screen.getByRole('button', { name: 'Save time zone' });
    expect(save).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Your time zone'), 'Asia/Tokyo');
    await userEvent.click(save);

    await waitFor(() => expect(patchUser).toHaveBeenCalledWith({ timeZone: 'Asia/Tokyo' }));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/user/time-zone');
    expect(JSON.parse(String(init?.body))).toEqual({ timeZone: 'Asia/Tokyo' });
  });

  it('keeps the choice and says so when saving fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ error: 'boom' }, { status: 500 }));
    renderWithProviders(<TimeZoneSetting current="UTC" />);
    await userEvent.selectOptions(screen.getByLabelText('Your time zone'), 'Europe/Berlin');
    await userEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't save your time zone");
    expect(screen.getByLabelText('Your time zone')).toHaveValue('Europe/Berlin');
  });
});
