import { Block, markdownBlocks, textBlocks } from './blocks';
import { htmlBlocks } from './html';
import { pdfBlocks } from './pdf';
import { convertToHtml } from 'mammoth';

/** Why a file could not be indexed: kept on the file as its `failedStatusReason`. */
export class UnreadableDocument extends Error {}

type Extractor = (content: Buffer) => Promise<Block[]> | Block[];

const utf8 = (content: Buffer) => new TextDecoder('utf-8', { fatal: false }).decode(content);

const EXTRACTORS: Record<string, Extractor> = {
  'text/plain': (c) => textBlocks(utf8(c)),
  'text/csv': (c) => textBlocks(utf8(c)),
  'text/markdown': (c) => markdownBlocks(utf8(c)),
  'text/x-markdown': (c) => markdownBlocks(utf8(c)),
  'text/html': (c) => htmlBlocks(utf8(c)),
  'application/xhtml+xml': (c) => htmlBlocks(utf8(c)),
  'application/pdf': (c) => pdfBlocks(c),
  // Word documents: their headings and paragraphs as HTML, read as HTML is.
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': async (c) => htmlBlocks((await convertToHtml({ buffer: c })).value),
};

/** The content types whose text can be indexed. */
export function indexable(contentType: string): boolean {
  return baseType(contentType) in EXTRACTORS;
}

/** The blocks of a document, by its content type; an unreadable one is an `UnreadableDocument`. */
export async function extractBlocks(content: Buffer, contentType: string): Promise<Block[]> {
  const extractor = EXTRACTORS[baseType(contentType)];
  if (!extractor) throw new UnreadableDocument(`Files of type ${baseType(contentType)} cannot be indexed`);
  let blocks: Block[];
  try {
    blocks = await extractor(content);
  } catch (error) {
    throw new UnreadableDocument(`The document could not be read: ${(error as Error).message}`.slice(0, 500));
  }
  if (blocks.length === 0) throw new UnreadableDocument('The document has no text to index');
  return blocks;
}

function baseType(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}
