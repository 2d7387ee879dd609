import { Link, useSearchParams } from 'react-router';
import { BLOG_CATEGORIES, ENABLED_BLOG_CATEGORIES } from './parse-post.ts';
import { POSTS } from './posts.ts';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
export const formatPostDate = (date: string) => day.format(new Date(`${date}T00:00:00Z`));

/** /blogs (spec 3): the posts, newest first, with the category filter (?category=Markets). */
export default function BlogListPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('category') ?? 'All';
  const category = ENABLED_BLOG_CATEGORIES.includes(asked) ? asked : 'All';
  const posts = category === 'All' ? POSTS : POSTS.filter((post) => post.category === category);
  return (
    <main id="main" className="blog">
      <section className="page-hero">
        <h1>The Credence blog</h1>
        <p>Notes on credit, filings and the markets, from the people building Credence.</p>
      </section>
      <section className="blog__body">
        <div className="blog__filter" role="group" aria-label="Category">
          {BLOG_CATEGORIES.map((name) => {
            const enabled = ENABLED_BLOG_CATEGORIES.includes(name);
            return (
              <button
                key={name}
                type="button"
                className={`chip${name === category ? ' chip--active' : ''}`}
                aria-pressed={name === category}
                disabled={!enabled}
                onClick={() => setParams(name === 'All' ? {} : { category: name }, { replace: true })}
              >
                {name}
                {enabled ? null : <span className="chip__soon"> (coming soon)</span>}
              </button>
            );
          })}
        </div>
        <ul className="blog__list">
          {posts.map((post) => (
            <li key={post.slug} className="card">
              <p className="card__meta">
                {post.category} · <time dateTime={post.date}>{formatPostDate(post.date)}</time>
              </p>
              <h2>
                <Link to={`/blogs/${post.slug}`}>{post.title}</Link>
              </h2>
              <p>{post.summary}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
