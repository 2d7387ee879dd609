import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { formatPostDate } from './blog-list-page.tsx';
import { ARTICLE_NOT_FOUND } from './parse-post.ts';
import { PostBody } from './post-body.tsx';
import { findPost } from './posts.ts';

/** /blogs/:slug: one post, its Markdown rendered without any raw HTML, and the way back to the list. */
export default function BlogArticlePage() {
  const { slug } = useParams();
  const post = findPost(slug);
  useEffect(() => {
    if (post) document.title = `${post.title} · Credence blog`;
  }, [post]);
  return (
    <main id="main" className="prose-page">
      <article className="prose">
        <p>
          <Link to="/blogs">← Back to the blog</Link>
        </p>
        {post ? (
          <>
            <p className="prose__meta">
              {post.category} · <time dateTime={post.date}>{formatPostDate(post.date)}</time>
            </p>
            <h1>{post.title}</h1>
            <PostBody markdown={post.body} />
          </>
        ) : (
          <>
            <h1>Article not found</h1>
            <p role="alert">{ARTICLE_NOT_FOUND}</p>
          </>
        )}
      </article>
    </main>
  );
}
