import { describe, expect, it } from 'vitest';
import { goalCategoryValues, goalFields } from '../goals/goal-events';
import { templateFields } from './template-events';
import { BUILT_IN_TEMPLATE_PREFIX, builtInTemplate, builtInTemplates } from './template-library';

describe('the built-in template library', () => {
  it('holds at least 12 templates covering every goal category', () => {
    expect(builtInTemplates.length).toBeGreaterThanOrEqual(12);
    for (const category of goalCategoryValues) {
      expect(
        builtInTemplates.some((template) => template.category === category),
        category,
      ).toBe(true);
    }
  });

  it('every template is a valid goal with a valid ordered task list (what saving a template accepts)', () => {
    for (const template of builtInTemplates) {
      expect(goalFields.title.safeParse(template.title).success, template.id).toBe(true);
      expect(templateFields.tasks.safeParse(template.tasks).success, template.id).toBe(true);
      expect(template.tasks.length, template.id).toBeGreaterThanOrEqual(5);
    }
  });

  it('names money in dollars, as the prices in the app are ($), never another currency', () => {
    for (const template of builtInTemplates) {
      const text = [template.title, template.description, ...template.tasks.map((task) => task.title)].join(' ');
      expect(text, template.id).not.toMatch(/€|£|¥|\b(euros?|eur|pounds? sterling|gbp|yen)\b/i);
    }
  });

  it('ids are unique, stable and prefixed; titles within a template are unique (none is dropped as a duplicate)', () => {
    const ids = builtInTemplates.map((template) => template.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const template of builtInTemplates) {
      expect(template.id.startsWith(BUILT_IN_TEMPLATE_PREFIX)).toBe(true);
      const titles = template.tasks.map((task) => task.title.toLowerCase());
      expect(new Set(titles).size, template.id).toBe(titles.length);
      expect(builtInTemplate(template.id)).toBe(template);
    }
    expect(builtInTemplate('builtin-nothing')).toBeUndefined();
  });
});
