import { ServiceCaller } from '@platform/contracts';

/** The bots service as the caller of other services' operations. */
export const BOTS: ServiceCaller = { service: 'bots' };
