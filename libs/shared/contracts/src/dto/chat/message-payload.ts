import { registerDecorator, ValidationOptions } from 'class-validator';

/**
 * The message payload variants of `@botpress/chat` (docs/contracts.md, "Identifiers"). Each variant lists its required
 * and optional fields with their kind; extra fields are allowed, as in the client's types.
 *
 * The web chat's API (`@botpress/webchat-client`) speaks a dialect of the same variants: bloc items are
 * `{ type, payload }` (as the runtime stores them) instead of flat, and it adds the `custom` variant.
 */
type Kind = 'string' | 'number' | 'actions' | 'options' | 'cards' | 'blocItems';

export type PayloadDialect = 'chat' | 'webchat';
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

/** Variants only the web chat's API knows: a custom component the widget loads from `url`. */
const WEBCHAT_ONLY_VARIANTS: Record<string, Variant> = {
  custom: { required: { url: 'string', name: 'string' } },
};

const variantsOf = (dialect: PayloadDialect) => (dialect === 'webchat' ? { ...MESSAGE_VARIANTS, ...WEBCHAT_ONLY_VARIANTS } : MESSAGE_VARIANTS);

const BLOC_ITEM_TYPES = ['text', 'markdown', 'image', 'audio', 'video', 'file', 'location'];
const CARD_ACTIONS = ['postback', 'url', 'say'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a payload is not a valid message payload of the dialect, or undefined when it is. */
export function messagePayloadProblem(
  payload: unknown,
  path = 'payload',
  dialect: PayloadDialect = 'chat',
  allowed = Object.keys(variantsOf(dialect)),
): string | undefined {
  if (!isObject(payload)) return `${path} must be an object`;
  const type = payload.type;
  if (typeof type !== 'string' || !allowed.includes(type)) {
    return `${path}.type must be one of: ${allowed.join(', ')}`;
  }
  const variant = variantsOf(dialect)[type];
  for (const [field, kind] of Object.entries(variant.required)) {
    if (payload[field] === undefined) return `${path}.${field} is required for ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} message`;
    const problem = fieldProblem(payload[field], kind, `${path}.${field}`, dialect);
    if (problem) return problem;
  }
  for (const [field, kind] of Object.entries(variant.optional ?? {})) {
    if (payload[field] === undefined) continue;
    const problem = fieldProblem(payload[field], kind, `${path}.${field}`, dialect);
    if (problem) return problem;
  }
  return undefined;
}

/** A bloc item: flat in the chat API, `{ type, payload }` in the web chat's. */
function blocItemProblem(item: unknown, path: string, dialect: PayloadDialect): string | undefined {
  if (dialect === 'chat') return messagePayloadProblem(item, path, dialect, BLOC_ITEM_TYPES);
  if (!isObject(item)) return `${path} must be an object`;
  if (!isObject(item.payload)) return `${path}.payload must be an object`;
  const problem = messagePayloadProblem({ ...item.payload, type: item.type }, `${path}.payload`, dialect, BLOC_ITEM_TYPES);
  return problem?.replace(`${path}.payload.type`, `${path}.type`);
}

function fieldProblem(value: unknown, kind: Kind, path: string, dialect: PayloadDialect): string | undefined {
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
      return arrayProblem(value, path, (item, p) => messagePayloadProblem(item, p, dialect, ['card']));
    case 'blocItems':
      return arrayProblem(value, path, (item, p) => blocItemProblem(item, p, dialect));
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
export function IsMessagePayload(dialect: PayloadDialect = 'chat', options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isMessagePayload',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) => messagePayloadProblem(value, propertyName as string, dialect) === undefined,
        defaultMessage: (args) => messagePayloadProblem(args?.value, propertyName as string, dialect) ?? 'payload is invalid',
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
