/** Workspace roles, weakest first (docs/contracts.md, "Authentication"). */
export const ROLES = ['viewer', 'billing', 'developer', 'manager', 'administrator', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export function roleAtLeast(role: Role, minimum: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(minimum);
}
