/**
 * Product events raised anywhere in the app (goal_created, task_completed, upgrade_clicked...). The
 * tracking feature subscribes and decides whether and how they are sent; features only emit.
 */
export type ProductEventProperties = Record<string, string | number | boolean | null>;

type Listener = (event: string, properties: ProductEventProperties) => void;

const listeners = new Set<Listener>();

export function emitProductEvent(event: string, properties: ProductEventProperties = {}): void {
  listeners.forEach((listener) => {
    try {
      listener(event, properties);
    } catch {
      /* a failing listener never breaks the caller */
    }
  });
}

export function onProductEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
