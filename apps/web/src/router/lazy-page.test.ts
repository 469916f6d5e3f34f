import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { lazyPage } from './lazy-page';

const page = (text: string) => ({ default: () => createElement('p', null, text) });
const rendered = (Page: ReturnType<typeof lazyPage>) =>
  renderToString(createElement(Suspense, { fallback: 'Lädt…' }, createElement(Page)));

describe('a page loaded on demand', () => {
  test('preloaded before its first render, it renders at once, without the loader', async () => {
    const Page = lazyPage(() => Promise.resolve(page('Grundriss EG')));
    await Page.preload();
    const html = rendered(Page);
    expect(html).toContain('<p>Grundriss EG</p>');
    expect(html).not.toContain('Lädt…');
  });

  test('not yet loaded, its first render shows the loader', () => {
    const Page = lazyPage(() => new Promise(() => undefined));
    expect(rendered(Page)).toContain('Lädt…');
  });

  test('a preload that failed is tried afresh the next time', async () => {
    let calls = 0;
    const Page = lazyPage(() =>
      ++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(page('A-101')),
    );
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(calls).toBe(2);
    expect(rendered(Page)).toContain('<p>A-101</p>');
  });
});
