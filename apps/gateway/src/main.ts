import 'reflect-metadata';
import { runGateway } from '@platform/gateway-service';

runGateway();
