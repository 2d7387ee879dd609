import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ProductTour } from '../../src/public/pages/product-tour.tsx';

describe("the landing page's video section (spec 1)", () => {
  it('plays the configured video only when asked, with the fallback text of spec 1 for browsers without video', () => {
    const html = renderToStaticMarkup(createElement(ProductTour, { videoUrl: '/media/credence-tour.mp4' }));
    assert.match(
      html,
      /<video class="tour__video" controls="" preload="none" src="\/media\/credence-tour.mp4">Your browser does not support the video tag.<\/video>/,
    );
    assert.doesNotMatch(html, /tour__steps/);
  });

  it('shows the tour as three steps when the build has no video, fetching nothing', () => {
    const html = renderToStaticMarkup(createElement(ProductTour, { videoUrl: '' }));
    assert.doesNotMatch(html, /<video/);
    assert.deepEqual(
      [...html.matchAll(/<h3>([^<]+)<\/h3>/g)].map((m) => m[1]),
      ['Ask', 'See the plan', 'Check the sources'],
    );
  });
});
