import type { EventDefinition } from './event';

/**
 * Event data that an event definition's schema produced (createEvent, validateForAppend, upcast), so that
 * the same object is not parsed again on its way from the decider to the store and the inline read models:
 * every event of a command was parsed three times there (32 us of a create-goal's CPU). Sound because
 * event data is a value never changed once made, and the schema's own output is what a parse would give.
 * Data of another definition (a registry built from other definitions) or any other object is parsed.
 */
const parsedBy = new WeakMap<object, EventDefinition>();

const isObject = (data: unknown): data is object => typeof data === 'object' && data !== null;

/** Records that `definition`'s schema produced `data`; returns it. */
export const markParsed = <Data>(definition: EventDefinition, data: Data): Data => {
  if (isObject(data)) parsedBy.set(data, definition);
  return data;
};

/** Whether `definition`'s schema produced this very object. */
export const wasParsedBy = (definition: EventDefinition, data: unknown): boolean =>
  isObject(data) && parsedBy.get(data) === definition;
