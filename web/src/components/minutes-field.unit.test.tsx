import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MinutesField, parseMinutes, STEP_MINUTES, TASK_MINUTES } from './minutes-field';

describe('parseMinutes', () => {
  it('takes exactly the whole numbers within the bounds, written in digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 3000 }), fc.constantFrom(TASK_MINUTES, STEP_MINUTES), (n, bounds) => {
        const inside = n >= bounds.min && n <= bounds.max;
        expect(parseMinutes(String(n), bounds)).toBe(inside ? n : null);
        expect(parseMinutes(` ${n} `, bounds)).toBe(inside ? n : null);
      }),
    );
  });

  it('refuses anything else: empty, fractions, exponents, words', () => {
    for (const text of ['', ' ', '2.5', '1e2', '30min', 'thirty', '+30', '0x1e']) {
      expect(parseMinutes(text, TASK_MINUTES)).toBeNull();
    }
  });

  it('has the API rules bounds: a task 1 to 1440, a draft step 5 to 480', () => {
    expect(TASK_MINUTES).toEqual({ min: 1, max: 1440 });
    expect(STEP_MINUTES).toEqual({ min: 5, max: 480 });
  });
});

function Controlled({ showError }: { readonly showError?: boolean }) {
  const [text, setText] = useState('30');
  return (
    <MinutesField
      id="m"
      label="Estimated minutes"
      value={text}
      onChange={setText}
      bounds={TASK_MINUTES}
      showError={showError}
    />
  );
}

describe('MinutesField', () => {
  it('keeps what is typed and says what to type when it is not a number of minutes', async () => {
    render(<Controlled />);
    const input = screen.getByLabelText('Estimated minutes');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    await userEvent.clear(input);
    await userEvent.type(input, '2000');
    expect(input).toHaveValue(2000);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Use a whole number of minutes from 1 to 1440.');
    await userEvent.clear(input);
    await userEvent.type(input, '45');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/Use a whole number/)).toBeNull();
  });

  it('marks but does not yet say it while the form has not asked for it', async () => {
    render(<Controlled showError={false} />);
    const input = screen.getByLabelText('Estimated minutes');
    await userEvent.clear(input);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Use a whole number/)).toBeNull();
  });
});
