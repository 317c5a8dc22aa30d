import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import type { defaultMetadataStorage as TypeStorage } from 'class-transformer/types/storage';
import { getMetadataStorage, validateSync, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import './index';
import { isValidInstance } from './valid-instance';

/**
 * isValidInstance must agree with class-validator (with the edges' options) on every class with
 * rules: the contracts' inputs, the envelope's callers and every nested class. Values are
 * generated from each property's own constraints (near and past their limits, of the wrong
 * type, missing, unknown properties), so valid and invalid ones both occur for every class.
 */

// Where class-transformer keeps `@Type`, to build nested values (the package declares no types for this path).
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: typeof TypeStorage };

const OPTIONS = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true };
const storage = getMetadataStorage();
type Class = abstract new (...args: never[]) => object;
const classes = [...(storage as unknown as { validationMetadatas: Map<Class, unknown> }).validationMetadatas.keys()];

/** A small deterministic generator, so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function constraintName(metadata: ValidationMetadata): string {
  if (metadata.type !== ValidationTypes.CUSTOM_VALIDATION) return metadata.type;
  return storage.getTargetValidatorConstraints(metadata.constraintCls)[0]?.name ?? 'custom';
}

const ANY = [null, 0, 1, 'x', true, [], {}, { a: 'b' }, ['a']];

/** Values a property with these rules may or may not accept. */
function candidates(target: Class, property: string, rules: ValidationMetadata[], depth: number, next: () => number): unknown[] {
  const values: unknown[] = [...ANY];
  for (const rule of rules) {
    const [first, second] = rule.constraints ?? [];
    switch (constraintName(rule)) {
      case 'isString':
      case 'matches':
      case 'minLength':
        values.push('', 'a', 'abc_123', 'bot_01HZY3', 'Hello world', 'a'.repeat(64), 'é');
        break;
      case 'maxLength':
        values.push('a'.repeat(first as number), 'a'.repeat((first as number) + 1));
        break;
      case 'isIn':
        values.push(...(first as unknown[]), 'not-one-of-them');
        break;
      case 'equals':
        values.push(first, 'other');
        break;
      case 'isInt':
      case 'isNumber':
      case 'min':
      case 'max':
        values.push(-1, 0, 1, 5, 1.5, 100, 1000, 1e9, '5', typeof first === 'number' ? first : 0, typeof first === 'number' ? first + 1 : 2);
        break;
      case 'isBoolean':
        values.push(true, false, 'true');
        break;
      case 'isIso8601':
      case 'isDateString':
        values.push('2024-01-01T00:00:00.000Z', '2024-01-01', 'yesterday');
        break;
      case 'isUrl':
        values.push('https://example.com/hook', 'not a url', 'http://127.0.0.1:8080/');
        break;
      case 'isEmail':
        values.push('someone@example.com', 'someone');
        break;
      case 'isArray':
      case 'arrayMaxSize':
      case 'arrayMinSize':
        values.push(
          [],
          ['a'],
          ['a', 'b'],
          [1, 2],
          Array.from({ length: (typeof first === 'number' ? first : 10) + 1 }, () => 'a'),
        );
        break;
      case ValidationTypes.NESTED_VALIDATION: {
        const type = defaultMetadataStorage.findTypeMetadata(target, property)?.typeFunction() as Class | undefined;
        if (type && depth < 3) values.push(sample(type, depth + 1, next), [sample(type, depth + 1, next), sample(type, depth + 1, next)]);
        break;
      }
      default:
        // The project's own object validators (payloads, maps, tags, configurations).
        values.push({ text: 'hi' }, { type: 'text', text: 'hi' }, { a: null }, { a: 1 }, { a: { b: 'c' } }, { env: 'prod' }, second ?? {});
    }
  }
  return values;
}

/** A plain value for `target`: each of its properties present or not, with one of its candidates; sometimes an unknown property. */
function sample(target: Class, depth: number, next: () => number): Record<string, unknown> {
  const grouped = storage.groupByPropertyName(storage.getTargetValidationMetadatas(target, '', false, false, undefined));
  const value: Record<string, unknown> = {};
  for (const [property, rules] of Object.entries(grouped)) {
    if (next() < 0.25) continue;
    const pool = candidates(target, property, rules, depth, next);
    value[property] = pool[Math.floor(next() * pool.length)];
  }
  if (next() < 0.05) value.unexpected = 'x';
  return value;
}

describe('isValidInstance', () => {
  it('knows the contracts: there are classes with rules to check', () => {
    expect(classes.length).toBeGreaterThan(100);
  });

  it('answers as class-validator does for every class with rules, on valid and invalid values alike', () => {
    const next = random(20261124);
    let accepted = 0;
    let total = 0;
    const disagreements: string[] = [];
    for (const target of classes) {
      for (let i = 0; i < 60; i++) {
        const instance = plainToInstance(target as unknown as new () => object, sample(target, 0, next)) as object;
        const expected = validateSync(instance, OPTIONS).length === 0;
        const answered = isValidInstance(instance);
        total++;
        if (expected) accepted++;
        if (answered !== expected && disagreements.length < 5) {
          disagreements.push(`${target.name}: class-validator ${expected}, isValidInstance ${answered}: ${JSON.stringify(instance)}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    // Both answers occur often enough for the agreement to mean something.
    expect(accepted / total).toBeGreaterThan(0.1);
    expect(accepted / total).toBeLessThan(0.9);
  });

  it('refuses what class-validator refuses: unknown properties, plain objects where a class is expected, null and primitives', () => {
    class Empty {}
    for (const value of [null, 'x', 1, {}, new Empty()]) expect(isValidInstance(value)).toBe(false);
  });
});
