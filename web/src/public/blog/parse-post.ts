/** One blog post from its Markdown file (front matter between `---` lines, then the body). */
export const BLOG_CATEGORIES = ['All', 'Markets', 'Trends', 'Investing', 'Banking', 'Assets', 'Business', 'Product'] as const;
/** Spec 3: only All and Markets can be chosen yet; the rest are marked coming soon. */
export const ENABLED_BLOG_CATEGORIES: readonly string[] = ['All', 'Markets'];
export const ARTICLE_NOT_FOUND = 'Article not found or could not be loaded. Please check the URL or try again later.';

export interface BlogPost {
  slug: string;
  title: string;
  date: string;
  category: string;
  summary: string;
  body: string;
}

export function parsePost(slug: string, text: string): BlogPost {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`blog post ${slug}: the file must start with front matter between --- lines`);
  const fields = new Map<string, string>();
  for (const line of match[1].split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const field = (name: string) => {
    const value = fields.get(name);
    if (!value) throw new Error(`blog post ${slug}: front matter needs "${name}: ..."`);
    return value;
  };
  const date = field('date');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`blog post ${slug}: date must be YYYY-MM-DD, not "${date}"`);
  return { slug, title: field('title'), date, category: field('category'), summary: field('summary'), body: match[2].trim() };
}
