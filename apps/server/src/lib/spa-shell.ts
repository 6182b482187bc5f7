/**
 * The web app's page (index.html), as sent for every client-side route: with `modulepreload` links
 * for the route's own code, so a phone downloads it beside the main bundle instead of discovering
 * it only after the main bundle has run (one slow-network round trip or more per level of imports).
 * The web build lists each page module's chunks in route-chunks.json (vite.config.ts); which path
 * shows which page module is the table below (the router's lazy imports). Each variant is built and
 * compressed once, at start.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { FIRST_DATA, TOKEN_STORAGE_KEY, firstDataFor, paths } from '@contesthub/shared';

/**
 * Fetches the API paths listed in the page (packages/shared/src/first-data.ts) as the app would,
 * with the stored login if there is one, and leaves the answers for the app's API client. Fixed
 * text, so the content security policy allows it by its hash; a failed fetch leaves null (the app
 * then asks itself).
 */
const FIRST_DATA_SCRIPT =
  `(function(){try{var d=document.getElementById(${JSON.stringify(FIRST_DATA.elementId)});if(!d)return;var t=null;` +
  `try{t=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})}catch(e){}var h={accept:"application/json"};` +
  `if(t)h.authorization="Bearer "+t;var o={};JSON.parse(d.textContent).forEach(function(u){` +
  `o[u]={token:t,response:fetch(u,{headers:h}).catch(function(){return null})}});window[${JSON.stringify(FIRST_DATA.global)}]=o}catch(e){}})();`;

/** The CSP source that lets the first-data script run ('sha256-…'). */
export const FIRST_DATA_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(FIRST_DATA_SCRIPT).digest('base64')}'`;

/** The page's reads and the script, placed before the stylesheet (an inline script waits for stylesheets above it). */
function firstDataTags(reads: string[]): string {
  const list = JSON.stringify(reads).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_DATA.elementId}">${list}</script><script>${FIRST_DATA_SCRIPT}</script>`;
}

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
  /** The page for a request path and its query ('' or '?…'). */
  forPath(pathname: string, search?: string): ShellVariant;
}

const patternRegex = (pattern: string) => new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`);

/** Both encodings of a page: the best compression for pages built once, a quick one per request. */
function variant(html: string, perRequest = false): ShellVariant {
  return {
    html,
    br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: perRequest ? 5 : 11 } }),
    gzip: gzipSync(html, { level: perRequest ? 6 : 9 }),
  };
}

const CHARSET_META = /<meta charset="[^"]*"\s*\/?>/i;

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
    const html = index.replace('</head>', `${links}</head>`);
    return [{ match: patternRegex(pattern), html, page: variant(html) }];
  });
  return {
    forPath: (pathname, search = '') => {
      const route = routes.find((r) => r.match.test(pathname));
      const reads = firstDataFor(pathname, search);
      if (!reads.length || !CHARSET_META.test(index)) return route?.page ?? plain;
      // The page's reads depend on the path (a contest's id): this variant is made per request.
      return variant(
        (route?.html ?? index).replace(CHARSET_META, (meta) => `${meta}${firstDataTags(reads)}`),
        true,
      );
    },
  };
}
