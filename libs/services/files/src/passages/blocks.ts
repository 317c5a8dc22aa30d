/** A piece of a document as extraction finds it, before it is cut into passages. */
export interface Block {
  type: 'title' | 'subtitle' | 'paragraph' | 'list' | 'code' | 'table' | 'blockquote';
  text: string;
  /** Headings: 1 for the title, 2… for subtitles. */
  level?: number;
  /** PDF: the page the block is on. */
  page?: number;
}

/** Plain text: paragraphs are separated by blank lines. */
export function textBlocks(text: string): Block[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((p) => ({ type: 'paragraph' as const, text: p }));
}

/** Markdown: headings, lists, code, quotes, tables and paragraphs, by line. */
export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let current: Block | undefined;
  const flush = () => {
    if (current && current.text.trim()) blocks.push({ ...current, text: current.type === 'code' ? current.text.replace(/\n+$/, '') : current.text.trim() });
    current = undefined;
  };
  let fence: string | undefined;
  for (const line of lines) {
    if (fence !== undefined) {
      if (line.trim().startsWith(fence)) {
        fence = undefined;
        flush();
      } else current!.text += `${line}\n`;
      continue;
    }
    const fenceOpen = /^\s*(```|~~~)/.exec(line);
    if (fenceOpen) {
      flush();
      fence = fenceOpen[1];
      current = { type: 'code', text: '' };
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1].length;
      blocks.push({ type: level === 1 ? 'title' : 'subtitle', level, text: inline(heading[2]) });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    const type: Block['type'] = /^\s*([-*+]|\d+[.)])\s+/.test(line)
      ? 'list'
      : /^\s*>/.test(line)
        ? 'blockquote'
        : /^\s*\|/.test(line)
          ? 'table'
          : current?.type === 'list'
            ? 'list'
            : 'paragraph';
    if (current && current.type !== type) flush();
    const text = type === 'blockquote' ? line.replace(/^\s*>\s?/, '') : type === 'table' ? line.trim() : inline(line.trim());
    if (type === 'table' && /^\|?\s*:?-{2,}/.test(text)) continue;
    current = current ? { ...current, text: `${current.text}${type === 'paragraph' || type === 'blockquote' ? ' ' : '\n'}${text}` } : { type, text };
  }
  flush();
  return blocks;
}

/** Markdown's inline marks, dropped for indexing: links keep their text. */
function inline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2');
}
