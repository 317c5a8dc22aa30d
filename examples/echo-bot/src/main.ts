import { BotEvent, startEchoBot } from './echo-bot';

const apiUrl = process.env.API_URL ?? 'http://localhost:3000';
const token = process.env.BOT_TOKEN;
if (!token) {
  process.stderr.write('Set BOT_TOKEN to a bot API key or a personal access token of a developer of the bot.\n');
  process.exit(1);
}

// One JSON line per event received, so what the bot sees can be followed (and checked by tests).
const onEvent = (event: BotEvent) => process.stdout.write(JSON.stringify({ msg: 'event received', event }) + '\n');

startEchoBot({ apiUrl, token, port: Number(process.env.BOT_PORT ?? 8075), host: process.env.BOT_HOST ?? '127.0.0.1', onEvent }).then((bot) => {
  process.stdout.write(JSON.stringify({ msg: `Echo bot listening at ${bot.url}; point a bot at it with updateBot({ url })`, url: bot.url }) + '\n');
  const stop = () => void bot.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
});
