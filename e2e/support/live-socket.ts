import type { Page, WebSocketRoute } from '@playwright/test';

const SOCKET_IO = /\/socket\.io\//;

/**
 * The page's live connection through a route the test can cut, as a sleeping laptop or a lost
 * network would: `cut` closes the open socket and lets no new one (nor socket.io's long-polling
 * fallback) through until `restore`.
 */
export async function cuttableLiveSocket(page: Page) {
  const open: WebSocketRoute[] = [];
  let cut = false;
  await page.routeWebSocket(SOCKET_IO, (ws) => {
    if (cut) return void ws.close();
    ws.connectToServer();
    open.push(ws);
  });
  return {
    async cut() {
      cut = true;
      await page.route(SOCKET_IO, (route) => route.abort('internetdisconnected'));
      await Promise.all(open.splice(0).map((ws) => ws.close()));
    },
    async restore() {
      cut = false;
      await page.unroute(SOCKET_IO);
    },
  };
}
