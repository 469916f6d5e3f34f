const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every piece of user input goes through this before it reaches mail HTML. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** Tagged template that escapes every interpolated value. */
export function html(strings: TemplateStringsArray, ...values: (string | number | SafeHtml)[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += value instanceof SafeHtml ? value.value : escapeHtml(String(value));
    out += strings[i + 1] ?? '';
  });
  return new SafeHtml(out);
}

export class SafeHtml {
  constructor(readonly value: string) {}
}

/** The frame of every Plankurier mail: a plain, table-free layout that mail clients render alike. */
export function mailLayout(title: string, body: SafeHtml, footer: string): string {
  return html`<!doctype html>
    <html>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>${title}</title>
      </head>
      <body
        style="margin:0;padding:24px;background:#f4f6f8;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933"
      >
        <div
          style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;overflow-wrap:anywhere"
        >
          <div style="font-size:20px;font-weight:700;color:#1c5fb8;margin-bottom:24px">Plankurier</div>
          ${body}
        </div>
        <p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#7b8794">${footer}</p>
      </body>
    </html>`.value;
}

export const button = (href: string, label: string) =>
  html`<p style="margin:24px 0">
    <a
      href="${href}"
      style="display:inline-block;background:#1c5fb8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600"
      >${label}</a
    >
  </p>`;
