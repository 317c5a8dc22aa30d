import { ServiceCaller } from '@platform/contracts';

/** The files service, as it names itself when it asks another service. */
export const FILES: ServiceCaller = { service: 'files' };
