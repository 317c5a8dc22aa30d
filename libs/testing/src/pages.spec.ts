import { walkPages } from './pages';

describe('walkPages', () => {
  const pages = [['a', 'b'], ['c'], []];
  const fetchPage = async (token: string | undefined) => {
    const index = token ? Number(token) : 0;
    return { items: pages[index], meta: index + 1 < pages.length ? { nextToken: String(index + 1) } : {} };
  };

  it('follows nextToken to the last page, keeping the pages apart', async () => {
    const walked = await walkPages(fetchPage, (page) => page.items);
    expect(walked).toEqual({ pages, lastMeta: {} });
  });

  it('fails instead of looping when pages never end', async () => {
    const endless = async () => ({ items: ['x'], meta: { nextToken: 'again' } });
    await expect(walkPages(endless, (page) => page.items, { maxPages: 3 })).rejects.toThrow(/did not end within 3 pages/);
  });
});
