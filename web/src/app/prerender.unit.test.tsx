import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES, renderPublicPage } from './prerender';

describe('pre-rendered public pages', () => {
  it('covers landing, pricing, blog (and every post), about, privacy and terms', () => {
    const paths = PUBLIC_PAGES.map((p) => p.path);
    for (const path of ['/', '/pricing', '/blog', '/about', '/privacy', '/terms']) expect(paths).toContain(path);
    expect(paths.filter((p) => p.startsWith('/blog/')).length).toBeGreaterThan(0);
  });

  it('renders each page with the signed-out shell and its content, without the app running', () => {
    const landing = renderPublicPage('/');
    expect(landing).toContain('Big goals, broken into');
    expect(landing).toContain('Start with Pro');
    expect(landing).toContain('href="/sign-up?plan=pro"');
    expect(landing).toContain('public-menu');
    expect(renderPublicPage('/pricing')).toContain('Simple plans that grow with your ambition');
    expect(renderPublicPage('/terms')).toContain('Terms of service');
    expect(renderPublicPage('/pricing')).not.toContain('Loading plans');
  });
});
