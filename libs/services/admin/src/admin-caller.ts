import { ServiceCaller } from '@platform/contracts';

/** The admin service, as it names itself when it asks another service. */
export const ADMIN: ServiceCaller = { service: 'admin' };
