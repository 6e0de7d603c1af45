import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** The type that keeps React Router's module script from running until the page has painted. */
export const AFTER_PAINT_TYPE = 'text/x-after-paint';

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/;
/** Room kept back at the end of a chunk, in case the module script's tag is cut across two chunks. */
const TAG_ROOM = 120;

/**
 * Starts the page's scripts once the browser has painted it (a `paint` entry), or at once where there is no paint
 * to wait for (a hidden tab, a browser without paint timing). The module script is copied, not moved: the one in
 * the page is React's, and stays where React expects it.
 */
const LOADER =
  '(function(){var d=document,s=d.currentScript,m=s.previousElementSibling,n=s.nonce;' +
  'function go(){' +
  "(m.getAttribute('data-preload')||'').split(' ').forEach(function(h){if(!h)return;" +
  "var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});" +
  "var x=d.createElement('script');x.type='module';x.nonce=n;x.text=m.text;d.head.appendChild(x)}" +
  'var P=window.PerformanceObserver;' +
  "if(d.visibilityState!=='visible'||!P||(P.supportedEntryTypes||[]).indexOf('paint')<0)return go();" +
  "new P(function(l,o){o.disconnect();go()}).observe({type:'paint',buffered:true})})()";

/**
 * Rewrites a rendered page so that its scripts are asked for after its first paint (decision 56): the module
 * preloads leave the head, React Router's module script becomes inert (it keeps their addresses), and a small
 * inline script after it starts both once the page has painted. The HTML and stylesheets then have the connection
 * to themselves until the reader sees the page. Everything else passes through as React writes it.
 */
export function scriptsAfterPaint(): Transform {
  const decoder = new StringDecoder('utf8');
  let held = '';
  let stage: 'head' | 'body' | 'done' = 'head';
  const preloads: string[] = [];

  function rewriteHead(): string | null {
    const end = held.indexOf('</head>');
    if (end < 0) return null;
    const head = held.slice(0, end).replace(MODULE_PRELOAD, (_tag, href: string) => {
      if (!preloads.includes(href)) preloads.push(href);
      return '';
    });
    held = held.slice(end);
    stage = 'body';
    return head;
  }

  function rewriteBody(): string {
    const found = MODULE_SCRIPT.exec(held);
    if (!found) {
      const out = held.slice(0, Math.max(0, held.length - TAG_ROOM));
      held = held.slice(out.length);
      return out;
    }
    const close = held.indexOf('</script>', found.index);
    if (close < 0) {
      const out = held.slice(0, found.index);
      held = held.slice(found.index);
      return out;
    }
    const nonce = found[1]!;
    const text = held.slice(found.index + found[0].length, close);
    const out =
      held.slice(0, found.index) +
      `<script${nonce} type="${AFTER_PAINT_TYPE}" data-preload="${preloads.join(' ')}">${text}</script>` +
      `<script${nonce}>${LOADER}</script>` +
      held.slice(close + '</script>'.length);
    held = '';
    stage = 'done';
    return out;
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (stage === 'done') return done(null, chunk);
      held += decoder.write(chunk);
      let out = '';
      if (stage === 'head') {
        const head = rewriteHead();
        if (head === null) return done();
        out += head;
      }
      out += rewriteBody();
      done(null, out || undefined);
    },
    flush(done) {
      held += decoder.end();
      let out = stage === 'head' ? (rewriteHead() ?? '') : '';
      if (stage === 'body') out += rewriteBody();
      out += held;
      done(null, out || undefined);
    },
  });
}
