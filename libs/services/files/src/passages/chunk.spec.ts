import { markdownBlocks, textBlocks } from './blocks';
import { chunk, split } from './chunk';
import { htmlBlocks } from './html';
import { detectLanguage } from './language';

describe('passages', () => {
  it('keeps the headings above each passage as its breadcrumb', () => {
    const passages = chunk(
      markdownBlocks(
        '# Guide\n\nIntro text that is long enough to stand alone as a passage.\n\n## Part\n\n### Detail\n\nDeep text, long enough to stand alone as one passage too.\n\n## Other\n\nMore text here, also long enough to stand alone as a passage.',
      ),
    );
    expect(passages.map((p) => [p.subtype, p.breadcrumb.join(' > ')])).toEqual([
      ['title', ''],
      ['paragraph', 'Guide'],
      ['subtitle', 'Guide'],
      ['subtitle', 'Guide > Part'],
      ['paragraph', 'Guide > Part > Detail'],
      ['subtitle', 'Guide'],
      ['paragraph', 'Guide > Other'],
    ]);
  });

  it('merges short paragraphs and cuts long ones at sentence ends', () => {
    const merged = chunk(textBlocks('Short one.\n\nShort two.\n\nShort three that ends the text.'), { maxLength: 1000, minParagraphLength: 50 });
    expect(merged.map((p) => p.content)).toEqual(['Short one.\nShort two.\nShort three that ends the text.']);
    const long = 'This is a sentence of some length. '.repeat(20).trim();
    const pieces = split(long, 200);
    expect(pieces.every((p) => p.length <= 200 && p.endsWith('.'))).toBe(true);
    expect(pieces.join(' ')).toBe(long);
  });

  it('reads lists, code, quotes and tables of Markdown', () => {
    const blocks = markdownBlocks('- one\n- two\n\n```js\nconst a = 1;\n```\n\n> quoted\n> text\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(blocks).toEqual([
      { type: 'list', text: '- one\n- two' },
      { type: 'code', text: 'const a = 1;' },
      { type: 'blockquote', text: 'quoted text' },
      { type: 'table', text: '| a | b |\n| 1 | 2 |' },
    ]);
  });

  it('reads HTML entities and leaves scripts out', () => {
    expect(htmlBlocks('<h2>Fish &amp; chips</h2><script>x()</script><p>Served&nbsp;hot</p>')).toEqual([
      { type: 'subtitle', level: 2, text: 'Fish & chips' },
      { type: 'paragraph', text: 'Served hot' },
    ]);
  });

  it('tells the language of a text by its common words', () => {
    expect(detectLanguage('Le chat est sur la table et il dort dans le salon.')).toBe('french');
    expect(detectLanguage('Der Hund ist nicht im Garten und die Katze schläft.')).toBe('german');
    expect(detectLanguage('The dog is in the garden with the cat.')).toBe('english');
    expect(detectLanguage('xyz')).toBe('english');
  });
});
