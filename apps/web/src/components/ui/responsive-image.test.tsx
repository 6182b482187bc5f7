import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cardLoading, densityCappedSizes, ResponsiveImage } from './responsive-image';

const VARIANTS = [
  { url: '/media/covers/c1/a-400.webp', width: 400 },
  { url: '/media/covers/c1/a-800.webp', width: 800 },
  { url: '/media/covers/c1/a.webp', width: 1200 },
];

describe('ResponsiveImage', () => {
  afterEach(cleanup);

  it('offers every stored width with sizes, reserves the box and loads lazily by default', () => {
    render(<ResponsiveImage src="/media/covers/c1/a.webp" variants={VARIANTS} width={1200} height={630} sizes="100vw" alt="Cover" />);
    const img = screen.getByRole('img', { name: 'Cover' });
    expect(img.getAttribute('srcset')).toBe(
      '/media/covers/c1/a-400.webp 400w, /media/covers/c1/a-800.webp 800w, /media/covers/c1/a.webp 1200w',
    );
    expect(img.getAttribute('sizes')).toBe('100vw');
    expect(img.getAttribute('src')).toBe('/media/covers/c1/a.webp');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '630']);
    expect([img.getAttribute('loading'), img.getAttribute('decoding'), img.getAttribute('fetchpriority')]).toEqual(['lazy', 'async', null]);
  });

  it('loads the page’s main picture at once and ahead of the rest', () => {
    render(<ResponsiveImage src="/a.webp" variants={VARIANTS} sizes="100vw" alt="Main" loading="priority" />);
    const img = screen.getByRole('img', { name: 'Main' });
    expect([img.getAttribute('loading'), img.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    render(<ResponsiveImage src="/b.webp" sizes="100vw" alt="Next" loading="eager" />);
    const next = screen.getByRole('img', { name: 'Next' });
    expect([next.getAttribute('loading'), next.getAttribute('fetchpriority')]).toEqual(['eager', null]);
  });

  it('shows an older upload (no stored widths) by its url alone', () => {
    render(<ResponsiveImage src="/media/covers/old.webp" variants={null} sizes="100vw" alt="Old" />);
    const img = screen.getByRole('img', { name: 'Old' });
    expect(img.getAttribute('src')).toBe('/media/covers/old.webp');
    for (const attr of ['srcset', 'sizes', 'width', 'height']) expect(img.hasAttribute(attr)).toBe(false);
  });
});

describe('image loading and sizes rules', () => {
  it('loads the first card first, the rest of the first row at once, and the others lazily', () => {
    expect([0, 1, 3, 4, 11].map((i) => cardLoading(i, 4))).toEqual(['priority', 'eager', 'eager', 'lazy', 'lazy']);
    expect([0, 1, 2, 3].map((i) => cardLoading(i, 2))).toEqual(['priority', 'eager', 'lazy', 'lazy']);
    expect([0, 1].map((i) => cardLoading(i, 1))).toEqual(['priority', 'lazy']);
  });

  it('asks a screen denser than 2x for two thirds of each width', () => {
    expect(
      densityCappedSizes([
        ['min-width: 1024px', '400px'],
        [null, '100vw - 2rem'],
      ]),
    ).toBe(
      '(min-width: 1024px) and (min-resolution: 2.1dppx) calc((400px) * 2 / 3), (min-width: 1024px) calc(400px), ' +
        '(min-resolution: 2.1dppx) calc((100vw - 2rem) * 2 / 3), calc(100vw - 2rem)',
    );
  });
});
