import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parsePost } from '../../src/public/blog/parse-post.ts';

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
