import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-templates.ts';
import type { OrderMailFacts } from './outbox.ts';

const facts: OrderMailFacts = {
  orderId: '00000000-0000-4000-8000-000000000001',
  customerName: 'Rita <Rider>',
  productName: 'Marlin 5',
  brand: 'Trek',
  size: 'M',
  quantity: 1,
  totalCents: 89_900,
  paid: true,
  number: 'BC-100042',
};

describe('the review invitation in order mails', () => {
  it('asks the rider of a finished order for a review, linking to its form', () => {
    for (const kind of ['order-completed', 'order-delivered', 'order-collected'] as const) {
      const mail = renderMail({ kind, payload: facts }, 'https://shop.test');
      expect(mail.text, kind).toContain(
        'Write a review: https://shop.test/orders/BC-100042/review',
      );
      expect(mail.html, kind).toContain('href="https://shop.test/orders/BC-100042/review"');
      expect(mail.html, kind).not.toContain('<Rider>');
    }
  });

  it('leaves it out of the mails of an order on its way, and of mails without a number', () => {
    expect(
      renderMail({ kind: 'order-paid', payload: facts }, 'https://shop.test').text,
    ).not.toContain('Write a review');
    const { number: _number, ...unnumbered } = facts;
    expect(
      renderMail({ kind: 'order-completed', payload: unnumbered }, 'https://shop.test').text,
    ).not.toContain('Write a review');
  });
});
