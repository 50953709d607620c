import { describe, expect, it } from 'vitest';
import { shortcutFor } from './shortcuts';

const press = (key: string, extra: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) =>
  shortcutFor({ key, ctrlKey: false, metaKey: false, altKey: false, target, ...extra });

describe('shortcutFor', () => {
  it('maps single keys and Ctrl/Cmd+K to their actions', () => {
    expect(press('q')).toBe('quickAdd');
    expect(press('Q')).toBe('quickAdd');
    expect(press('/')).toBe('search');
    expect(press('?')).toBe('help');
    expect(press('k', { ctrlKey: true })).toBe('palette');
    expect(press('k', { metaKey: true })).toBe('palette');
  });

  it('leaves keys alone while typing, with other modifiers, or unknown', () => {
    const input = document.createElement('input');
    expect(press('q', {}, input)).toBeNull();
    expect(press('k', { ctrlKey: true }, input)).toBe('palette');
    expect(press('q', { ctrlKey: true })).toBeNull();
    expect(press('t', { altKey: true })).toBeNull();
    expect(press('k')).toBeNull();
    expect(press('x')).toBeNull();
  });
});
