import { describe, expect, it } from 'vitest';
import {
  cameFromStore,
  claimIntent,
  intentFragment,
  purchaseAnswer,
  readIntentFragment,
  type IntentLog,
} from './purchase-intent.ts';

function memoryLog(): IntentLog {
  const kept = new Map<string, string>();
  return {
    getItem: (key) => kept.get(key) ?? null,
    setItem: (key, value) => {
      kept.set(key, value);
    },
  };
}

function postedForm(fields: Record<string, string>): Request {
  return new Request('http://localhost/bikes/early-climber', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

function answer(fields: Record<string, string>): Promise<Response> {
  return purchaseAnswer(postedForm(fields));
}

describe('purchase intents', () => {
  it('reads back the fragment it writes', () => {
    const intent = { kind: 'buy', size: '56 cm', id: 'a1b2c3d4-e5f6' } as const;
    expect(readIntentFragment(intentFragment(intent))).toEqual(intent);
    expect(readIntentFragment(intentFragment({ ...intent, size: null }))).toEqual({
      ...intent,
      size: null,
    });
  });

  it('takes no other fragment', () => {
    expect(readIntentFragment('')).toBeNull();
    expect(readIntentFragment('#reviews')).toBeNull();
    expect(readIntentFragment('#purchase=steal&id=a1b2c3d4e5')).toBeNull();
    expect(readIntentFragment('#purchase=add&id=<script>')).toBeNull();
    expect(readIntentFragment(`#purchase=add&size=${'X'.repeat(41)}&id=a1b2c3d4e5`)).toEqual({
      kind: 'add',
      size: null,
      id: 'a1b2c3d4e5',
    });
  });

  it('answers a posted form with a 303 to the page and the intent in its fragment', async () => {
    const res = await answer({ intent: 'add', size: 'M' });
    expect(res.status).toBe(303);
    const location = res.headers.get('Location') ?? '';
    expect(location.startsWith('/bikes/early-climber#purchase=add&size=M&id=')).toBe(true);
    const again = await answer({ intent: 'add', size: 'M' });
    // Each post is its own: two presses are two intents.
    expect(again.headers.get('Location')).not.toBe(location);
  });

  it('carries Add to Wishlist as an intent of its own', async () => {
    const res = await answer({ intent: 'wish' });
    const location = res.headers.get('Location') ?? '';
    expect(location.startsWith('/bikes/early-climber#purchase=wish&id=')).toBe(true);
    expect(readIntentFragment(location.slice(location.indexOf('#')))).toMatchObject({
      kind: 'wish',
      size: null,
    });
  });

  it('sends a post without a known intent back to the page', async () => {
    const res = await answer({ intent: 'steal', size: 'M' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/bikes/early-climber');
  });

  it('claims an intent once', () => {
    const log = memoryLog();
    expect(claimIntent('a1b2c3d4e5', log)).toBe(true);
    expect(claimIntent('a1b2c3d4e5', log)).toBe(false);
    expect(claimIntent('f6e5d4c3b2', log)).toBe(true);
  });

  it('forgets the oldest claims, not the newest', () => {
    const log = memoryLog();
    for (let i = 0; i < 25; i += 1) claimIntent(`intent-${String(i).padStart(4, '0')}`, log);
    expect(claimIntent('intent-0024', log)).toBe(false);
    expect(claimIntent('intent-0000', log)).toBe(true);
  });

  it('acts only on a page reached from this store', () => {
    const origin = 'https://bicycle.example';
    expect(cameFromStore(`${origin}/bikes/early-climber`, origin)).toBe(true);
    expect(cameFromStore('https://elsewhere.example/page', origin)).toBe(false);
    expect(cameFromStore('', origin)).toBe(false);
  });
});
