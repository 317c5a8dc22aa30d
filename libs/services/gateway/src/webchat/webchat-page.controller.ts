import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ChatOperations } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { WidgetAssets } from './widget-assets';

/** Browsers may keep the widget this long; a new build reaches them within it. */
const ASSET_MAX_AGE_S = 300;

/**
 * The page bots are shared by: the official widget over the whole page. Bot messages show
 * images and media from anywhere, and the widget talks only to this platform.
 */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https:",
  "font-src 'self' https: data:",
  'img-src * data: blob:',
  'media-src * data: blob:',
  "connect-src 'self'",
  'frame-ancestors *',
].join('; ');

const page = () => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Chat</title>
  </head>
  <body>
    <script src="embed.js" data-mode="page" defer></script>
  </body>
</html>
`;

/**
 * The web chat for people (docs/contracts.md, "The web chat"): `GET /webchat/{clientId}/page`
 * is the hosted chat page of a bot (the self-hosted counterpart of the cloud's shareable link),
 * `embed.js` and `embed.css` the widget any site embeds with one script tag. The widget is built
 * from the npm packages when the platform is built; nothing comes from a CDN.
 */
@ApiExcludeController()
@Controller('webchat/:clientId')
export class WebchatPageController {
  constructor(
    private readonly bus: BusClient,
    private readonly assets: WidgetAssets,
  ) {}

  /** 404 for a client id that is not the webhook of a chat integration. */
  @Get('page')
  async page(@Param('clientId') clientId: string, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    await this.bus.call(ChatOperations.hello, { requestId: req.requestId, caller: { webhookId: clientId } });
    // The security and CORS headers of every answer are set on the raw response, and so are their replacements.
    res.raw.setHeader('content-security-policy', PAGE_POLICY);
    res.raw.removeHeader('x-frame-options');
    res.header('cache-control', 'no-cache');
    res.code(200).type('text/html; charset=utf-8').send(page());
  }

  @Get('embed.js')
  script(@Res() res: FastifyReply): void {
    this.send(res, 'embed.js');
  }

  @Get('embed.css')
  stylesheet(@Res() res: FastifyReply): void {
    this.send(res, 'embed.css');
  }

  private send(res: FastifyReply, name: string): void {
    const asset = this.assets.get(name);
    // Pages of any origin load the widget.
    res.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
    res.raw.setHeader('access-control-allow-origin', '*');
    res.header('cache-control', `public, max-age=${ASSET_MAX_AGE_S}`);
    res.code(200).type(asset.contentType).send(asset.body);
  }
}
