import { Fab, Webchat } from '@botpress/webchat';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { readSettings, WidgetSettings } from './settings';

/**
 * The official web chat widget (`@botpress/webchat`), mounted by one script tag:
 *
 *   <script src="https://<platform>/webchat/<clientId>/embed.js" defer></script>
 *
 * The script finds its bot and the API from its own address (the API is the folder it was
 * served from), loads its stylesheet beside it, and shows a chat bubble in the corner of the
 * page, or, with `data-mode="page"` (the hosted chat page), the chat over the whole page.
 */

function Bubble({ settings }: { settings: WidgetSettings }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {open && (
        <div className="platform-webchat-window">
          <Webchat clientId={settings.clientId} apiUrl={settings.apiUrl} configuration={settings.configuration} />
        </div>
      )}
      <button type="button" className="platform-webchat-fab" aria-label={open ? 'Close the chat' : 'Open the chat'} onClick={() => setOpen(!open)}>
        <Fab />
      </button>
    </>
  );
}

function mount(settings: WidgetSettings): void {
  const stylesheet = document.createElement('link');
  stylesheet.rel = 'stylesheet';
  stylesheet.href = settings.stylesheetUrl;
  document.head.appendChild(stylesheet);

  const container = document.createElement('div');
  container.className = settings.mode === 'page' ? 'platform-webchat-page' : 'platform-webchat-bubble';
  document.body.appendChild(container);
  createRoot(container).render(
    <StrictMode>
      {settings.mode === 'page' ? (
        <Webchat clientId={settings.clientId} apiUrl={settings.apiUrl} configuration={settings.configuration} />
      ) : (
        <Bubble settings={settings} />
      )}
    </StrictMode>,
  );
}

const settings = readSettings(document.currentScript as HTMLScriptElement | null);
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => mount(settings));
else mount(settings);
