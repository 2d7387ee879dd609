/**
 * The blog's posts: Markdown files in ./posts with a small front matter (title, date, category,
 * summary; one `key: value` a line). Bundled with the blog's chunk at build time.
 */
import { parsePost, type BlogPost } from './parse-post.ts';

const files = import.meta.glob<string>('./posts/*.md', { query: '?raw', import: 'default', eager: true });

export const POSTS: readonly BlogPost[] = Object.entries(files)
  .map(([file, text]) => parsePost(file.replace(/^.*\//, '').replace(/\.md$/, ''), text))
  .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));

export function findPost(slug: string | undefined): BlogPost | undefined {
  return POSTS.find((post) => post.slug === slug);
}
