import { describe, expect, it } from 'vitest';
import { pageMeta } from './meta';
import { metaDescription } from './meta-description';

describe('page meta', () => {
  it('cuts a description at 155 characters with an ellipsis, as plain text', () => {
    const md = `**Bold** start. ${'word '.repeat(60)}`;
    const d = metaDescription(md);
    expect(d.startsWith('Bold start.')).toBe(true);
    expect(d.endsWith('...')).toBe(true);
    expect(d.length).toBeLessThanOrEqual(158);
  });

  it('keeps hyphenated words and drops markdown marks', () => {
    expect(metaDescription('## Heading\n\n- **Hands-on** exam with `kubectl`')).toBe(
      'Heading Hands-on exam with kubectl',
    );
  });

  it('keeps a short description whole', () => {
    expect(metaDescription('Short and sweet.')).toBe('Short and sweet.');
  });

  it('gives title, description, canonical and social tags', () => {
    const tags = pageMeta({
      title: 'About',
      description: 'd',
      url: 'https://x.test/about',
      image: 'https://x.test/og.png',
    });
    expect(tags).toContainEqual({ title: 'About | Certitude' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://x.test/about' });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(tags).toContainEqual({ property: 'og:type', content: 'website' });
  });
});
