import type { PassageSubtype } from '@platform/contracts';
import { Block } from './blocks';

/** A passage ready to store: its text, kind, page, and the headings it sits under. */
export interface Passage {
  content: string;
  subtype: PassageSubtype;
  pageNumber?: number;
  breadcrumb: string[];
}

export interface ChunkOptions {
  /** Longest passage, in characters (`indexing.configuration.chunking.maximumChunkLength`). */
  maxLength: number;
  /** A shorter paragraph is merged with the next one (`parsing.minimumParagraphLength`). */
  minParagraphLength: number;
}

export const DEFAULT_CHUNKING: ChunkOptions = { maxLength: 1000, minParagraphLength: 50 };

/**
 * Cuts blocks into passages: each heading is a passage and opens a level of the breadcrumb;
 * short paragraphs join the next, long ones are cut at sentence ends (else at spaces).
 */
export function chunk(blocks: Block[], options: ChunkOptions = DEFAULT_CHUNKING): Passage[] {
  const passages: Passage[] = [];
  const headings: Array<{ level: number; text: string }> = [];
  let carry: Passage | undefined;
  const emit = (passage: Passage) => {
    for (const piece of split(passage.content, options.maxLength)) passages.push({ ...passage, content: piece });
  };
  for (const block of blocks) {
    if (block.type === 'title' || block.type === 'subtitle') {
      if (carry) emit(carry);
      carry = undefined;
      const level = block.level ?? (block.type === 'title' ? 1 : 2);
      while (headings.length && headings[headings.length - 1].level >= level) headings.pop();
      passages.push({ content: block.text.slice(0, options.maxLength), subtype: block.type, pageNumber: block.page, breadcrumb: headings.map((h) => h.text) });
      headings.push({ level, text: block.text.slice(0, 200) });
      continue;
    }
    const breadcrumb = headings.map((h) => h.text);
    if (carry && carry.subtype === 'paragraph' && block.type === 'paragraph' && carry.content.length + block.text.length + 1 <= options.maxLength) {
      carry = { ...carry, content: `${carry.content}\n${block.text}` };
    } else {
      if (carry) emit(carry);
      carry = { content: block.text, subtype: block.type, pageNumber: block.page, breadcrumb };
    }
    if (carry.subtype !== 'paragraph' || carry.content.length >= options.minParagraphLength) {
      emit(carry);
      carry = undefined;
    }
  }
  if (carry) emit(carry);
  return passages;
}

/** Pieces of at most `max` characters, cut after a sentence where one ends in the second half. */
export function split(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max);
    let cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '), window.lastIndexOf('\n'));
    if (cut < max / 2) cut = window.lastIndexOf(' ');
    if (cut < max / 4) cut = max - 1;
    pieces.push(rest.slice(0, cut + 1).trim());
    rest = rest.slice(cut + 1).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
