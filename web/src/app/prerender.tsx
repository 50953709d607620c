/**
 * Build-time rendering of the public pages (landing, pricing, blog, about, privacy, terms) to static HTML,
 * so a first visit paints them before the app's JavaScript has loaded (issue 13, item 10). Loaded by the
 * build (web/build/prerender-public-pages.ts) with Vite's SSR loader; never part of the browser bundle.
 *
 * The markup is the signed-out shell and page exactly as the app renders them; the app then mounts beside
 * it and takes over once its own copy of the page is ready (`RevealApp`).
 */
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { buildPlanCatalogue, subscriptionTiers } from '@stride/domain/plans/plan-catalogue';
import { planKeys } from '../features/billing/api/keys';
import { PricingPage } from '../features/billing/components/pricing-page';
import { AboutPage } from '../features/content/components/about-page';
import { BlogIndexPage } from '../features/content/components/blog-index-page';
import { BlogPostPage } from '../features/content/components/blog-post-page';
import { PrivacyPage } from '../features/content/components/privacy-page';
import { TermsPage } from '../features/content/components/terms-page';
import { BLOG_POSTS } from '../features/content/lib/blog-posts';
import LandingRoute from './routes/landing-route';
import { PublicShell } from './shell/public-shell';

export interface PublicPage {
  /** The URL path, without a trailing slash ('/' for the landing page). */
  readonly path: string;
  /** The document title the page sets once the app runs. */
  readonly title: string;
}

const titled = (title: string) => `${title} · Stride`;

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', title: 'Stride — goals, broken into steps you can take today' },
  { path: '/pricing', title: titled('Pricing') },
  { path: '/blog', title: titled('Blog') },
  ...BLOG_POSTS.map((post) => ({ path: `/blog/${post.slug}`, title: titled(post.title) })),
  { path: '/about', title: titled('About us') },
  { path: '/privacy', title: titled('Privacy policy') },
  { path: '/terms', title: titled('Terms of service') },
];

/** The plan catalogue as the pricing cards need it (prices and limits; checkout ids come at run time). */
function prerenderQueryClient() {
  // No garbage-collection timers (they would keep the build process alive for minutes).
  const client = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity, staleTime: Infinity } } });
  const catalogue = buildPlanCatalogue();
  client.setQueryData(
    planKeys.list(),
    subscriptionTiers.map((tier) => ({ ...catalogue[tier], features: [...catalogue[tier].features] })),
  );
  return client;
}

export function renderPublicPage(path: string): string {
  const client = prerenderQueryClient();
  const html = renderToString(
    <QueryClientProvider client={client}>
      <StaticRouter location={path}>
        <Routes>
          <Route element={<PublicShell />}>
            <Route path="/" element={<LandingRoute />} />
            <Route path="/pricing" element={<PricingPage />} />
            <Route path="/blog" element={<BlogIndexPage />} />
            <Route path="/blog/:slug" element={<BlogPostPage />} />
            <Route path="/about" element={<AboutPage />} />
            <Route path="/privacy" element={<PrivacyPage />} />
            <Route path="/terms" element={<TermsPage />} />
          </Route>
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
  );
  client.clear();
  return html;
}
