import { useSyncExternalStore } from 'react';

/** Spec section 9: success 2000 ms, error 4000 ms, blank 4000 ms, loading until dismissed, at most 20. */
export const TOAST_DURATIONS = {
  success: 2000,
  error: 4000,
  blank: 4000,
  loading: Number.POSITIVE_INFINITY,
  celebration: 5000,
  encouragement: 6000,
} as const;
export const MAX_TOASTS = 20;

export type ToastKind = 'success' | 'error' | 'blank' | 'loading' | 'celebration' | 'encouragement';

/** A button in the toast (e.g. Undo); choosing it runs `onSelect` and dismisses the toast. */
export interface ToastAction {
  readonly label: string;
  readonly onSelect: () => void;
}

export interface Toast {
  readonly id: string;
  readonly kind: ToastKind;
  readonly message: string;
  readonly duration: number;
  readonly createdAt: number;
  readonly action?: ToastAction;
}

/** How long a toast with an Undo stays: long enough to reach the button by keyboard. */
export const UNDO_TOAST_DURATION = 8000;

type Listener = () => void;

let toasts: readonly Toast[] = [];
const listeners = new Set<Listener>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit() {
  listeners.forEach((listener) => listener());
}

type ToastOptions = { id?: string; duration?: number; action?: ToastAction };

function dismiss(id?: string): void {
  const ids = id === undefined ? toasts.map((t) => t.id) : [id];
  for (const toastId of ids) {
    const timer = timers.get(toastId);
    if (timer) clearTimeout(timer);
    timers.delete(toastId);
  }
  const next = id === undefined ? [] : toasts.filter((t) => t.id !== id);
  if (next.length !== toasts.length) {
    toasts = next;
    emit();
  }
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${(counter += 1)}`;
  const duration = options.duration ?? TOAST_DURATIONS[kind];
  const existing = timers.get(id);
  if (existing) clearTimeout(existing);
  const toast: Toast = {
    id,
    kind,
    message,
    duration,
    createdAt: Date.now(),
    ...(options.action !== undefined && { action: options.action }),
  };
  const others = toasts.filter((t) => t.id !== id);
  const next = [...others, toast];
  for (const dropped of next.slice(0, Math.max(0, next.length - MAX_TOASTS))) {
    const timer = timers.get(dropped.id);
    if (timer) clearTimeout(timer);
    timers.delete(dropped.id);
  }
  toasts = next.slice(-MAX_TOASTS);
  if (Number.isFinite(duration))
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  emit();
  return id;
}

export const toast = Object.assign((message: string, options?: ToastOptions) => show('blank', message, options), {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  loading: (message: string, options?: ToastOptions) => show('loading', message, options),
  celebration: (message: string, options?: ToastOptions) => show('celebration', message, options),
  encouragement: (message: string, options?: ToastOptions) => show('encouragement', message, options),
  dismiss,
  getAll: (): readonly Toast[] => toasts,
});

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
