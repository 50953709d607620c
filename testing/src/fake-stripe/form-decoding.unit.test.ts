import { describe, expect, it } from 'vitest';
import { decodeStripeForm } from './form-decoding';

describe('decodeStripeForm', () => {
  it('decodes flat, nested, indexed and appended keys', () => {
    const body = new URLSearchParams([
      ['mode', 'subscription'],
      ['metadata[userId]', 'user_1'],
      ['line_items[0][price]', 'price_pro'],
      ['line_items[0][quantity]', '1'],
      ['subscription_data[metadata][tier]', 'pro'],
      ['expand[]', 'line_items'],
      ['expand[]', 'customer'],
    ]).toString();
    expect(decodeStripeForm(body)).toEqual({
      mode: 'subscription',
      metadata: { userId: 'user_1' },
      line_items: [{ price: 'price_pro', quantity: '1' }],
      subscription_data: { metadata: { tier: 'pro' } },
      expand: ['line_items', 'customer'],
    });
  });
});
