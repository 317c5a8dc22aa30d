import { getMetadataStorage, ValidationArguments, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import type { ConstraintMetadata } from 'class-validator/types/metadata/ConstraintMetadata';

/**
 * A quick answer to "would class-validator accept this instance?" (with the options every edge
 * uses: whitelist, forbidNonWhitelisted, forbidUnknownValues), for the envelope checks on every
 * request. class-validator looks up and groups a class's metadata again on every call, walking
 * every registered class for inheritance (most of its cost, and it grows with the number of
 * DTOs); here that is done once per class, and the same constraints then run in the same order
 * with the same arguments.
 *
 * Only `true` is authoritative: `false` means invalid or not decided here (asynchronous or
 * promise validation, groups, sets and maps), and the caller then asks class-validator itself,
 * which also writes the messages. So an answer of this check can never let through what
 * class-validator refuses, which `valid-instance.spec.ts` checks on every operation's classes.
 */
export function isValidInstance(object: unknown): boolean {
  if (typeof object !== 'object' || object === null) return false;
  const plan = planOf((object as object).constructor);
  if (!plan) return false;
  for (const key of Object.keys(object)) if (!plan.allowed.has(key)) return false;
  for (const property of plan.properties) {
    const value = (object as Record<string, unknown>)[property.name];
    if (value instanceof Promise || value instanceof Set || value instanceof Map) return false;
    if (!property.conditions.every((metadata) => (metadata.constraints[0] as Condition)(object, value))) continue;
    if (!constraintsHold(object, value, property.defined) || !constraintsHold(object, value, property.custom)) return false;
    if (!nestedValid(value, property.nested)) return false;
  }
  return true;
}

type Condition = (object: object, value: unknown) => boolean;

interface PropertyPlan {
  name: string;
  conditions: ValidationMetadata[];
  defined: Checked[];
  custom: Checked[];
  nested: ValidationMetadata[];
}

interface ClassPlan {
  /** Properties that may be present (whitelist). */
  allowed: Set<string>;
  properties: PropertyPlan[];
}

/** A constraint with the validators that enforce it, found once. */
interface Checked {
  metadata: ValidationMetadata;
  validators: ConstraintMetadata[];
}

const storage = getMetadataStorage();
const plans = new Map<unknown, ClassPlan | undefined>();
/** Metadata registered after a plan was made (a class defined late) makes every plan stale. */
let plannedWith = -1;

function planOf(target: unknown): ClassPlan | undefined {
  const registered = (storage as unknown as { validationMetadatas: Map<unknown, unknown> }).validationMetadatas.size;
  if (registered !== plannedWith) {
    plans.clear();
    plannedWith = registered;
  }
  if (!plans.has(target)) plans.set(target, makePlan(target));
  return plans.get(target);
}

function makePlan(target: unknown): ClassPlan | undefined {
  if (typeof target !== 'function') return undefined;
  const metadatas = storage.getTargetValidationMetadatas(target, '', false, false, undefined);
  // An instance of a class without rules is an "unknown value".
  if (metadatas.length === 0) return undefined;
  // Groups, `always` and promises are not decided here.
  if (metadatas.some((m) => m.groups?.length || m.always !== undefined || m.type === ValidationTypes.PROMISE_VALIDATION)) return undefined;
  const grouped = storage.groupByPropertyName(metadatas);
  const checked = (list: ValidationMetadata[]): Checked[] =>
    list.map((metadata) => ({ metadata, validators: storage.getTargetValidatorConstraints(metadata.constraintCls) }));
  const properties = Object.entries(grouped).map(([name, list]) => ({
    name,
    conditions: list.filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION),
    defined: checked(list.filter((m) => m.type === ValidationTypes.IS_DEFINED)),
    custom: checked(list.filter((m) => m.type === ValidationTypes.CUSTOM_VALIDATION)),
    nested: list.filter((m) => m.type === ValidationTypes.NESTED_VALIDATION),
  }));
  if (properties.some((p) => [...p.defined, ...p.custom].some((c) => c.validators.some((v) => v.async)))) return undefined;
  return { allowed: new Set(Object.keys(grouped).filter((name) => grouped[name].length > 0)), properties };
}

function constraintsHold(object: object, value: unknown, constraints: Checked[]): boolean {
  for (const { metadata, validators } of constraints) {
    if (metadata.validateIf && !metadata.validateIf(object, value)) continue;
    const args: ValidationArguments = {
      targetName: object.constructor?.name,
      property: metadata.propertyName,
      object,
      value,
      constraints: metadata.constraints,
    };
    for (const validator of validators) {
      const values = metadata.each && Array.isArray(value) ? value : [value];
      for (const item of values) if (validator.instance.validate(item, args) !== true) return false;
    }
  }
  return true;
}

function nestedValid(value: unknown, nested: ValidationMetadata[]): boolean {
  if (value === undefined || nested.length === 0) return true;
  if (Array.isArray(value)) return value.every((item) => nestedValid(item, nested));
  if (value instanceof Set || value instanceof Map) return false;
  return value instanceof Object && isValidInstance(value);
}
