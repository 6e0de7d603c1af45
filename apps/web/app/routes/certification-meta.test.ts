import type { Certification } from '@certitude/shared';
import { describe, expect, it } from 'vitest';
import { meta } from './certification';

type MetaArgs = Parameters<typeof meta>[0];

const cert = {
  id: 7,
  slug: 'certified-kubernetes-administrator-cka',
  name: 'Certified Kubernetes Administrator',
  certCode: 'CKA',
  vendor: 'Linux Foundation',
  description: '',
  url: 'https://training.linuxfoundation.org/certification/certified-kubernetes-administrator-cka/',
} as Certification;

const tagsFor = (certification: Certification | null) =>
  meta({ data: { certification, publicUrl: 'https://certitude.test' } } as unknown as MetaArgs);

const content = (tags: ReturnType<typeof tagsFor>, name: string) =>
  (tags as Record<string, unknown>[]).find((t) => t.name === name)?.content;

describe('certification page meta', () => {
  it('without a description, describes the certification by name, code and vendor', () => {
    const tags = tagsFor(cert);
    expect(content(tags, 'description')).toBe(
      'Certified Kubernetes Administrator (CKA) by Linux Foundation: community votes, discussion and learning resources on Certitude.',
    );
    expect(tags).toContainEqual({ title: 'Certified Kubernetes Administrator (CKA) | Certitude' });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://certitude.test/certification/certified-kubernetes-administrator-cka',
    });
  });

  it('with a description, uses its plain text', () => {
    expect(content(tagsFor({ ...cert, description: '**Hands-on** exam.' }), 'description')).toBe('Hands-on exam.');
  });

  it('an unknown certification is titled Certification not found and kept out of search engines', () => {
    const tags = tagsFor(null);
    expect(tags).toContainEqual({ title: 'Certification not found | Certitude' });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});
