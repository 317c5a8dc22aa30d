import { registerDecorator, ValidationOptions } from 'class-validator';

function define(name: string, validate: (value: unknown) => boolean, message: string) {
  return (options?: ValidationOptions): PropertyDecorator =>
    (target: object, propertyName: string | symbol) =>
      registerDecorator({
        name,
        target: target.constructor,
        propertyName: propertyName as string,
        options: { message: `$property ${message}`, ...options },
        validator: { validate },
      });
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
