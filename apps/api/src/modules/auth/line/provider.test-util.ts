import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';

/**
 * A stand-in for LINE's OpenID provider, run inside the test: `/authorize` "logs in" the LINE
 * user the test chose and redirects back with a one-time code; `/token` checks the client
 * secret, the redirect URI and the PKCE verifier, then answers an ID token signed HS256 with the
 * channel secret, as LINE does. `tamper` makes it misbehave the ways a forged reply would.
 */
export interface LineUser {
  sub: string;
  email?: string;
}
interface Pending {
  challenge: string;
  nonce: string;
  redirectUri: string;
  user: LineUser;
}
export interface Tamper {
  signWith?: string;
  audience?: string;
  issuer?: string;
  nonce?: string;
  alg?: 'HS256' | 'HS512';
}

export const LINE_ISSUER = 'https://access.line.me';

export async function startLineProvider(opts: { channelId: string; channelSecret: string; now: () => number }) {
  const codes = new Map<string, Pending>();
  const state = { user: { sub: 'U0000' } as LineUser, tamper: {} as Tamper, tokenCalls: 0 };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://provider');
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const p = url.searchParams;
      if (
        p.get('client_id') !== opts.channelId ||
        p.get('response_type') !== 'code' ||
        p.get('code_challenge_method') !== 'S256' ||
        !p.get('scope')?.split(' ').includes('openid')
      ) {
        res.writeHead(400).end('bad authorize request');
        return;
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        challenge: p.get('code_challenge')!,
        nonce: p.get('nonce')!,
        redirectUri: p.get('redirect_uri')!,
        user: state.user,
      });
      const back = new URL(p.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state')!);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        state.tokenCalls++;
        void (async () => {
          const f = new URLSearchParams(raw);
          const pending = codes.get(f.get('code') ?? '');
          codes.delete(f.get('code') ?? '');
          const verifier = f.get('code_verifier') ?? '';
          if (
            !pending ||
            f.get('grant_type') !== 'authorization_code' ||
            f.get('client_id') !== opts.channelId ||
            f.get('client_secret') !== opts.channelSecret ||
            f.get('redirect_uri') !== pending.redirectUri ||
            createHash('sha256').update(verifier).digest('base64url') !== pending.challenge
          ) {
            res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }));
            return;
          }
          const t = state.tamper;
          const now = Math.floor(opts.now() / 1000);
          const claims: Record<string, unknown> = { nonce: t.nonce ?? pending.nonce, name: 'LINE User' };
          if (pending.user.email) claims.email = pending.user.email;
          const idToken = await new SignJWT(claims)
            .setProtectedHeader({ alg: t.alg ?? 'HS256' })
            .setSubject(pending.user.sub)
            .setIssuer(t.issuer ?? LINE_ISSUER)
            .setAudience(t.audience ?? opts.channelId)
            .setIssuedAt(now)
            .setExpirationTime(now + 3600)
            .sign(new TextEncoder().encode(t.signWith ?? opts.channelSecret));
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ access_token: 'at', token_type: 'Bearer', id_token: idToken, expires_in: 3600 }));
        })();
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    state,
    config: (callbackUrl: string) => ({
      channelId: opts.channelId,
      channelSecret: opts.channelSecret,
      callbackUrl,
      authorizeUrl: `${base}/authorize`,
      tokenUrl: `${base}/token`,
      issuer: LINE_ISSUER,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
