import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEvent } from './create-event';
import { defineEvent } from './event';
import { EventRegistry } from './event-registry';

/** A definition whose schema counts its parses (a transform runs once per parse). */
const counted = () => {
  let parses = 0;
  const definition = defineEvent({
    type: 'ThingNamed',
    schemaVersion: 2,
    schema: z.object({ name: z.string().min(1) }).transform((data) => {
      parses += 1;
      return { ...data };
    }),
    upcasters: { 1: (data) => ({ name: (data as { title: string }).title }) },
  });
  return { definition, registry: new EventRegistry([definition]), parses: () => parses };
};

describe('Event data is parsed once on its way from the decider to the read models', () => {
  it("given an event made by createEvent, when it is validated for append and upcast as the command's own, then its schema ran once", () => {
    const { definition, registry, parses } = counted();
    const made = createEvent(definition, { name: 'Run' });
    const appended = registry.validateForAppend(made);
    const projected = registry.upcast({ type: made.type, schemaVersion: 2, data: appended.data });
    expect(parses()).toBe(1);
    expect(appended).toBe(made);
    expect(projected).toEqual({ type: 'ThingNamed', data: { name: 'Run' } });
  });

  it('given data a decider built by hand, when it is validated for append, then it is parsed, and invalid data is refused', () => {
    const { registry, parses } = counted();
    const appended = registry.validateForAppend({ type: 'ThingNamed', data: { name: 'Run' } });
    expect(parses()).toBe(1);
    registry.upcast({ type: 'ThingNamed', schemaVersion: 2, data: appended.data });
    expect(parses()).toBe(1);
    expect(() => registry.validateForAppend({ type: 'ThingNamed', data: { name: '' } })).toThrow();
  });

  it('given an equal object that the schema did not produce (as read from the store), when it is upcast, then it is parsed', () => {
    const { definition, registry, parses } = counted();
    const made = createEvent(definition, { name: 'Run' });
    registry.upcast({ type: made.type, schemaVersion: 2, data: JSON.parse(JSON.stringify(made.data)) });
    expect(parses()).toBe(2);
    expect(() => registry.upcast({ type: made.type, schemaVersion: 2, data: { name: '' } })).toThrow();
  });

  it("given data of an older schema version, when it is upcast, then it is lifted and parsed even if it was another version's output", () => {
    const { definition, registry, parses } = counted();
    const made = createEvent(definition, { name: 'Run' });
    expect(registry.upcast({ type: made.type, schemaVersion: 1, data: { title: 'Walk' } })).toEqual({
      type: 'ThingNamed',
      data: { name: 'Walk' },
    });
    expect(() => registry.upcast({ type: made.type, schemaVersion: 1, data: made.data })).toThrow();
    expect(parses()).toBe(2);
  });

  it('given the same type registered from another definition, when its data is validated, then that schema parses it', () => {
    const first = counted();
    const second = counted();
    const made = createEvent(first.definition, { name: 'Run' });
    second.registry.validateForAppend(made);
    expect(second.parses()).toBe(1);
  });
});
