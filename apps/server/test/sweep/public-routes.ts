import fs from 'node:fs';
import path from 'node:path';
import { api, codeFromMail, uniqueEmail } from '../api.ts';
import { expectStatus } from '../factories.ts';
import { inviteByMail } from '../team.ts';
import type { Scene } from './scene.ts';

export interface PublicCall {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A public route answers without a session: to the credential it carries (a link's token, a code,
 * the webhook secret), or to anyone (health, the API docs, the development mailbox).
 */
export interface PublicCase {
  status: number;
  /** The call as its rightful user makes it. */
  valid: (scene: Scene) => Promise<PublicCall>;
  /** The same call with a forged credential: refused with this status, nothing in the answer. */
  forged?: { status: number; call: (scene: Scene) => PublicCall };
}

const FORGED = 'F'.repeat(43);
const page = (url: string, status = 200): PublicCase => ({ status, valid: async () => ({ url }) });

/** A short-lived link the owner asks for, as the web does before it navigates. */
async function ownerLink(scene: Scene, url: string): Promise<PublicCall> {
  const res = await api(scene.server.app).post(url, {}, scene.people.owner.token);
  expectStatus(res, 200, url);
  return { url: res.json<{ url: string }>().url };
}

/** A download ticket of the recipient's page (for the whole ZIP). */
async function ticket(scene: Scene): Promise<string> {
  const res = await api(scene.server.app).post(`/api/d/${scene.recipientToken}/zip/link`);
  expectStatus(res, 200, 'ticket');
  return res.json<{ url: string }>().url;
}

export const PUBLIC_ROUTES: Record<string, PublicCase> = {
  'GET /api/health': { status: 200, valid: async () => ({ url: '/api/health' }) },
  'GET /api/health/live': page('/api/health/live'),
  'GET /api/health/ready': page('/api/health/ready'),
  'POST /api/user': {
    status: 201,
    valid: async () => ({
      url: '/api/user',
      body: { email: uniqueEmail('neu'), password: 'geheim123', firstName: 'Nina', lastName: 'Neu', company: 'Neu' },
    }),
  },
  'POST /api/signin': {
    status: 200,
    valid: async (scene) => ({
      url: '/api/signin',
      body: { email: await emailOf(scene, scene.people.admin.userId), password: 'geheim123' },
    }),
    forged: {
      status: 401,
      call: () => ({ url: '/api/signin', body: { email: uniqueEmail('niemand'), password: 'geheim123' } }),
    },
  },
  'POST /api/user/reset': {
    status: 204,
    valid: async (scene) => ({
      url: '/api/user/reset',
      body: { email: await emailOf(scene, scene.people.admin.userId) },
    }),
    forged: { status: 400, call: () => ({ url: '/api/user/reset', body: { code: FORGED, password: 'geheim12345' } }) },
  },
  'POST /api/user/validate': {
    status: 200,
    valid: async (scene) => {
      const { server } = scene;
      const res = await api(server.app).post('/api/user', {
        email: uniqueEmail('validieren'),
        password: 'geheim123',
        firstName: 'Vera',
        lastName: 'Valide',
      });
      expectStatus(res, 201, 'sign-up');
      const mail = await server.smtp.waitFor((m) => m.envelopeTo.includes(res.json<{ email: string }>().email));
      return { url: '/api/user/validate', body: { validationCode: codeFromMail(mail.parsed.text, '/user/validate') } };
    },
    forged: { status: 400, call: () => ({ url: '/api/user/validate', body: { validationCode: FORGED } }) },
  },
  'POST /api/contact/validate': {
    status: 200,
    valid: async (scene) => {
      const { server } = scene;
      const before = server.smtp.messages.length;
      expectStatus(
        await api(server.app).post(`/api/contact/validate/${scene.contact}`, {}, scene.people.owner.token),
        200,
        'contact validation',
      );
      const { email } = await server.deps.db
        .selectFrom('contact')
        .select('email')
        .where('id', '=', scene.contact)
        .executeTakeFirstOrThrow();
      const mail = await server.smtp.waitFor(
        (m) => m.envelopeTo.includes(email) && server.smtp.messages.indexOf(m) >= before,
      );
      return {
        url: '/api/contact/validate',
        body: { validationCode: codeFromMail(mail.parsed.text, '/contact/validate') },
      };
    },
    forged: { status: 400, call: () => ({ url: '/api/contact/validate', body: { validationCode: FORGED } }) },
  },
  'POST /api/mail-address/confirm': {
    status: 200,
    valid: async (scene) => {
      const { server } = scene;
      const address = uniqueEmail('kopie');
      expectStatus(
        await api(server.app).put(
          '/api/user',
          { updateType: 'UPDATE_PROFILE', bccEmail: address },
          scene.people.owner.token,
        ),
        200,
        'BCC address',
      );
      const mail = await server.smtp.waitFor((m) => m.envelopeTo.includes(address));
      return {
        url: '/api/mail-address/confirm',
        body: { code: codeFromMail(mail.parsed.text, '/mail-address/confirm') },
      };
    },
    forged: { status: 404, call: () => ({ url: '/api/mail-address/confirm', body: { code: FORGED } }) },
  },
  'GET /api/invitation/:token': {
    status: 200,
    valid: async (scene) => ({ url: `/api/invitation/${scene.invitationToken}` }),
    forged: { status: 404, call: () => ({ url: `/api/invitation/${FORGED}` }) },
  },
  'POST /api/invitation/:token/accept': {
    status: 200,
    valid: async (scene) => ({
      url: `/api/invitation/${await inviteByMail(scene.server, scene.people.owner.token, uniqueEmail('neu'))}/accept`,
      body: { password: 'geheim123', firstName: 'Nele', lastName: 'Neu' },
    }),
    forged: { status: 404, call: () => ({ url: `/api/invitation/${FORGED}/accept`, body: { password: 'geheim123' } }) },
  },
  'GET /api/invoice/:id/download': {
    status: 200,
    valid: (scene) => ownerLink(scene, `/api/invoice/${scene.invoice}/download-link`),
    forged: { status: 404, call: (scene) => ({ url: `/api/invoice/${scene.invoice}/download?token=${FORGED}` }) },
  },
  'GET /api/file/:id/download': {
    status: 200,
    valid: (scene) => ownerLink(scene, `/api/file/${scene.file}/download-link`),
    forged: { status: 404, call: (scene) => ({ url: `/api/file/${scene.file}/download?token=${FORGED}` }) },
  },
  'GET /api/print/:id/download': {
    status: 200,
    valid: (scene) => ownerLink(scene, `/api/print/${scene.print}/download-link`),
    forged: { status: 404, call: (scene) => ({ url: `/api/print/${scene.print}/download?token=${FORGED}` }) },
  },
  'GET /api/project/download/:id': {
    status: 200,
    valid: (scene) => ownerLink(scene, `/api/archive/${scene.archive}/download-link`),
    forged: {
      status: 404,
      call: (scene) => ({ url: `/api/project/download/${scene.project.id}?token=${FORGED}&pdfOnly=1` }),
    },
  },
  'GET /api/d/:token': {
    status: 200,
    valid: async (scene) => ({ url: `/api/d/${scene.recipientToken}` }),
    forged: { status: 404, call: () => ({ url: `/api/d/${FORGED}` }) },
  },
  'POST /api/d/:token/files/:fileId/link': {
    status: 200,
    valid: async (scene) => ({ url: `/api/d/${scene.recipientToken}/files/${scene.file}/link` }),
    forged: { status: 404, call: (scene) => ({ url: `/api/d/${FORGED}/files/${scene.file}/link` }) },
  },
  'GET /api/d/:token/files/:fileId/view': {
    status: 200,
    valid: async (scene) => ({ url: `/api/d/${scene.recipientToken}/files/${scene.file}/view` }),
    forged: { status: 404, call: (scene) => ({ url: `/api/d/${FORGED}/files/${scene.file}/view` }) },
  },
  'GET /api/d/:token/files/:fileId/thumbnail': {
    status: 200,
    valid: async (scene) => ({ url: `/api/d/${scene.recipientToken}/files/${scene.file}/thumbnail` }),
    forged: { status: 404, call: (scene) => ({ url: `/api/d/${FORGED}/files/${scene.file}/thumbnail` }) },
  },
  'GET /api/d/:token/files/:fileId/sheet': {
    status: 200,
    valid: async (scene) => ({ url: `/api/d/${scene.recipientToken}/files/${scene.file}/sheet` }),
    forged: { status: 404, call: (scene) => ({ url: `/api/d/${FORGED}/files/${scene.file}/sheet` }) },
  },
  'GET /api/d/:token/files/:fileId/scene': {
    status: 200,
    valid: async (scene) => ({ url: `/api/d/${scene.recipientToken}/files/${scene.drawing}/scene` }),
    forged: { status: 404, call: (scene) => ({ url: `/api/d/${FORGED}/files/${scene.drawing}/scene` }) },
  },
  'GET /api/d/:token/files/:fileId/preview': {
    status: 200,
    valid: async (scene) => ({ url: `/api/d/${scene.recipientToken}/files/${scene.drawing}/preview` }),
    forged: { status: 404, call: (scene) => ({ url: `/api/d/${FORGED}/files/${scene.drawing}/preview` }) },
  },
  'POST /api/d/:token/zip/link': {
    status: 200,
    valid: async (scene) => ({ url: `/api/d/${scene.recipientToken}/zip/link` }),
    forged: { status: 404, call: () => ({ url: `/api/d/${FORGED}/zip/link` }) },
  },
  'POST /api/d/:token/receipt': {
    status: 200,
    valid: async (scene) => ({ url: `/api/d/${scene.recipientToken}/receipt`, body: { name: 'Sweep' } }),
    forged: { status: 404, call: () => ({ url: `/api/d/${FORGED}/receipt`, body: {} }) },
  },
  'HEAD /api/d/:token/download/:ticket': {
    status: 200,
    valid: async (scene) => ({ url: await ticket(scene) }),
    forged: { status: 404, call: (scene) => ({ url: `/api/d/${scene.recipientToken}/download/${FORGED}` }) },
  },
  'GET /api/d/:token/download/:ticket': {
    status: 200,
    valid: async (scene) => ({ url: await ticket(scene) }),
    forged: { status: 404, call: (scene) => ({ url: `/api/d/${scene.recipientToken}/download/${FORGED}` }) },
  },
  'GET /api/q/:token': {
    status: 200,
    valid: async (scene) => ({ url: `/api/q/${scene.qrToken}` }),
    forged: { status: 404, call: () => ({ url: `/api/q/${FORGED}` }) },
  },
  'POST /api/hooks/bounce': {
    status: 202,
    valid: async (scene) => ({
      url: '/api/hooks/bounce',
      headers: { authorization: `Bearer ${scene.server.config.bounceWebhookSecret}` },
      body: { recipient: 'bounces+unbekannt@plankurier.local', status: '5.1.1' },
    }),
    forged: {
      status: 401,
      call: () => ({
        url: '/api/hooks/bounce',
        headers: { authorization: `Bearer ${FORGED}` },
        body: { recipient: 'bounces+unbekannt@plankurier.local', status: '5.1.1' },
      }),
    },
  },
  // The development mailbox (not registered in production).
  'GET /dev/outbox': { status: 200, valid: async () => ({ url: '/dev/outbox' }) },
  'GET /dev/outbox/:name': {
    status: 200,
    valid: async (scene) => {
      const dir = scene.server.config.outboxDir;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'sweep.eml'), 'Subject: Sweep\r\nContent-Type: text/plain\r\n\r\nHallo\r\n');
      return { url: '/dev/outbox/sweep.eml' };
    },
    forged: { status: 404, call: () => ({ url: '/dev/outbox/unbekannt.eml' }) },
  },
  // The OpenAPI pages (private by config, but hidden pages under /api/docs need no session).
  'GET /api/docs': page('/api/docs'),
  'HEAD /api/docs/': page('/api/docs/'),
  'GET /api/docs/static/index.html': page('/api/docs/static/index.html', 302),
  'GET /api/docs/static/swagger-initializer.js': page('/api/docs/static/swagger-initializer.js'),
  'GET /api/docs/json': page('/api/docs/json'),
  'GET /api/docs/yaml': page('/api/docs/yaml'),
  'GET /api/docs/static/*': page('/api/docs/static/swagger-ui.css'),
};

async function emailOf(scene: Scene, userId: string): Promise<string> {
  const { email } = await scene.server.deps.db
    .selectFrom('app_user')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return email;
}
