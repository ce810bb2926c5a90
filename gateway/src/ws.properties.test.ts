import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchSocketRoute, tokenFromProtocols } from './ws';

const protocolToken = fc.stringMatching(/^[A-Za-z0-9._-]{1,40}$/).filter((t) => t !== 'jwt');

describe('socket handshake parsing (properties)', () => {
  it('finds the token next to jwt whatever the order, and never returns "jwt" itself', () => {
    fc.assert(
      fc.property(protocolToken, fc.boolean(), (token, jwtFirst) => {
        const header = jwtFirst ? `jwt, ${token}` : `${token}, jwt`;
        expect(tokenFromProtocols(header)).toBe(token);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (header) => {
        expect(tokenFromProtocols(header)).not.toBe('jwt');
      }),
    );
  });

  it('without a jwt entry there is no token', () => {
    fc.assert(
      fc.property(fc.array(protocolToken), (tokens) => {
        expect(tokenFromProtocols(tokens.join(', '))).toBeUndefined();
      }),
    );
  });

  it('matches only the three socket paths', () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        const match = matchSocketRoute(path);
        if (match) expect(path.startsWith('/ws/')).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(matchSocketRoute(`/ws/comments/${id}/`)).toEqual({ channel: 'comments', taskId: id });
      }),
    );
  });
});
