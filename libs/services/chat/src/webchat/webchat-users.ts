import { verifySignedClaims } from '@platform/auth';
import { CreateWebchatUserBody, Errors, RuntimeUserView, UpdateWebchatUserBody, WebchatTags, WebhookResolution } from '@platform/contracts';
import { UserFields } from '../users/users.service';

/** Claims every signed token carries that are not the user's data. */
const TOKEN_CLAIMS = ['iat', 'exp', 'nbf'];

/** User data or attributes as an object: given so, or read from a token signed with the integration's encryption key. */
function unsealed(value: Record<string, unknown> | string, webhook: WebhookResolution, field: string): Record<string, unknown> {
  if (typeof value !== 'string') return value;
  const claims = verifySignedClaims(value, webhook.encryptionKey);
  if (!claims) throw Errors.invalidPayload(`${field} is not a token signed with the integration's encryption key, or it expired`);
  return Object.fromEntries(Object.entries(claims).filter(([name]) => !TOKEN_CLAIMS.includes(name)));
}

function attributesOf(value: Record<string, unknown> | string, webhook: WebhookResolution, nullable: boolean): Record<string, string | null> {
  const attributes = unsealed(value, webhook, 'attributes');
  const bad = Object.entries(attributes).find(([, v]) => !(typeof v === 'string' || (nullable && v === null)));
  if (bad) throw Errors.invalidPayload(`attributes.${bad[0]} must be a string`);
  return attributes as Record<string, string | null>;
}

/**
 * The runtime fields of a web chat user: its data and attributes live in tags, as JSON
 * (`WebchatTags`). Attribute changes merge into the current ones; null removes one.
 */
export function webchatUserFields(input: CreateWebchatUserBody | UpdateWebchatUserBody, webhook: WebhookResolution, current?: RuntimeUserView): UserFields {
  const tags: Record<string, string | null> = {};
  if (input.userData === null) tags[WebchatTags.userData] = null;
  else if (input.userData !== undefined) tags[WebchatTags.userData] = JSON.stringify(unsealed(input.userData, webhook, 'userData'));
  if (input.attributes !== undefined) {
    const before = current?.tags[WebchatTags.userAttributes] ? (JSON.parse(current.tags[WebchatTags.userAttributes]) as Record<string, string>) : {};
    const merged: Record<string, string | null> = { ...before, ...attributesOf(input.attributes, webhook, current !== undefined) };
    const kept = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== null));
    tags[WebchatTags.userAttributes] = Object.keys(kept).length > 0 ? JSON.stringify(kept) : null;
  }
  return { name: input.name, pictureUrl: input.pictureUrl, ...(Object.keys(tags).length > 0 ? { tags } : {}) };
}
