import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StepMinutes } from './step-minutes';

/** A draft step's minutes as the draft panel holds them; `changes` records what the field sent. */
function Step({ changes }: { readonly changes: number[] }) {
  const [minutes, setMinutes] = useState(60);
  return (
    <StepMinutes
      id="s"
      label="Step 1 minutes"
      minutes={minutes}
      onChange={(next) => {
        changes.push(next);
        setMinutes(next);
      }}
    />
  );
}

describe('StepMinutes', () => {
  it('takes 30 typed key by key: the 3 on the way is not turned into the 5-minute floor', async () => {
    const changes: number[] = [];
    render(<Step changes={changes} />);
    const input = screen.getByLabelText('Step 1 minutes');
    await userEvent.clear(input);
    await userEvent.type(input, '30');
    expect(input).toHaveValue(30);
    expect(changes).toEqual([30]);
  });

  it('says what to type while the value is out of bounds, and puts the step back when left so', async () => {
    const changes: number[] = [];
    render(<Step changes={changes} />);
    const input = screen.getByLabelText('Step 1 minutes');
    await userEvent.clear(input);
    await userEvent.type(input, '900');
    expect(input).toHaveAccessibleDescription('Use a whole number of minutes from 5 to 480.');
    expect(changes).toEqual([9, 90]); // each size on the way was one; 900 is too many
    await userEvent.tab();
    expect(input).toHaveValue(90);
    expect(screen.queryByText(/Use a whole number/)).toBeNull();
  });
});
