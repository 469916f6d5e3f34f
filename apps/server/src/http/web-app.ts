import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite names every built asset after its content: a changed file gets a new name, so a copy never goes stale. */
export const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';
/** index.html names the current assets: browsers ask again each time (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';

/** How long a browser may keep a file of the built web app. */
export function cacheControlFor(webDist: string, filePath: string): string {
  const relative = path.relative(webDist, filePath).split(path.sep);
  return relative.length > 1 && relative[0] === 'assets' ? IMMUTABLE_ASSET : REVALIDATE;
}

/**
 * The built SPA from the same server; unknown non-API paths get index.html (history fallback).
 * The build writes brotli and gzip copies beside each asset; browsers that accept them get those.
 */
export function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    void app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The .br and .gz copies are served in place of their file, not under names of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, filePath) => reply.header('Cache-Control', cacheControlFor(webDist, filePath)),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/socket.io/');
    // A missing asset (an old build's chunk) must be a 404, not index.html served as script.
    const isAsset = req.url.startsWith('/assets/') || /\.[a-z0-9]{1,8}(\?|$)/i.test(req.url);
    if (hasWeb && !isApi && !isAsset && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
    }
    return reply.status(404).send({ msgCode: 'common.not_found', message: 'common.not_found' });
  });
}
