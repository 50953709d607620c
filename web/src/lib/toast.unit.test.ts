import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, toast, UNDO_TOAST_DURATION } from './toast';

describe('toast store', () => {
  afterEach(() => toast.dismiss());

  it('uses the spec durations: success 2 s, error 4 s, blank 4 s, loading until dismissed', () => {
    vi.useFakeTimers();
    toast.success('saved');
    toast.error('failed');
    toast('hello');
    const loading = toast.loading('working');
    expect(toast.getAll()).toHaveLength(4);
    vi.advanceTimersByTime(2000);
    expect(toast.getAll().map((t) => t.message)).toEqual(['failed', 'hello', 'working']);
    vi.advanceTimersByTime(2000);
    expect(toast.getAll().map((t) => t.message)).toEqual(['working']);
    vi.advanceTimersByTime(60_000);
    expect(toast.getAll()).toHaveLength(1);
    toast.dismiss(loading);
    expect(toast.getAll()).toHaveLength(0);
  });

  it('keeps at most 20', () => {
    for (let i = 0; i < 25; i += 1) toast(`t${i}`);
    expect(toast.getAll()).toHaveLength(MAX_TOASTS);
    expect(toast.getAll()[0]!.message).toBe('t5');
  });

  it('keeps an action (Undo) with the toast for as long as it is asked to stay', () => {
    vi.useFakeTimers();
    const onSelect = vi.fn();
    toast.success('Task done', { duration: UNDO_TOAST_DURATION, action: { label: 'Undo', onSelect } });
    vi.advanceTimersByTime(UNDO_TOAST_DURATION - 1);
    const [shown] = toast.getAll();
    expect(shown?.action?.label).toBe('Undo');
    shown?.action?.onSelect();
    expect(onSelect).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1);
    expect(toast.getAll()).toHaveLength(0);
    vi.useRealTimers();
  });
});
