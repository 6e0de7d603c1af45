import type { Comparison } from '@certitude/shared';
import type { RatingService } from '../ratings/rating.service.js';
import type { CertificationService } from './certification.service.js';

/** Certifications side by side (docs/product.md#comparison): public ones only, each with its rating summary. */
export class ComparisonService {
  constructor(
    private readonly certifications: CertificationService,
    private readonly ratings: RatingService,
  ) {}

  async compare(idsOrSlugs: string[]): Promise<Comparison | { missing: string[] }> {
    const found = await Promise.all(idsOrSlugs.map((ref) => this.certifications.get(ref)));
    const missing = idsOrSlugs.filter((_, i) => !found[i] || found[i]!.status !== 'APPROVED');
    if (missing.length) return { missing };
    const summaries = await Promise.all(found.map((c) => this.ratings.summary(String(c!.id))));
    return { certifications: found.map((c, i) => ({ ...c!, ratings: summaries[i]! })) };
  }
}
