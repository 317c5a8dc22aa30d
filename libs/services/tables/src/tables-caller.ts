import { ServiceCaller } from '@platform/contracts';

/** The tables service, as it names itself when it asks another service. */
export const TABLES: ServiceCaller = { service: 'tables' };
