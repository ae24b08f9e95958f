import { describe, expect, it } from 'vitest';
import { PageTemplate } from './page-template.ts';

const HTML = [
  '<!doctype html><html><head><meta charset="UTF-8" />',
  '<meta name="viewport" content="width=device-width" />',
  '<meta name="description" content="Default" />',
  '<title>Store</title>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

describe('the page template', () => {
  it('puts text in as it is: replacement patterns stay text', () => {
    const text = "$` $' $& $1 $$ $<name>";
    const html = new PageTemplate(HTML).fill({
      title: `<title>${text}</title>`,
      description: `<meta name="description" content="${text}" />`,
      preloads: text,
      head: text,
      root: `<div id="root">${text}</div>`,
    });
    expect(html.split(text)).toHaveLength(6);
    expect(html.match(/<!doctype html>/g)).toHaveLength(1);
  });

  it('fills each place once, even when the text names another place', () => {
    const html = new PageTemplate(HTML).fill({
      title: '<title></head><div id="root"></div></title>',
      root: '<div id="root">page</div>',
    });
    expect(html).toContain('<title></head><div id="root"></div></title>');
    expect(html).toContain('<body><div id="root">page</div></body>');
    expect(html).toContain('content="Default"');
    expect(html.indexOf('</head>')).toBeLessThan(html.indexOf('<body>'));
  });
});
