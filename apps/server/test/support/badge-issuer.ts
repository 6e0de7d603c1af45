/*
 * A local Open Badges issuer for the badge tests: a node:http server on 127.0.0.1 serving 2.0 hosted assertions,
 * badge classes, issuer profiles, signing keys, signed assertions and 3.0 VC-JWT credentials, made with test keys.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { CompactSign, exportJWK, exportSPKI, generateKeyPair, type CryptoKey } from 'jose';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type Json = Record<string, unknown>;

const OB2 = 'https://w3id.org/openbadges/v2';
const OB3 = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'];

const hashIdentity = (address: string, salt: string) =>
  `sha256$${createHash('sha256')
    .update(address + salt)
    .digest('hex')}`;

export class BadgeIssuer {
  private readonly routes = new Map<string, Handler>();
  /** Every path asked for, in order. */
  readonly hits: string[] = [];
  base = '';
  private server!: Server;
  private keys!: { privateKey: CryptoKey; publicKey: CryptoKey };
  private otherKeys!: { privateKey: CryptoKey; publicKey: CryptoKey };
  /** Requests that get no answer (the slow issuer), ended when the issuer stops. */
  private readonly hanging = new Set<ServerResponse>();

  static async start(host = '127.0.0.1'): Promise<BadgeIssuer> {
    const issuer = new BadgeIssuer();
    issuer.keys = await generateKeyPair('ES256', { extractable: true });
    issuer.otherKeys = await generateKeyPair('ES256', { extractable: true });
    issuer.server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      issuer.hits.push(path);
      const handler = issuer.routes.get(path);
      if (handler) handler(req, res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => issuer.server.listen(0, host, resolve));
    issuer.base = `http://${host}:${(issuer.server.address() as AddressInfo).port}`;
    issuer.serveIssuer();
    return issuer;
  }

  async stop() {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  url(path: string) {
    return `${this.base}${path}`;
  }

  route(path: string, handler: Handler) {
    this.routes.set(path, handler);
    return this.url(path);
  }

  json(path: string, body: unknown, status = 200) {
    return this.route(path, (_req, res) => {
      res.writeHead(status, { 'content-type': 'application/ld+json' }).end(JSON.stringify(body));
    });
  }

  text(path: string, body: string) {
    return this.route(path, (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(body));
  }

  redirect(path: string, to: string) {
    return this.route(path, (_req, res) => res.writeHead(302, { location: to }).end());
  }

  /** A path that never answers. */
  hang(path: string) {
    return this.route(path, (_req, res) => {
      this.hanging.add(res);
    });
  }

  /** The issuer profile with its key (2.0 CryptographicKey and 3.0 verificationMethod), and a badge class. */
  private serveIssuer(options: { revocationList?: boolean } = {}) {
    this.json('/issuer', {
      '@context': OB2,
      type: 'Issuer',
      id: this.url('/issuer'),
      name: 'Test Badge Issuer',
      url: this.base,
      email: 'badges@issuer.test',
      publicKey: this.url('/key'),
      ...(options.revocationList ? { revocationList: this.url('/revocations') } : {}),
    });
  }

  async serveKeys() {
    this.json('/key', {
      '@context': OB2,
      type: 'CryptographicKey',
      id: this.url('/key'),
      owner: this.url('/issuer'),
      publicKeyPem: await exportSPKI(this.keys.publicKey),
    });
    this.json('/issuer3', {
      '@context': OB3,
      type: ['Profile'],
      id: this.url('/issuer3'),
      name: 'Test Badge Issuer 3',
      verificationMethod: [
        {
          id: `${this.url('/issuer3')}#key-1`,
          type: 'JsonWebKey',
          controller: this.url('/issuer3'),
          publicKeyJwk: await exportJWK(this.keys.publicKey),
        },
      ],
    });
  }

  /** The PEM of the key this issuer signs with. */
  publicKeyPem() {
    return exportSPKI(this.keys.publicKey);
  }

  /** A revocation list naming these assertions; the issuer profile then points at it. */
  revoke(...assertionIds: string[]) {
    this.serveIssuer({ revocationList: true });
    this.json('/revocations', {
      '@context': OB2,
      type: 'RevocationList',
      id: this.url('/revocations'),
      issuer: this.url('/issuer'),
      revokedAssertions: assertionIds.map((id) => ({ id, revocationReason: 'Issued in error' })),
    });
  }

  /** A 2.0 BadgeClass of this issuer; its id goes into a certification's badgeClasses. */
  badgeClass(name = `class-${randomBytes(3).toString('hex')}`) {
    return this.json(`/classes/${name}`, {
      '@context': OB2,
      type: 'BadgeClass',
      id: this.url(`/classes/${name}`),
      name: `Badge ${name}`,
      description: 'A badge of the tests.',
      image: this.url('/image.png'),
      criteria: { narrative: 'Pass the exam.' },
      issuer: this.url('/issuer'),
    });
  }

  /** An assertion's document (2.0); `hashed` hashes the recipient with a salt. */
  assertionDoc(
    badgeClass: string,
    email: string,
    options: { hashed?: boolean; expires?: string; revoked?: boolean; signed?: boolean; id?: string } = {},
  ): Json {
    const id = options.id ?? this.url(`/assertions/${randomBytes(4).toString('hex')}`);
    const salt = randomBytes(4).toString('hex');
    return {
      '@context': OB2,
      type: 'Assertion',
      id,
      recipient:
        options.hashed === false
          ? { type: 'email', hashed: false, identity: email }
          : { type: 'email', hashed: true, salt, identity: hashIdentity(email, salt) },
      badge: badgeClass,
      verification: options.signed ? { type: 'SignedBadge', creator: this.url('/key') } : { type: 'HostedBadge' },
      issuedOn: '2025-03-01T09:00:00Z',
      ...(options.expires ? { expires: options.expires } : {}),
      ...(options.revoked ? { revoked: true, revocationReason: 'Issued in error' } : {}),
    };
  }

  /** A hosted assertion served at its id; its URL. */
  hosted(badgeClass: string, email: string, options: Parameters<BadgeIssuer['assertionDoc']>[2] = {}) {
    const doc = this.assertionDoc(badgeClass, email, options);
    const id = doc.id as string;
    this.json(new URL(id).pathname, doc);
    return id;
  }

  private async sign(payload: Json, kid: string | undefined, other = false) {
    return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'ES256', ...(kid ? { kid } : {}) })
      .sign(other ? this.otherKeys.privateKey : this.keys.privateKey);
  }

  /** A 2.0 signed assertion (compact JWS); `wrongKey` signs with a key the issuer does not publish. */
  async signedAssertion(badgeClass: string, email: string, wrongKey = false) {
    await this.serveKeys();
    return this.sign(this.assertionDoc(badgeClass, email, { signed: true }), undefined, wrongKey);
  }

  /** A 3.0 achievement of the issuer; its id goes into a certification's badgeClasses. */
  achievement(name = `achievement-${randomBytes(3).toString('hex')}`) {
    return this.url(`/achievements/${name}`);
  }

  /**
   * A status list credential of the 3.0 issuer at `path`, its bits set at `revoked`: W3C Bitstring Status List as JSON
   * (multibase base64url), or with `format: 'StatusList2021'` as a VC-JWT signed with the issuer's key (or another).
   */
  async statusList(
    path: string,
    revoked: number[],
    options: { format?: 'Bitstring' | 'StatusList2021'; purpose?: string; wrongKey?: boolean } = {},
  ) {
    await this.serveKeys();
    const bits = Buffer.alloc(16 * 1024);
    for (const i of revoked) bits[i >> 3]! |= 0x80 >> (i & 7);
    const zipped = gzipSync(bits);
    const legacy = options.format === 'StatusList2021';
    const credential = {
      '@context': legacy ? ['https://www.w3.org/2018/credentials/v1'] : ['https://www.w3.org/ns/credentials/v2'],
      id: this.url(path),
      type: ['VerifiableCredential', legacy ? 'StatusList2021Credential' : 'BitstringStatusListCredential'],
      issuer: this.url('/issuer3'),
      validFrom: '2025-01-01T00:00:00Z',
      credentialSubject: {
        id: `${this.url(path)}#list`,
        type: legacy ? 'StatusList2021' : 'BitstringStatusList',
        statusPurpose: options.purpose ?? 'revocation',
        encodedList: legacy ? zipped.toString('base64') : `u${zipped.toString('base64url')}`,
      },
    };
    if (!legacy) return this.json(path, credential);
    const token = await this.sign(
      { vc: credential, iss: credential.issuer },
      `${this.url('/issuer3')}#key-1`,
      options.wrongKey,
    );
    return this.text(path, token);
  }

  /** A 3.0 OpenBadgeCredential as VC-JWT; `status` names its entry in a status list. */
  async credential(
    achievementId: string,
    email: string,
    options: {
      wrongKey?: boolean;
      validUntil?: string;
      issuer?: string;
      status?: { list: string; index: number; purpose?: string; type?: string };
    } = {},
  ) {
    await this.serveKeys();
    const issuer = options.issuer ?? this.url('/issuer3');
    const salt = randomBytes(4).toString('hex');
    const credential = {
      '@context': OB3,
      id: `urn:uuid:${randomBytes(16).toString('hex')}`,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: issuer, type: ['Profile'], name: 'Test Badge Issuer 3' },
      validFrom: '2025-06-15T00:00:00Z',
      ...(options.validUntil ? { validUntil: options.validUntil } : {}),
      name: 'A test achievement',
      ...(options.status
        ? {
            credentialStatus: {
              id: `${options.status.list}#${options.status.index}`,
              type: options.status.type ?? 'BitstringStatusListEntry',
              statusPurpose: options.status.purpose ?? 'revocation',
              statusListIndex: String(options.status.index),
              statusListCredential: options.status.list,
            },
          }
        : {}),
      credentialSubject: {
        type: ['AchievementSubject'],
        identifier: [
          {
            type: 'IdentityObject',
            identityType: 'emailAddress',
            hashed: true,
            salt,
            identityHash: hashIdentity(email, salt),
          },
        ],
        achievement: { id: achievementId, type: ['Achievement'], name: 'A test achievement' },
      },
    };
    return this.sign(
      { ...credential, iss: issuer, jti: credential.id, nbf: Date.parse(credential.validFrom) / 1000 },
      `${this.url('/issuer3')}#key-1`,
      options.wrongKey,
    );
  }
}
