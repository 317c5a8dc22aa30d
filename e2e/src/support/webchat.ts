import * as Webchat from '@botpress/webchat-client';
import { createChatBot, e2e, until } from '@platform/testing';

export { Webchat };

/** A live signal of the web chat's stream, as `@botpress/webchat-client` emits it. */
export interface WebchatSignal {
  type: string;
  data: any;
}

/** The web chat's API address, as a page gives it to the widget: `{base_url}/webchat`. */
export const webchatApiUrl = () => `${e2e.url}/webchat`;

/** A new bot with the chat integration; its webhook id is the web chat's client id. */
export async function createWebchatBot(configuration: Record<string, unknown> = {}) {
  const bot = await createChatBot(configuration, 'web chat bot');
  return { ...bot, clientId: bot.webhookId, apiUrl: webchatApiUrl() };
}

export interface WebchatSession {
  init: any;
  userKey: string;
  conversationId: string;
  /** Every signal after `init`, in order (`open` and `error` included). */
  signals: WebchatSignal[];
  /** An official client acting as the session's user. */
  client: Webchat.Client;
  disconnect(): void;
}

const SIGNALS = [
  'message_created',
  'message_updated',
  'message_status_changed',
  'typing_started',
  'typing_stopped',
  'participant_added',
  'participant_removed',
  'custom',
  'error',
] as const;

/** Opens the web chat as the widget does (`initialize`), and waits for its `init` event. */
export async function openWebchat(clientId: string, options: { conversationId?: string; userToken?: string } = {}): Promise<WebchatSession> {
  const subscription = Webchat.initialize({ clientId, apiUrl: webchatApiUrl(), ...options });
  const signals: WebchatSignal[] = [];
  for (const type of SIGNALS) subscription.on(type, (data: unknown) => signals.push({ type, data }));
  let init: any;
  subscription.on('init', (data) => (init = data));
  try {
    await until(() => init !== undefined || signals.some((s) => s.type === 'error'), 15000);
  } catch (error) {
    subscription.disconnect();
    throw error;
  }
  if (!init) {
    subscription.disconnect();
    throw new Error(`The web chat did not open: ${JSON.stringify(signals)}`);
  }
  const userKey = init.user.userKey as string;
  return {
    init,
    userKey,
    conversationId: init.conversation.id,
    signals,
    client: Webchat.createClient({ userKey, clientId, apiUrl: webchatApiUrl() }),
    disconnect: () => {
      subscription.disconnect();
      subscription.cleanup();
    },
  };
}

/** The signals of these types, in order. */
export const ofType = (signals: WebchatSignal[], ...types: string[]) => signals.filter((s) => types.includes(s.type));
