import type { FastifyRequest } from 'fastify';
import { requireViewer, type Viewer } from './auth.js';
import { forbidden } from './errors.js';

/** The one ownership check: only the author edits or deletes what they wrote (403 otherwise). */
export function requireAuthor(viewer: Viewer, resource: { user_id: string }): void {
  if (resource.user_id !== viewer.id) throw forbidden();
}

/** Route hook for calls that need a session: answers 401 before the body is even validated. */
export async function sessionRequired(request: FastifyRequest): Promise<void> {
  requireViewer(request);
}
