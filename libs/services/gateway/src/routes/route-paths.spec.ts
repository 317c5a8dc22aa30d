import { byRoutePrecedence } from './route-paths';

const sorted = (paths: string[]) =>
  paths
    .map((path) => ({ path }))
    .sort(byRoutePrecedence)
    .map((r) => r.path);

describe('byRoutePrecedence', () => {
  it('puts a literal segment before a parameter at the first place two paths differ, whatever the input order', () => {
    const paths = [
      '/v1/admin/integrations/{name}/{version}',
      '/v1/admin/interfaces',
      '/v1/admin/integrations/{id}',
      '/v1/admin/integrations/iaks',
      '/v1/admin/integrations/{id}/logs',
      '/v1/admin/integrations/iaks/{id}',
      '/v1/admin/integrations',
    ];
    const expected = [
      '/v1/admin/integrations',
      '/v1/admin/integrations/iaks',
      '/v1/admin/integrations/iaks/{id}',
      '/v1/admin/integrations/{id}',
      '/v1/admin/integrations/{id}/logs',
      '/v1/admin/integrations/{name}/{version}',
      '/v1/admin/interfaces',
    ];
    expect(sorted(paths)).toEqual(expected);
    expect(sorted([...paths].reverse())).toEqual(expected);
    // Each route that can match a request comes after every more specific one.
    const order = sorted(paths);
    expect(order.indexOf('/v1/admin/integrations/{id}/logs')).toBeLessThan(order.indexOf('/v1/admin/integrations/{name}/{version}'));
    expect(order.indexOf('/v1/admin/integrations/iaks')).toBeLessThan(order.indexOf('/v1/admin/integrations/{id}'));
  });
});
