import { createServer, Server } from 'node:http';
import type { Page } from 'playwright-core';
import { e2e, EchoBotProcess, freePort, startEchoBotProcess } from '@platform/testing';
import { Browser, launchBrowser, screenshotPath } from '../support/browser';
import { createWebchatBot } from '../support/webchat';

/** What a person reads in the chat: each bubble's text, in order. */
const bubbleTexts = async (page: Page) => (await page.locator('.bpMessageBlocksBubble').allInnerTexts()).map((t) => t.trim());

async function say(page: Page, text: string): Promise<void> {
  const composer = page.locator('textarea.bpComposerInput');
  await composer.fill(text);
  await composer.press('Enter');
}

/** Waits until some bubble of the given direction reads `text`. */
async function expectBubble(page: Page, direction: 'incoming' | 'outgoing', text: string, index = 0): Promise<void> {
  await page.locator(`.bpMessageContainer[data-direction="${direction}"]`, { hasText: text }).nth(index).waitFor({ timeout: 20000 });
}

describe('the official web chat in Chromium', () => {
  let echo: EchoBotProcess;
  let browser: Browser;
  let clientId: string;

  beforeAll(async () => {
    echo = await startEchoBotProcess({ API_URL: e2e.url, BOT_TOKEN: e2e.token });
    const bot = await createWebchatBot();
    await bot.admin.updateBot({ id: bot.botId, url: echo.url });
    clientId = bot.clientId;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await echo?.stop();
  });

  it('chats on the hosted page: hello is echoed, a bloc shows its three items, and a reload shows the history in order', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${e2e.url}/webchat/${clientId}/page`);

    await say(page, 'hello');
    await expectBubble(page, 'outgoing', 'hello');
    await expectBubble(page, 'incoming', 'hello');

    await say(page, 'bloc');
    await expectBubble(page, 'incoming', 'Here is a bloc');
    const bloc = page.locator('.bpMessageContainer[data-direction="incoming"]', { hasText: 'Here is a bloc' });
    await bloc.getByText('three', { exact: false }).waitFor();
    // Three items in one column: the text, the image (whose file this offline machine cannot fetch), the markdown.
    const items = bloc.locator('.bpMessageBlocksColumn > *');
    expect(await items.count()).toBe(3);
    expect(await items.nth(0).innerText()).toBe('Here is a bloc');
    expect(await items.nth(1).getAttribute('class')).toContain('bpMessageBlocksImage');
    expect(await items.nth(2).innerText()).toBe('three items');
    expect(await items.nth(2).locator('strong').innerText()).toBe('three');
    await page.screenshot({ path: screenshotPath('hosted-page') });

    await page.reload();
    await expectBubble(page, 'incoming', 'Here is a bloc');
    expect(await bubbleTexts(page)).toEqual(['hello', 'hello', 'bloc', 'Here is a bloc', 'three items']);
    await page.screenshot({ path: screenshotPath('hosted-page-after-reload') });
    await page.close();
  });

  describe('embedded in a page of another origin', () => {
    let site: Server;
    let siteUrl: string;

    beforeAll(async () => {
      const port = await freePort();
      site = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><html><head><title>Shop</title></head><body><h1>A shop</h1><script src="${e2e.url}/webchat/${clientId}/embed.js" data-bot-name="Echo" defer></script></body></html>`,
        );
      });
      await new Promise<void>((resolve) => site.listen(port, '127.0.0.1', resolve));
      // Another origin than the platform's (same host, another port): every API call is cross-origin.
      siteUrl = `http://localhost:${port}/`;
    });

    afterAll(
      () =>
        new Promise<void>((resolve) => {
          site.close(() => resolve());
          site.closeAllConnections();
        }),
    );

    it('opens from the bubble and chats across origins', async () => {
      const page = await browser.context.newPage();
      const crossOrigin: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(`${e2e.url}/webchat/${clientId}/`)) crossOrigin.push(`${request.method()} ${new URL(request.url()).pathname}`);
      });
      await page.goto(siteUrl);
      await page.locator('.platform-webchat-fab').click();
      await say(page, 'hello');
      await expectBubble(page, 'incoming', 'hello');
      expect(crossOrigin).toEqual(expect.arrayContaining([`GET /webchat/${clientId}/initialize`, `POST /webchat/${clientId}/messages`]));
      await page.screenshot({ path: screenshotPath('embedded') });
      await page.close();
    });
  });
});
