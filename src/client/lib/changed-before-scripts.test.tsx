import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { hydrateServerHtml } from '#client/test/hydrate-server-html.tsx';
import { changedBeforeScripts, withFormValues } from './changed-before-scripts.ts';

/** A form as the server draws it: controlled controls, as the shop's filters are. */
function Filters() {
  const [ticked, setTicked] = useState(false);
  const [term, setTerm] = useState('road');
  const [sort, setSort] = useState('-createdAt');
  return (
    <form>
      <input
        type="checkbox"
        name="frameMaterial"
        value="Carbon"
        aria-label="Carbon"
        checked={ticked}
        onChange={(e) => {
          setTicked(e.target.checked);
        }}
      />
      <input
        type="checkbox"
        name="frameMaterial"
        value="Steel"
        aria-label="Steel"
        checked={false}
        onChange={() => {}}
      />
      <input
        name="searchTerm"
        value={term}
        onChange={(e) => {
          setTerm(e.target.value);
        }}
      />
      <input type="hidden" name="category" value="Road Bicycle" />
      <select
        name="sort"
        value={sort}
        onChange={(e) => {
          setSort(e.target.value);
        }}
      >
        <option value="-createdAt">Newest</option>
        <option value="price">Price</option>
      </select>
    </form>
  );
}

/** The form's server HTML, changed by `early` before React hydrates it, as a slow phone would. */
async function hydrated(early: (form: HTMLFormElement) => void): Promise<HTMLFormElement> {
  const formOf = (container: HTMLElement) => {
    const form = container.querySelector('form');
    if (!form) throw new Error('no form in the server HTML');
    return form;
  };
  return formOf(
    await hydrateServerHtml(<Filters />, (container) => {
      early(formOf(container));
    }),
  );
}

function input(form: HTMLFormElement, selector: string): HTMLInputElement {
  const element = form.querySelector(selector);
  if (!(element instanceof HTMLInputElement)) throw new Error(`no ${selector}`);
  return element;
}

describe('controls changed before the scripts ran', () => {
  it('are named once React has taken the form over, as the browser shows them', async () => {
    const form = await hydrated((early) => {
      input(early, '[aria-label="Carbon"]').checked = true;
      input(early, '[name="searchTerm"]').value = 'gravel';
      const sort = early.querySelector('select');
      if (sort) sort.value = 'price';
    });
    expect(input(form, '[aria-label="Carbon"]').checked).toBe(true);
    expect(changedBeforeScripts(form)).toEqual(new Set(['frameMaterial', 'searchTerm', 'sort']));
    const base = new URLSearchParams('searchTerm=road&category=Road+Bicycle&page=3');
    expect(withFormValues(base, form, changedBeforeScripts(form)).toString()).toBe(
      'category=Road+Bicycle&page=3&frameMaterial=Carbon&searchTerm=gravel&sort=price',
    );
  });

  it('are none when nothing was touched, so the page stays as the address says', async () => {
    const form = await hydrated(() => {});
    expect(changedBeforeScripts(form)).toEqual(new Set());
  });
});
