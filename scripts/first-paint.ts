// The sign-in screen painted from HTML, the JavaScript fetched after that first paint (issue 17, web vitals).
//
// Lighthouse's simulated load counts every file requested before the first paint observed in Chromium: with the
// sign-in screen in index.html but the entry script and its preloads in <head>, FCP and LCP still waited for ~150 KB
// of JavaScript. So the build
//  1. replaces index.html's module script and modulepreload links with a small inline loader (`loaderScript`): for a
//     signed-out visitor of /signin it marks the page (`data-prerendered` on <html>, which shows the HTML screen) and
//     adds the same script and preloads once the browser reports that first paint; for everyone else at once;
//  2. opens the built /signin in Chromium, takes what React drew on its first render (the API never answers, so the
//     Google / Apple buttons are the placeholders the real first render shows) and writes it into #root, each
//     top-level element marked `data-prerender` (hidden unless <html> is marked).
// React's first render replaces #root's content with the same markup in one commit (nothing moves); what was typed
// before is carried over (src/lib/prerendered.ts). The server allows the loader by its hash (server/lib/inline-scripts.ts).
//
// The signed-in home is painted the same way from the owner's last visit (src/lib/home-snapshot.ts): the loader checks
// the saved home (same build, same owner, same day, on "/"), a small script right after #root puts it in, and the
// JavaScript is fetched after that paint.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Plugin } from 'vite';
import { HOME_SNAPSHOT_KEY, PAINTED_FROM_SNAPSHOT } from '../src/lib/painted-from-snapshot.ts';
import { chromiumLaunchOptions } from '../playwright.config.ts';

/** The attribute on <html> that shows the prerendered screen; the one on each of its top-level elements. */
const SHOWN = 'data-prerendered';
const PART = 'data-prerender';

/**
 * The inline loader: `entry` and `preloads` are index.html's module script and modulepreload links. "After the first
 * paint" is when the browser reports the first contentful paint (its entry comes once the frame is on screen; a
 * requestAnimationFrame + setTimeout still requested the files a few milliseconds before Chromium's first paint, and
 * Lighthouse counted them; a plain first-paint entry can come before the text is drawn). A hidden page paints nothing: a timer fetches the JavaScript anyway.
 * Chromium's `beforeinstallprompt` fires once, early, possibly before the JavaScript has arrived: the loader keeps it
 * (`window.miseInstallPrompt`) for the app's "Install Mise" entry (src/lib/offline/install-prompt.ts).
 */
function loaderScript(entry: string, preloads: readonly string[], prerendered: boolean) {
  const signin = prerendered ? `if(!s&&location.pathname==='/signin'){h.setAttribute('${SHOWN}','');return later()}` : '';
  return `(function(){var d=document,h=d.documentElement,s=null,done=0;addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.miseInstallPrompt=e});window.miseBuild=${JSON.stringify(entry)};try{s=localStorage.getItem('mise.session')}catch(e){}
function add(t,a){var e=d.createElement(t);for(var k in a)e.setAttribute(k,a[k]);d.head.appendChild(e)}
function load(){if(done)return;done=1;${JSON.stringify(preloads)}.forEach(function(f){add('link',{rel:'modulepreload',crossorigin:'',href:f})});add('script',{type:'module',crossorigin:'',src:${JSON.stringify(entry)}})}
function later(){setTimeout(load,1000);try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(load,0)}}).observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(load,0)})}}
if(s&&location.pathname==='/'){try{var p=JSON.parse(localStorage.getItem('${HOME_SNAPSHOT_KEY}')||'null');if(p&&typeof p.html==='string'&&p.build===window.miseBuild&&p.user===JSON.parse(s).userId&&p.day===new Date().toDateString()){window.miseSnapshot=p.html;h.setAttribute('${SHOWN}','${PAINTED_FROM_SNAPSHOT}');return later()}}catch(e){}}
${signin}load()})()`;
}

/**
 * Right after #root: puts the saved home the loader chose into it (the loader runs in <head>, before #root exists), and
 * notes index.html's own style sheets (the saved home keeps the rules of the others: src/lib/home-snapshot.ts).
 */
const SNAPSHOT_SCRIPT = `(function(){window.miseStaticCss=[].map.call(document.querySelectorAll('link[rel=stylesheet]'),function(l){return l.href});var m=window.miseSnapshot;if(typeof m==='string'){window.miseSnapshot=void 0;document.getElementById('root').innerHTML=m}})()`;

/** index.html without its module script and modulepreload links, with the loader (and the rule that hides the prerender) instead. */
function withLoader(html: string, prerendered: boolean) {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('index.html: no module script');
  const preloads: string[] = [];
  const rest = html.replace(entry[0], '').replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
    preloads.push(href);
    return '';
  });
  const head = `\n    <style>html:not([${SHOWN}]) [${PART}]{display:none}</style>\n    <script>${loaderScript(entry[1]!, preloads, prerendered)}</script>`;
  const root = '<div id="root"></div>';
  if (!rest.includes(root)) throw new Error('index.html: no empty <div id="root"></div>');
  const withHead = rest.replace('<title>', `${head.trimStart()}\n    <title>`);
  return { html: withHead.replace(root, `${root}\n    <script>${SNAPSHOT_SCRIPT}</script>`), entry: entry[1]!, preloads };
}

/** What React draws in #root on /signin's first render, served from `outDir` (its index.html already has the loader). */
async function snapshotSignin(outDir: string) {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    // The API never answers (closed with the server): the first render, before any answer.
    if (pathname.startsWith('/api/')) return;
    const wanted = path.join(outDir, pathname);
    const file = wanted.startsWith(outDir) && fs.existsSync(wanted) && fs.statSync(wanted).isFile() ? wanted : path.join(outDir, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { chromium } = await import('@playwright/test');
  // Launched inside the try: without Chromium the server is closed too (an open one kept the build from exiting).
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  try {
    browser = await chromium.launch(chromiumLaunchOptions);
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
    const { port } = server.address() as { port: number };
    await page.goto(`http://127.0.0.1:${port}/signin`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    return await page.evaluate((part) => {
      const copy = document.getElementById('root')!.cloneNode(true) as HTMLElement;
      for (const element of copy.children) element.setAttribute(part, '');
      return copy.innerHTML;
    }, PART);
  } finally {
    await browser?.close();
    server.closeAllConnections();
    server.close();
  }
}

/** index.html with `markup` in its empty #root. */
function withPrerender(html: string, markup: string) {
  const empty = '<div id="root"></div>';
  if (!html.includes(empty)) throw new Error('index.html: no empty <div id="root"></div> to prerender into');
  return html.replace(empty, `<div id="root">${markup}</div>`);
}

/**
 * Both steps, on the built index.html, before the service worker's precache list is made (it hashes index.html). If
 * the snapshot fails (no Chromium), the build goes on with a loader that fetches the JavaScript at once: waiting for
 * the first paint of an empty page would only delay it.
 */
export function firstPaint(): Plugin {
  let outDir = 'dist';
  let loader: { entry: string; preloads: string[] } | undefined;
  return {
    name: 'mise-first-paint',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const { html: withIt, entry, preloads } = withLoader(html, false);
        loader = { entry, preloads };
        return withIt;
      },
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (!loader) return;
        const file = path.join(outDir, 'index.html');
        const html = fs.readFileSync(file, 'utf8');
        let markup: string;
        try {
          markup = await snapshotSignin(outDir);
        } catch (error) {
          this.warn(`the sign-in screen is not prerendered into index.html (${String(error).split('\n')[0]}): /signin paints only once its JavaScript has run`);
          return;
        }
        const waiting = html.replace(loaderScript(loader.entry, loader.preloads, false), loaderScript(loader.entry, loader.preloads, true));
        if (waiting === html) throw new Error('index.html: the loader is not the one this build wrote');
        fs.writeFileSync(file, withPrerender(waiting, markup));
      },
    },
  };
}
