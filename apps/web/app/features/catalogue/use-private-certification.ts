import { certificationSchema, type Certification } from '@certitude/shared';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';

/** A certification's address part: its id or its slug. */
export const ID_OR_SLUG = /^(\d{1,10}|[a-z0-9]+(-[a-z0-9]+)*)$/;

/**
 * A pending certification is shown to its submitter and moderators only; the server render knows no one,
 * so a signed-in member's browser asks once more with the member's token.
 */
export function usePrivateCertification(requested: string | null, found: boolean) {
  const user = useCurrentUser();
  const [cert, setCert] = useState<Certification | null>(null);
  useEffect(() => {
    if (found || !user || !requested || !ID_OR_SLUG.test(requested)) return;
    const controller = new AbortController();
    api(`/api/certification/${requested}`, {
      signal: controller.signal,
      schema: __CHECK_ANSWERS__ && certificationSchema,
    }).then(setCert, () => undefined);
    return () => controller.abort();
  }, [requested, found, user]);
  return cert;
}
