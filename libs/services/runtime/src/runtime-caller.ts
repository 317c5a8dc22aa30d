import { ServiceCaller } from '@platform/contracts';

/** The runtime service, as it names itself when it asks another service. */
export const RUNTIME: ServiceCaller = { service: 'runtime' };
