export * from './bus-client';
export * from './bus-connection';
export * from './bus-server';
export * from './messaging.module';
export * from './payload-codec';
export * from './reply';
export * from './bus-exception.filter';
export * from './start-service';
