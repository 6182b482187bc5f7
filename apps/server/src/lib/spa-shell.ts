/**
 * The web app's page (index.html), as sent for every client-side route: with `modulepreload` links
 * for the route's own code, so a phone downloads it beside the main bundle instead of discovering
 * it only after the main bundle has run (one slow-network round trip or more per level of imports).
 * The web build lists each page module's chunks in route-chunks.json (vite.config.ts); which path
 * shows which page module is the table below (the router's lazy imports). Each variant is built and
 * compressed once, at start.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { paths } from '@contesthub/shared';

/** Public pages whose code is worth preloading, by the router's pattern, and their module in src/app/routes. */
const PAGE_MODULES: ReadonlyArray<readonly [pattern: string, module: string]> = [
  [paths.home.pattern, 'home'],
  [paths.contests.pattern, 'contests'],
  [paths.contest.pattern, 'contest'],
  [paths.entries.pattern, 'entries'],
  [paths.profile.pattern, 'profile'],
  [paths.pricing.pattern, 'pricing'],
  [paths.howItWorks.pattern, 'how-it-works'],
  [paths.contact.pattern, 'contact'],
  [paths.login.pattern, 'auth/login'],
  [paths.register.pattern, 'auth/register'],
];

export interface ShellVariant {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

export interface SpaShell {
  /** The page for a request path (without its query). */
  forPath(pathname: string): ShellVariant;
}

const patternRegex = (pattern: string) => new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`);

function variant(html: string): ShellVariant {
  return {
    html,
    br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/** Reads index.html and route-chunks.json from the web build; undefined when the app is not built. */
export function loadSpaShell(distDir: string): SpaShell | undefined {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const index = readFileSync(indexFile, 'utf8');
  const chunksFile = path.join(distDir, 'route-chunks.json');
  const chunks: Record<string, string[]> = existsSync(chunksFile) ? JSON.parse(readFileSync(chunksFile, 'utf8')) : {};

  const plain = variant(index);
  const routes = PAGE_MODULES.flatMap(([pattern, module]) => {
    const files = chunks[module];
    if (!files?.length || !index.includes('</head>')) return [];
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('');
    return [{ match: patternRegex(pattern), page: variant(index.replace('</head>', `${links}</head>`)) }];
  });
  return {
    forPath: (pathname) => routes.find((r) => r.match.test(pathname))?.page ?? plain,
  };
}
