import { DynamicModule, Global, Module } from '@nestjs/common';
import { PlatformConfig } from './platform-config';

/** Makes the validated settings injectable as `PlatformConfig` everywhere in one application. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: PlatformConfig, useValue: config }],
      exports: [PlatformConfig],
    };
  }
}
