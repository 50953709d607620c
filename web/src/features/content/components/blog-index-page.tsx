import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BLOG_POSTS } from '../lib/blog-posts';

export function BlogIndexPage() {
  useDocumentTitle('Blog');
  return (
    <div className="page page--content">
      <PageHeader
        eyebrow="The Stride blog"
        title="Notes on goals, energy and getting things done"
        subtitle="Practical ideas from the team building Stride."
      />
      <div className="blog-grid">
        {BLOG_POSTS.map((post) => (
          <article key={post.slug} className="blog-card">
            <p className="blog-card__tag">{post.tag}</p>
            <h2 className="blog-card__title">
              <Link to={`/blog/${post.slug}`}>{post.title}</Link>
            </h2>
            <p className="blog-card__excerpt">{post.excerpt}</p>
            <p className="blog-card__meta">
              {post.author} · {formatDate(post.date)} · {post.readingMinutes} min read
            </p>
          </article>
        ))}
      </div>
    </div>
  );
}
