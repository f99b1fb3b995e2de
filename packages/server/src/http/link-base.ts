import { describeLinkBase, type LinkBase } from '@drinkflow/domain/link-base';
import type { FastifyRequest } from 'fastify';

/**
 * The base of the guest links built for this request (docs/rules/guests.md#links-that-cannot-work):
 * PUBLIC_URL when set, else the origin the request came to — its Host, and its scheme (with
 * TRUST_PROXY, X-Forwarded-Host and X-Forwarded-Proto, as Fastify reads them). A Host that makes no
 * origin gives `http://localhost`: links that cannot work, and the screens say so.
 */
export function requestLinkBase(request: FastifyRequest, publicUrl: string | undefined): LinkBase {
  if (publicUrl) return describeLinkBase(publicUrl);
  try {
    return describeLinkBase(new URL(`${request.protocol}://${request.host}`).origin);
  } catch {
    return describeLinkBase('http://localhost');
  }
}
