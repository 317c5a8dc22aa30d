import { DestinationGuard } from './destination-guard';

describe('DestinationGuard', () => {
  const strict = new DestinationGuard([]);

  it.each([
    '127.0.0.1',
    '::1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '::ffff:127.0.0.1',
    'fc00::1',
    'fe80::1',
    '224.0.0.1',
  ])('refuses %s by default', (address) => {
    expect(strict.permits(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('permits the public address %s', (address) => {
    expect(strict.permits(address)).toBe(true);
  });

  it('opens the networks an operator lists', () => {
    const local = new DestinationGuard(['127.0.0.0/8', '10.0.0.0/8']);
    expect(local.permits('127.0.0.1')).toBe(true);
    expect(local.permits('10.9.9.9')).toBe(true);
    expect(local.permits('192.168.1.1')).toBe(false);
  });

  it('checks hosts written as addresses, whatever their spelling once parsed', () => {
    expect(strict.permitsHost(new URL('http://0x7f000001/').hostname)).toBe(false);
    expect(strict.permitsHost(new URL('http://[::1]/').hostname)).toBe(false);
    expect(strict.permitsHost(new URL('http://2130706433/').hostname)).toBe(false);
    expect(strict.permitsHost('bots.example.com')).toBe(true);
  });

  it('resolves names only to permitted addresses', (done) => {
    strict.lookup('localhost', {}, (error) => {
      expect(error).toMatchObject({ code: 'EDESTINATION' });
      done();
    });
  });
});
