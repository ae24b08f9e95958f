import { describe, expect, it } from 'vitest';
import { emptyReviewForm, readReviewForm } from './review-form.ts';

describe('the review form', () => {
  it('asks for a rating, title, text and fit, with the API’s messages', () => {
    const read = readReviewForm('BC-100001', emptyReviewForm(null));
    expect(read).toEqual({
      ok: false,
      errors: {
        rating: 'Rating must be a whole number from 1 to 5',
        title: 'Title is required',
        body: 'Review is required',
        fit: 'Tell us how the size fitted',
      },
    });
  });

  it('makes the request body, with the height optional', () => {
    const values = {
      rating: '4',
      title: ' Good ',
      body: 'Fine',
      fit: 'true' as const,
      heightCm: '',
    };
    expect(readReviewForm('BC-100001', values)).toEqual({
      ok: true,
      body: {
        orderId: 'BC-100001',
        rating: 4,
        title: 'Good',
        body: 'Fine',
        fit: 'true',
        riderHeightCm: null,
      },
    });
    const tall = readReviewForm('BC-100001', { ...values, heightCm: '178' });
    expect(tall.ok && tall.body.riderHeightCm).toBe(178);
  });

  it('refuses a height that is not a plausible whole number of centimetres', () => {
    for (const heightCm of ['abc', '17.5', '400']) {
      const read = readReviewForm('BC-1', {
        rating: '5',
        title: 't',
        body: 'b',
        fit: 'small',
        heightCm,
      });
      expect(read.ok ? null : read.errors.heightCm, heightCm).toMatch(/Height/);
    }
  });

  it('starts from the rider’s saved height', () => {
    expect(emptyReviewForm(181).heightCm).toBe('181');
  });
});
