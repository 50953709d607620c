import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BLOG_POSTS, findPost, type BlogBlock } from '../lib/blog-posts';
import { Icon } from '../../../components/icon';

function Block({ block }: { readonly block: BlogBlock }) {
  switch (block.type) {
    case 'p':
      return <p>{block.text}</p>;
    case 'h2':
      return <h2>{block.text}</h2>;
    case 'quote':
      return <blockquote>{block.text}</blockquote>;
    case 'ul':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    default: {
      const never: never = block;
      return never;
    }
  }
}

export function BlogPostPage() {
  const { slug } = useParams();
  const post = findPost(slug);
  useDocumentTitle(post?.title ?? 'Post not found');
  if (!post) {
    return (
      <div className="page page--content">
        <EmptyState
          icon={<Icon name="fileText" size={30} />}
          title="We couldn't find that post"
          action={
            <Link to="/blog" className="button button--primary">
              All posts
            </Link>
          }
        >
          It may have moved. Here are all our articles instead.
        </EmptyState>
      </div>
    );
  }
  const others = BLOG_POSTS.filter((p) => p.slug !== post.slug).slice(0, 2);
  return (
    <div className="page page--content">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/blog">Blog</Link> <span aria-hidden="true">/</span> <span aria-current="page">{post.tag}</span>
      </nav>
      <article className="prose">
        <p className="prose__tag">{post.tag}</p>
        <h1>{post.title}</h1>
        <p className="prose__meta">
          By {post.author} · {formatDate(post.date)} · {post.readingMinutes} min read
        </p>
        <p className="prose__lead">{post.excerpt}</p>
        {post.body.map((block, index) => (
          <Block key={index} block={block} />
        ))}
      </article>
      <aside className="more-posts" aria-labelledby="more-posts-title">
        <h2 id="more-posts-title" className="section-title">
          Keep reading
        </h2>
        <div className="blog-grid">
          {others.map((other) => (
            <article key={other.slug} className="blog-card">
              <p className="blog-card__tag">{other.tag}</p>
              <h3 className="blog-card__title">
                <Link to={`/blog/${other.slug}`}>{other.title}</Link>
              </h3>
              <p className="blog-card__excerpt">{other.excerpt}</p>
            </article>
          ))}
        </div>
      </aside>
    </div>
  );
}
