import { Initial1732200000000 } from './1732200000000-initial';
import { Events1732300000000 } from './1732300000000-events';
import { BotLoop1732400000000 } from './1732400000000-bot-loop';
import { BotLogs1732500000000 } from './1732500000000-bot-logs';
import { States1732610000000 } from './1732610000000-states';
import { RuntimeLists1732620000000 } from './1732620000000-runtime-lists';
import { RuntimeShapes1733000000000 } from './1733000000000-runtime-shapes';
import { DeliveryMailboxes1733100000000 } from './1733100000000-delivery-mailboxes';
import { EventMessageShapes1733200000000 } from './1733200000000-event-message-shapes';
import { BotCodeLogs1733300000000 } from './1733300000000-bot-code-logs';
import { DeletedUsers1733350000000 } from './1733350000000-deleted-users';
import { Schedules1733400000000 } from './1733400000000-schedules';
import { Analytics1733410000000 } from './1733410000000-analytics';
import { Workflows1733420000000 } from './1733420000000-workflows';
import { Tasks1733430000000 } from './1733430000000-tasks';
import { ActionRuns1733440000000 } from './1733440000000-action-runs';
import { DeliveryInDueOrder1733450000000 } from './1733450000000-delivery-in-due-order';
import { BotLogRetention1733460000000 } from './1733460000000-bot-log-retention';
import { EventRetention1733470000000 } from './1733470000000-event-retention';
import { BotKeyStatistics1733480000000 } from './1733480000000-bot-key-statistics';

/** The runtime schema's migrations, oldest first. */
export const RUNTIME_MIGRATIONS = [
  Initial1732200000000,
  Events1732300000000,
  BotLoop1732400000000,
  BotLogs1732500000000,
  States1732610000000,
  RuntimeLists1732620000000,
  RuntimeShapes1733000000000,
  DeliveryMailboxes1733100000000,
  EventMessageShapes1733200000000,
  BotCodeLogs1733300000000,
  DeletedUsers1733350000000,
  Schedules1733400000000,
  Analytics1733410000000,
  Workflows1733420000000,
  Tasks1733430000000,
  ActionRuns1733440000000,
  DeliveryInDueOrder1733450000000,
  BotLogRetention1733460000000,
  EventRetention1733470000000,
  BotKeyStatistics1733480000000,
];
