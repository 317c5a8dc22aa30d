export * from './authorization-cache';
export * from './bot-access';
export * from './bot-access.module';
export * from './bot-access.policy';
export * from './bot-access.service';
