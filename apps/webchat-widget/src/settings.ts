import type { Configuration } from '@botpress/webchat';
import './layout.css';

export interface WidgetSettings {
  clientId: string;
  /** The web chat's API: `{platform}/webchat`. */
  apiUrl: string;
  stylesheetUrl: string;
  mode: 'bubble' | 'page';
  configuration: Configuration;
}

/** Where the script was served from: `{apiUrl}/{clientId}/embed.js`. */
const SCRIPT_PATH = /^(.*)\/([^/]+)\/embed\.js$/;

/**
 * The widget's settings, read from its script tag: its address gives the client id and the API,
 * `data-*` attributes may override them and name the bot (`data-bot-name`), its colour
 * (`data-color`) and the mode (`data-mode="page"`).
 */
export function readSettings(script: HTMLScriptElement | null): WidgetSettings {
  if (!script?.src) throw new Error('The web chat script must be loaded with a <script src> tag');
  const src = new URL(script.src);
  const match = SCRIPT_PATH.exec(src.pathname);
  const data = script.dataset;
  const clientId = data.clientId ?? (match ? decodeURIComponent(match[2]) : undefined);
  if (!clientId) throw new Error('The web chat script needs a client id: load it from /webchat/<clientId>/embed.js');
  return {
    clientId,
    apiUrl: data.apiUrl ?? `${src.origin}${match ? match[1] : '/webchat'}`,
    stylesheetUrl: new URL('embed.css', src).toString(),
    mode: data.mode === 'page' ? 'page' : 'bubble',
    configuration: {
      ...(data.botName ? { botName: data.botName } : {}),
      ...(data.color ? { color: data.color } : {}),
    },
  };
}
