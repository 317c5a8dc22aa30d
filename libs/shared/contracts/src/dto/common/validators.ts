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

/** Bounds of a tag map (keys and values as the reference gives them; the count is ours). */
export const TAG_LIMITS = { keys: 100, keyLength: 200, valueLength: 500 } as const;

/** What is wrong with a tag map whose values may be strings (or null, where null removes a key). */
function tagMapProblem(value: unknown, property: string, allowNull: boolean): string | undefined {
  const kind = allowNull ? 'string or null' : 'string';
  if (!isPlainObject(value)) return `${property} must be an object of ${kind} values`;
  const entries = Object.entries(value);
  if (entries.length > TAG_LIMITS.keys) return `${property} has ${entries.length} keys; at most ${TAG_LIMITS.keys} are allowed`;
  for (const [key, tag] of entries) {
    if (key.length === 0 || key.length > TAG_LIMITS.keyLength) return `${property} keys must be 1 to ${TAG_LIMITS.keyLength} characters long`;
    if (tag === null && allowNull) continue;
    if (typeof tag !== 'string') return `${property} must be an object of ${kind} values`;
    if (tag.length > TAG_LIMITS.valueLength) return `${property}.${key} must be at most ${TAG_LIMITS.valueLength} characters long`;
  }
  return undefined;
}

/** An object whose values are all strings: tags, bounded (`TAG_LIMITS`). */
export const IsStringMap = defineChecked('isStringMap', (v, property) => tagMapProblem(v, property, false));

/** Like `IsStringMap`, with null values too (null removes the key on update). */
export const IsNullableStringMap = defineChecked('isNullableStringMap', (v, property) => tagMapProblem(v, property, true));

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

/** A signed token (JWT) given in place of an object: only its form is checked here; the owner of the key verifies it. */
const signedTokenProblem = (value: string, at: string) =>
  /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value) && value.length <= 16384 ? undefined : `${at} must be a signed token`;

/** Web chat user data: an object, or a signed token carrying it. */
export function userDataProblem(value: unknown, at: string, nullable = false): string | undefined {
  if (value === null && nullable) return undefined;
  if (typeof value === 'string') return signedTokenProblem(value, at);
  return isPlainObject(value) ? undefined : `${at} must be an object${nullable ? ', null' : ''} or a signed token`;
}

/** Web chat user attributes: an object of strings (null removes one, where allowed), or a signed token carrying them. */
export function userAttributesProblem(value: unknown, at: string, nullableValues = false): string | undefined {
  if (typeof value === 'string') return signedTokenProblem(value, at);
  if (!isPlainObject(value)) return `${at} must be an object or a signed token`;
  const bad = Object.entries(value).find(([, v]) => !(typeof v === 'string' || (nullableValues && v === null)));
  return bad ? `${at}.${bad[0]} must be a string${nullableValues ? ' or null' : ''}` : undefined;
}

export const IsUserData = defineChecked('isUserData', (v, at) => userDataProblem(v, at));
export const IsUserDataOrNull = defineChecked('isUserDataOrNull', (v, at) => userDataProblem(v, at, true));
export const IsUserAttributes = defineChecked('isUserAttributes', (v, at) => userAttributesProblem(v, at));
export const IsUserAttributeChanges = defineChecked('isUserAttributeChanges', (v, at) => userAttributesProblem(v, at, true));
