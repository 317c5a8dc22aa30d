import { registerDecorator, ValidationOptions } from 'class-validator';

/**
 * The message payload variants of `@botpress/chat` (DESIGN §6). Each variant lists its required
 * and optional fields with their kind; extra fields are allowed, as in the client's types.
 */
type Kind = 'string' | 'number' | 'actions' | 'options' | 'cards' | 'blocItems';
interface Variant {
  required: Record<string, Kind>;
  optional?: Record<string, Kind>;
}

const CARD: Variant = {
  required: { title: 'string', actions: 'actions' },
  optional: { subtitle: 'string', imageUrl: 'string' },
};

export const MESSAGE_VARIANTS: Record<string, Variant> = {
  text: { required: { text: 'string' } },
  markdown: { required: { markdown: 'string' } },
  image: { required: { imageUrl: 'string' } },
  audio: { required: { audioUrl: 'string' } },
  video: { required: { videoUrl: 'string' } },
  file: { required: { fileUrl: 'string' }, optional: { title: 'string' } },
  location: { required: { latitude: 'number', longitude: 'number' }, optional: { address: 'string', title: 'string' } },
  card: CARD,
  carousel: { required: { items: 'cards' } },
  choice: { required: { text: 'string', options: 'options' } },
  dropdown: { required: { text: 'string', options: 'options' } },
  bloc: { required: { items: 'blocItems' } },
};

const BLOC_ITEM_TYPES = ['text', 'markdown', 'image', 'audio', 'video', 'file', 'location'];
const CARD_ACTIONS = ['postback', 'url', 'say'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a payload is not a valid message payload, or undefined when it is. */
export function messagePayloadProblem(payload: unknown, path = 'payload', allowed = Object.keys(MESSAGE_VARIANTS)): string | undefined {
  if (!isObject(payload)) return `${path} must be an object`;
  const type = payload.type;
  if (typeof type !== 'string' || !allowed.includes(type)) {
    return `${path}.type must be one of: ${allowed.join(', ')}`;
  }
  const variant = MESSAGE_VARIANTS[type];
  for (const [field, kind] of Object.entries(variant.required)) {
    if (payload[field] === undefined) return `${path}.${field} is required for ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} message`;
    const problem = fieldProblem(payload[field], kind, `${path}.${field}`);
    if (problem) return problem;
  }
  for (const [field, kind] of Object.entries(variant.optional ?? {})) {
    if (payload[field] === undefined) continue;
    const problem = fieldProblem(payload[field], kind, `${path}.${field}`);
    if (problem) return problem;
  }
  return undefined;
}

function fieldProblem(value: unknown, kind: Kind, path: string): string | undefined {
  switch (kind) {
    case 'string':
      return typeof value === 'string' ? undefined : `${path} must be a string`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : `${path} must be a number`;
    case 'actions':
      return arrayProblem(value, path, (item, p) => {
        if (!isObject(item)) return `${p} must be an object`;
        if (typeof item.action !== 'string' || !CARD_ACTIONS.includes(item.action)) return `${p}.action must be one of: ${CARD_ACTIONS.join(', ')}`;
        if (typeof item.label !== 'string') return `${p}.label must be a string`;
        if (typeof item.value !== 'string') return `${p}.value must be a string`;
        return undefined;
      });
    case 'options':
      return arrayProblem(value, path, (item, p) => {
        if (!isObject(item)) return `${p} must be an object`;
        if (typeof item.label !== 'string') return `${p}.label must be a string`;
        if (typeof item.value !== 'string') return `${p}.value must be a string`;
        return undefined;
      });
    case 'cards':
      return arrayProblem(value, path, (item, p) => messagePayloadProblem(item, p, ['card']));
    case 'blocItems':
      return arrayProblem(value, path, (item, p) => messagePayloadProblem(item, p, BLOC_ITEM_TYPES));
  }
}

function arrayProblem(value: unknown, path: string, check: (item: unknown, path: string) => string | undefined): string | undefined {
  if (!Array.isArray(value)) return `${path} must be an array`;
  for (let i = 0; i < value.length; i++) {
    const problem = check(value[i], `${path}[${i}]`);
    if (problem) return problem;
  }
  return undefined;
}

/** class-validator decorator over `messagePayloadProblem`, reporting the precise problem. */
export function IsMessagePayload(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isMessagePayload',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) => messagePayloadProblem(value) === undefined,
        defaultMessage: (args) => messagePayloadProblem(args?.value) ?? 'payload is invalid',
      },
    });
  };
}

/** Short human text of a message, used as an event's `preview`. */
export function messagePreview(payload: Record<string, unknown>): string {
  switch (payload.type) {
    case 'text':
    case 'choice':
    case 'dropdown':
      return String(payload.text ?? '');
    case 'markdown':
      return String(payload.markdown ?? '');
    case 'card':
      return String(payload.title ?? '');
    case 'file':
      return String(payload.title ?? payload.fileUrl ?? '');
    case 'location':
      return String(payload.title ?? payload.address ?? `${payload.latitude},${payload.longitude}`);
    default:
      return `[${String(payload.type)}]`;
  }
}
