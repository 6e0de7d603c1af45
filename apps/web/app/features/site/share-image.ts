/** The social-sharing card of the site (apps/web/public/og-image.png, made by scripts/render-og-image.mjs). */
const SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630, type: 'image/png' } as const;
const SHARE_IMAGE_ALT = 'Certitude: the community guide to IT certifications, ranked by professionals';

/** The tags pageMeta leaves out: an image's size lets previews lay out the card before fetching it. */
export function shareImageMeta(publicUrl: string) {
  return {
    url: `${publicUrl}${SHARE_IMAGE.path}`,
    extra: [
      { property: 'og:image:type', content: SHARE_IMAGE.type },
      { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
      { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
      { property: 'og:image:alt', content: SHARE_IMAGE_ALT },
      { name: 'twitter:image:alt', content: SHARE_IMAGE_ALT },
    ],
  };
}
