import { registerDecorator, ValidateIf, ValidationOptions } from 'class-validator';

/** A decorator from a yes/no check and the message for "no". */
function define(name: string, validate: (value: unknown) => boolean, message: string) {
  return defineChecked(name, (value, property) => (validate(value) ? undefined : `${property} ${message}`));
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object with no properties at all (used where the API reserves an object for later). */
export const IsEmptyObject = define('isEmptyObject', (v) => isPlainObject(v) && Object.keys(v).length === 0, 'must be an object with no properties');

/** A JSON object (not an array, not null). */
export const IsJsonObject = define('isJsonObject', isPlainObject, 'must be an object');

/** An object whose values are all strings: tags. */
export const IsStringMap = define(
  'isStringMap',
  (v) => isPlainObject(v) && Object.values(v).every((x) => typeof x === 'string'),
  'must be an object of string values',
);

/** An object whose values are strings or null (null removes the key on update). */
export const IsNullableStringMap = define(
  'isNullableStringMap',
  (v) => isPlainObject(v) && Object.values(v).every((x) => typeof x === 'string' || x === null),
  'must be an object of string or null values',
);

/** An object whose values are objects or null (null removes the entry on update). */
export const IsNullableObjectMap = define(
  'isNullableObjectMap',
  (v) => isPlainObject(v) && Object.values(v).every((x) => x === null || isPlainObject(x)),
  'must be an object whose values are objects or null',
);

/**
 * Like `IsOptional`, but only an absent property skips validation: `null` is checked like any
 * other value, so it is refused wherever the API gives it no meaning.
 */
export const IsOmittable = (options?: ValidationOptions): PropertyDecorator => ValidateIf((_, value) => value !== undefined, options);

/** A decorator from a function telling what is wrong with a value (undefined when valid). */
function defineChecked(name: string, problem: (value: unknown, property: string) => string | undefined) {
  return (options?: ValidationOptions): PropertyDecorator =>
    (target: object, propertyName: string | symbol) =>
      registerDecorator({
        name,
        target: target.constructor,
        propertyName: propertyName as string,
        options,
        validator: {
          validate: (value: unknown) => problem(value, propertyName as string) === undefined,
          defaultMessage: (args) => problem(args?.value, propertyName as string) ?? `${String(propertyName)} is invalid`,
        },
      });
}

const unknownKey = (value: Record<string, unknown>, known: string[]) => Object.keys(value).find((k) => !known.includes(k));

/** Why a `{ tags: { <name>: { title?, description? } | null } }` section is invalid, or undefined. */
export function tagDefinitionsProblem(value: unknown, at: string): string | undefined {
  if (!isPlainObject(value)) return `${at} must be an object`;
  const extra = unknownKey(value, ['tags']);
  if (extra) return `${at}.${extra} is not a known property`;
  if (value.tags === undefined) return undefined;
  if (!isPlainObject(value.tags)) return `${at}.tags must be an object`;
  for (const [tag, definition] of Object.entries(value.tags)) {
    const here = `${at}.tags.${tag}`;
    if (definition === null) continue;
    if (!isPlainObject(definition)) return `${here} must be an object or null`;
    const unknown = unknownKey(definition, ['title', 'description']);
    if (unknown) return `${here}.${unknown} is not a known property`;
    for (const key of ['title', 'description']) {
      if (definition[key] !== undefined && typeof definition[key] !== 'string') return `${here}.${key} must be a string`;
    }
  }
  return undefined;
}

/** Why a bot `configuration` (`{ data?, schema? }`, both objects) is invalid, or undefined. */
export function botConfigurationProblem(value: unknown, at: string): string | undefined {
  if (!isPlainObject(value)) return `${at} must be an object`;
  const extra = unknownKey(value, ['data', 'schema']);
  if (extra) return `${at}.${extra} is not a known property`;
  for (const key of ['data', 'schema']) {
    if (value[key] !== undefined && !isPlainObject(value[key])) return `${at}.${key} must be an object`;
  }
  return undefined;
}

/** Why `subscriptions` (`{ events: { <name>: {} | null } | null }`) is invalid, or undefined. */
export function subscriptionsProblem(value: unknown, at: string): string | undefined {
  if (!isPlainObject(value)) return `${at} must be an object`;
  const extra = unknownKey(value, ['events']);
  if (extra) return `${at}.${extra} is not a known property`;
  if (value.events === null) return undefined;
  if (!isPlainObject(value.events)) return `${at}.events must be an object or null`;
  const bad = Object.entries(value.events).find(([, v]) => v !== null && !isPlainObject(v));
  return bad ? `${at}.events.${bad[0]} must be an object or null` : undefined;
}

/** Tag definitions of users, conversations or messages; null removes a definition on update. */
export const IsTagDefinitions = defineChecked('isTagDefinitions', tagDefinitionsProblem);
export const IsBotConfiguration = defineChecked('isBotConfiguration', botConfigurationProblem);
export const IsSubscriptions = defineChecked('isSubscriptions', subscriptionsProblem);
