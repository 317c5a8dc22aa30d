import { DynamicModule, Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';

type ModuleRef = Type<unknown> | DynamicModule | Promise<DynamicModule>;

/**
 * Every subject a service's module tree answers, read from its controllers' metadata without
 * starting anything: what a unit test compares with the operations declared for the service.
 */
export function handledSubjects(root: Type<unknown> | DynamicModule): string[] {
  const seen = new Set<unknown>();
  const subjects: string[] = [];
  const visit = (ref: ModuleRef | undefined) => {
    if (!ref || ref instanceof Promise || seen.has(ref)) return;
    seen.add(ref);
    const dynamic = 'module' in ref ? ref : undefined;
    const type = dynamic ? dynamic.module : (ref as Type<unknown>);
    const controllers: Type<unknown>[] = [...(Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, type) ?? []), ...(dynamic?.controllers ?? [])];
    for (const controller of controllers) {
      for (const key of Object.getOwnPropertyNames(controller.prototype)) {
        const patterns = Reflect.getMetadata(PATTERN_METADATA, controller.prototype[key]);
        if (patterns) subjects.push(...([patterns].flat() as string[]));
      }
    }
    const imports: ModuleRef[] = [...(Reflect.getMetadata(MODULE_METADATA.IMPORTS, type) ?? []), ...((dynamic?.imports ?? []) as ModuleRef[])];
    imports.forEach(visit);
  };
  visit(root);
  return subjects;
}
