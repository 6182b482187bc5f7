/**
 * What search engines read: `robots.txt` (as text, not the app's HTML) and `sitemap.xml`, the
 * public pages and every public contest (past its draft, not cancelled), with absolute addresses
 * on PUBLIC_URL. Built by hand: a sitemap is a flat list of <url> elements, and the sitemap package
 * would bring a second @types/node into the tree (docs/decisions/015-compression-and-crawlers.md).
 */
import type { FastifyPluginAsync } from 'fastify';
import { paths } from '@contesthub/shared';
import { rateLimits } from '../../lib/http.js';
import { listedContests } from '../contests/contests.repository.js';

/** A sitemap file holds at most 50,000 addresses. */
const SITEMAP_LIMIT = 50_000;

/** Pages anyone may read besides the contests themselves. */
const PUBLIC_PAGES = [
  paths.home(),
  paths.contests(),
  paths.entries(),
  paths.categories(),
  paths.leaderboard(),
  paths.howItWorks(),
  paths.pricing(),
  paths.help(),
  paths.contact(),
  paths.privacy(),
  paths.terms(),
  paths.communityGuidelines(),
];

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Signed-in pages, the API and media addresses say nothing to a search engine.
    'Disallow: /dashboard',
    'Disallow: /api/',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Which of the two to answer (a file of the same name in the web build is served instead). */
export interface SiteRoutesOptions {
  robots: boolean;
  sitemap: boolean;
}

export const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (app, opts) => {
  const publicUrl = app.ctx.config.publicUrl;

  if (opts.robots) {
    app.get('/robots.txt', { config: { access: 'public', rateLimit: rateLimits.perAddress(60) } }, async (_req, reply) =>
      reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)),
    );
  }
  if (!opts.sitemap) return;

  app.get('/sitemap.xml', { config: { access: 'public', rateLimit: rateLimits.perAddress(30) } }, async (_req, reply) => {
    const contests = await listedContests(app.ctx.db, SITEMAP_LIMIT - PUBLIC_PAGES.length);
    const url = (loc: string, lastmod?: Date) =>
      `<url><loc>${xmlEscape(publicUrl + loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PAGES.map((p) => url(p)),
      ...contests.map((c) => url(paths.contest(c.id), c.updatedAt)),
      '</urlset>',
      '',
    ].join('\n');
    return reply.header('cache-control', 'public, max-age=600').type('application/xml; charset=utf-8').send(body);
  });
};
