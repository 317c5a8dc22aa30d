import { Parser } from 'htmlparser2';
import { Block } from './blocks';

const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const BLOCKS: Record<string, Block['type']> = {
  p: 'paragraph',
  div: 'paragraph',
  section: 'paragraph',
  article: 'paragraph',
  li: 'list',
  dd: 'paragraph',
  dt: 'paragraph',
  pre: 'code',
  blockquote: 'blockquote',
  tr: 'table',
  caption: 'paragraph',
  figcaption: 'paragraph',
};
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'nav', 'iframe', 'object']);

/** HTML: headings and block elements as blocks; scripts, styles and navigation left out. */
export function htmlBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let title: string | undefined;
  let inTitle = false;
  let skipping = 0;
  let text = '';
  const stack: Array<{ type: Block['type']; level?: number }> = [];
  const flush = () => {
    const top = stack[stack.length - 1] ?? { type: 'paragraph' as const };
    const value = top.type === 'code' ? text.replace(/^\n+|\s+$/g, '') : text.replace(/\s+/g, ' ').trim();
    if (value) blocks.push(top.level ? { type: top.level === 1 ? 'title' : 'subtitle', level: top.level, text: value } : { type: top.type, text: value });
    text = '';
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipping++;
        if (name === 'title') inTitle = true;
        if (skipping) return;
        if (name === 'br') text += '\n';
        const level = HEADINGS[name];
        if (level || BLOCKS[name]) {
          flush();
          stack.push(level ? { type: level === 1 ? 'title' : 'subtitle', level } : { type: BLOCKS[name] });
        }
        if (name === 'td' || name === 'th') text += ' | ';
      },
      ontext(data) {
        if (inTitle) title = (title ?? '') + data;
        if (!skipping) text += data;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (SKIPPED.has(name)) {
          skipping = Math.max(0, skipping - 1);
          return;
        }
        if (skipping) return;
        if (HEADINGS[name] || BLOCKS[name]) {
          flush();
          stack.pop();
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  // A page's <title> titles it when its body has no <h1>.
  if (title?.trim() && !blocks.some((b) => b.type === 'title')) blocks.unshift({ type: 'title', level: 1, text: title.replace(/\s+/g, ' ').trim() });
  return blocks;
}
