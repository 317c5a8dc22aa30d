import { extractTextItems, getDocumentProxy, StructuredTextItem } from 'unpdf';
import { Block } from './blocks';

/** Most pages one PDF may have read. */
const MAX_PAGES = 2000;

/**
 * PDF: the text of each page, in lines (items sharing a baseline) and paragraphs (lines close
 * together in the same type size). Lines set larger than the body text are headings, the
 * largest size being the title level.
 */
export async function pdfBlocks(content: Buffer): Promise<Block[]> {
  const pdf = await getDocumentProxy(new Uint8Array(content));
  if (pdf.numPages > MAX_PAGES) throw new Error(`the PDF has ${pdf.numPages} pages; at most ${MAX_PAGES} are indexed`);
  const { items } = await extractTextItems(pdf);
  const pages = items.map((pageItems) => lines(pageItems));
  const sizes = new Map<number, number>();
  for (const line of pages.flat()) sizes.set(line.size, (sizes.get(line.size) ?? 0) + line.text.length);
  const body = [...sizes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const headingSizes = [...sizes.keys()].filter((s) => s >= body * 1.25).sort((a, b) => b - a);
  const blocks: Block[] = [];
  pages.forEach((pageLines, index) => {
    const page = index + 1;
    let paragraph: { text: string; size: number; y: number } | undefined;
    const flush = () => {
      if (paragraph?.text.trim()) blocks.push({ type: 'paragraph', text: paragraph.text.trim(), page });
      paragraph = undefined;
    };
    for (const line of pageLines) {
      const level = headingSizes.indexOf(line.size);
      if (level >= 0) {
        flush();
        blocks.push({ type: level === 0 ? 'title' : 'subtitle', level: Math.min(level + 1, 6), text: line.text, page });
        continue;
      }
      if (paragraph && (paragraph.size !== line.size || paragraph.y - line.y > line.size * 1.8)) flush();
      paragraph = paragraph ? { text: `${paragraph.text} ${line.text}`, size: line.size, y: line.y } : { text: line.text, size: line.size, y: line.y };
    }
    flush();
  });
  await pdf.cleanup();
  return blocks;
}

interface Line {
  text: string;
  size: number;
  y: number;
}

/** The page's items as lines, top to bottom. */
function lines(items: StructuredTextItem[]): Line[] {
  const result: Line[] = [];
  const sorted = items.filter((i) => i.str.trim()).sort((a, b) => b.y - a.y || a.x - b.x);
  for (const item of sorted) {
    const size = Math.round(item.fontSize);
    const last = result[result.length - 1];
    if (last && Math.abs(last.y - item.y) < Math.max(2, size * 0.3)) {
      last.text = `${last.text} ${item.str.trim()}`.replace(/\s+/g, ' ');
      last.size = Math.max(last.size, size);
    } else {
      result.push({ text: item.str.trim(), size, y: item.y });
    }
  }
  return result;
}
