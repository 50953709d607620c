import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DownloadMyData } from './download-my-data';

afterEach(() => vi.restoreAllMocks());

describe('DownloadMyData', () => {
  it('downloads the export as a dated JSON file', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:my-data');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const data = { format: 'stride.user-data-export/1', exportedAt: '2026-11-25T13:00:00.000Z', events: [] };
    render(<DownloadMyData fetchData={async () => data} />);

    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await screen.findByText('Your data has been downloaded.');
    expect(clicked).toEqual(['stride-my-data-2026-11-25.json']);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(JSON.parse(await blob.text())).toEqual(data);
  });

  it('says when the download failed', async () => {
    render(
      <DownloadMyData
        fetchData={async () => {
          throw new Error('Server unavailable');
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server unavailable');
  });
});
