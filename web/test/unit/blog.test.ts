import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parsePost } from '../../src/public/blog/parse-post.ts';
import { PostBody } from '../../src/public/blog/post-body.tsx';

describe('blog posts from Markdown files', () => {
  it('reads the front matter and keeps the body', () => {
    const post = parsePost('a-post', '---\ntitle: A: post\ndate: 2025-02-03\ncategory: Markets\nsummary: Short.\n---\n\n# Body\n\ntext\n');
    assert.deepEqual(post, {
      slug: 'a-post',
      title: 'A: post',
      date: '2025-02-03',
      category: 'Markets',
      summary: 'Short.',
      body: '# Body\n\ntext',
    });
  });

  it('names the file and the field when the front matter is wrong', () => {
    assert.throws(() => parsePost('bare', '# no front matter'), /bare: the file must start with front matter/);
    assert.throws(
      () => parsePost('p', '---\ntitle: T\ndate: 2025-01-01\ncategory: Markets\n---\nx'),
      /p: front matter needs "summary: \.\.\."/,
    );
    assert.throws(() => parsePost('p', '---\ntitle: T\ndate: 3 May\ncategory: M\nsummary: S\n---\nx'), /date must be YYYY-MM-DD/);
  });
});

describe('a blog post as rendered', () => {
  const render = (markdown: string) => renderToStaticMarkup(createElement(PostBody, { markdown }));

  it('drops raw HTML: script tags, iframes, on* attributes and inline handlers never reach the page', () => {
    const html = render(
      [
        '# Charges',
        '',
        'Before <script>steal()</script> after.',
        '',
        '<script src="https://evil.example/x.js"></script>',
        '',
        '<iframe src="https://evil.example/frame"></iframe>',
        '',
        '<img src="x.png" onerror="alert(1)"> and <a href="/blogs" onclick="alert(2)">a link</a>',
        '',
        '<div onmouseover="alert(3)">hover</div>',
        '',
        '<style>body { display: none }</style>',
      ].join('\n'),
    );
    assert.match(html, /<h1>Charges<\/h1>/, 'the Markdown itself still renders');
    // inline tags go, the words between them stay as inert text
    assert.match(html, /<p>Before steal\(\) after\.<\/p>/);
    for (const unsafe of [/<script/i, /<iframe/i, /<style/i, /<img/i, /<div/i, /\son\w+=/i, /alert\(/, /evil\.example/]) {
      assert.doesNotMatch(html, unsafe, `${unsafe} in ${html}`);
    }
  });

  it('empties javascript: and other script links, keeps web and site links', () => {
    const html = render(
      [
        '[one](javascript:alert(1)) [two](JavaScript:void(0)) [three](vbscript:msgbox) [four](data:text/html;base64,PHNjcmlwdD4=)',
        '',
        '![pic](javascript:alert(1))',
        '',
        '[site](/blogs) [web](https://www.example.org/report) <https://www.example.org/auto>',
      ].join('\n'),
    );
    assert.doesNotMatch(html, /javascript:|vbscript:|data:/i, html);
    assert.match(html, /<a href="\/blogs">site<\/a>/);
    assert.match(html, /<a href="https:\/\/www\.example\.org\/report">web<\/a>/);
    assert.match(html, /<a href="https:\/\/www\.example\.org\/auto">/);
    assert.equal((html.match(/<a /g) ?? []).length, 7, 'the script links stay as inert text links');
  });
});
